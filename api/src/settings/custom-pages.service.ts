import type { CustomPageRow, Db } from '@app/db';
import * as customPagesRepository from '@app/db/settings/custom-pages';
import type { IOptions } from 'sanitize-html';
import { notFound } from '../common/errors.ts';

/**
 * What a custom page's HTML may hold: text formatting, headings, lists, links, images and tables
 * from the back office's rich editor. No scripts, style sheets, frames, forms or event handlers; links
 * and images only to http(s), mail and site addresses.
 */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

/**
 * Ids in page content are prefixed, as GitHub does with READMEs: an element of the page must not
 * take an id the site's own markup or scripts use (`be-bootstrap`, `main`...), which would let
 * content shadow them. Links to a fragment of the page follow the renamed element. Applying the
 * prefix twice changes nothing, since bodies are cleaned when saved and again when shown.
 */
const ID_PREFIX = 'user-content-';
const prefixed = (id: string) => (id.startsWith(ID_PREFIX) ? id : ID_PREFIX + id);

const OPTIONS: IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'strong', 'b', 'em', 'i', 'u', 's', 'mark', 'sub', 'sup',
    'small', 'span', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['id', 'style'],
  },
  // The editor's alignment and colour buttons write inline styles; only those survive.
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [COLOR],
      'background-color': [COLOR],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      const result = { ...attribs };
      if (result.id) result.id = prefixed(result.id);
      if (tagName === 'a') {
        if (result.href?.startsWith('#') && result.href.length > 1) result.href = `#${prefixed(result.href.slice(1))}`;
        // A page opened from a link must not be able to script its opener.
        if (result.target === '_blank') result.rel = 'noopener noreferrer';
      }
      return { tagName, attribs: result };
    },
  },
};

export async function sanitizePageHtml(html: string): Promise<string> {
  // Loaded with the first custom page shown or saved, not at start (some 2 MB of memory with its HTML and CSS parsers).
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, OPTIONS).trim();
}

export interface CustomPageResource {
  id: number;
  title: string;
  slug: string;
  body: string;
  type: string;
  created_at: string;
  updated_at: string;
}

export async function presentCustomPage(page: CustomPageRow): Promise<CustomPageResource> {
  // Cleaned again on the way out: a body written to the database by other means is not trusted either.
  return { id: page.id, title: page.title, slug: page.slug, body: await sanitizePageHtml(page.body), type: page.type, created_at: page.created_at, updated_at: page.updated_at };
}

export async function getCustomPage(db: Db, idOrSlug: string): Promise<CustomPageResource> {
  const page = await customPagesRepository.findCustomPage(db, idOrSlug);
  if (!page) throw notFound('This page does not exist.');
  return presentCustomPage(page);
}
