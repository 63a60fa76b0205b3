import { describe, expect, it } from 'vitest';
import { codeSourcesOf, scriptHashSource } from './trusted-code.service.ts';

const SITE = 'https://music.example.com';

describe('scripts in admin-written code', () => {
  it('hashes inline scripts as the browser does, line endings normalised', () => {
    expect(scriptHashSource('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(scriptHashSource('a();\r\nb();\rc();')).toBe(scriptHashSource('a();\nb();\nc();'));
    expect(codeSourcesOf('<p>Ad</p>\r\n<SCRIPT type="text/javascript">alert(1)</SCRIPT >', SITE).scriptHashes).toEqual([scriptHashSource('alert(1)')]);
  });

  it('reads a script up to its end tag, whatever its attributes hold', () => {
    const sources = codeSourcesOf('<script data-note="a > b" async>var s = "<b>";</script><script>\n  two()\n</script/>', SITE);
    expect(sources.scriptHashes).toEqual([scriptHashSource('var s = "<b>";'), scriptHashSource('\n  two()\n')]);
    // An unclosed script runs to the end of the code.
    expect(codeSourcesOf('<script>last()', SITE).scriptHashes).toEqual([scriptHashSource('last()')]);
    // Markup inside a script is its text, not elements.
    expect(codeSourcesOf('<script>document.write(\'<iframe src="https://x.example">\')</script>', SITE).frameOrigins).toEqual([]);
  });

  it('names the hosts of external scripts, frames and style sheets of other sites', () => {
    const sources = codeSourcesOf(
      [
        '<script async src="https://pagead2.example.com/js/ads.js?client=ca-1&amp;x=1" crossorigin="anonymous"></script>',
        "<script src='//cdn.example.org:8443/a.js'></script>",
        '<script src=/assets/local.js></script>',
        `<script src="${SITE}/same-site.js"></script>`,
        '<script src="javascript:alert(1)"></script>',
        '<iframe width="300" src="https://frames.example.net/ad"></iframe>',
        '<link rel="preconnect" href="https://preconnect.example"><link rel="stylesheet" href="https://styles.example/ad.css">',
      ].join('\n'),
      SITE,
    );
    expect(sources).toEqual({
      scriptHashes: [],
      scriptOrigins: ['https://pagead2.example.com', 'https://cdn.example.org:8443'],
      frameOrigins: ['https://frames.example.net'],
      styleOrigins: ['https://styles.example'],
    });
  });
});
