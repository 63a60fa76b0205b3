// @vitest-environment happy-dom
import { afterEach, expect, it } from 'vitest';
import { currentUserId } from './current-user.ts';
import { pageBootstrap } from './page-bootstrap.ts';

/**
 * Issue 10, point 6: page content that comes before the site's data block and carries its id
 * (`<p id="be-bootstrap">` in a custom page) must not be read as the page's data. The sanitizer
 * prefixes such ids; this is the second line, should content ever keep one.
 */
const siteData = { user: null, settings: { base_url: 'http://localhost' }, i18n: { language: 'en', lines: { Like: 'Like' } } };

afterEach(() => {
  document.body.innerHTML = '';
});

it('reads the JSON data block even when page content above it carries the same id', () => {
  document.body.innerHTML = [
    '<main>',
    '<p id="be-bootstrap">{"user":{"id":1},"i18n":{"language":"en","lines":{"Like":"Send me your password"}}}</p>',
    '<form id="be-bootstrap"><input name="textContent" value=\'{"user":{"id":1}}\'></form>',
    '</main>',
    `<script type="application/json" id="be-bootstrap">${JSON.stringify(siteData)}</script>`,
  ].join('');

  expect(pageBootstrap()).toEqual(siteData);
  // A visitor stays a visitor: the content's `"user":{"id":1}` is not taken for a login.
  expect(currentUserId()).toBeNull();
});

it('gives nothing, rather than the content, when the data block is broken', () => {
  document.body.innerHTML = '<p id="be-bootstrap">{"user":{"id":1}}</p><script type="application/json" id="be-bootstrap">{broken</script>';
  expect(pageBootstrap()).toEqual({});
  expect(currentUserId()).toBeNull();
});
