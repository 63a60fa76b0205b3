/**
 * One plain object, two wire formats, as Subsonic servers write them: JSON as is, and XML where
 * scalars are attributes, objects are child elements, arrays are repeated elements named by their
 * key, and a `value` key is the element's text (a genre's name, a lyrics line). A TextElement is
 * a string the schema has as a child element (an artist's biography): text of its own element in
 * XML, a plain string in JSON.
 */
export type SubsonicValue = string | number | boolean | null | undefined | TextElement | SubsonicObject | SubsonicValue[];
export interface SubsonicObject {
  [key: string]: SubsonicValue;
}

export class TextElement {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  toJSON(): string {
    return this.text;
  }
}

/** A string written as a child element in XML; undefined stays undefined, so the element is left out. */
export function textElement(text: string | null | undefined): TextElement | undefined {
  return text === null || text === undefined ? undefined : new TextElement(text);
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Characters XML 1.0 cannot carry at all are dropped; the rest are escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

/** In attributes, parsers turn line breaks and tabs into spaces unless written as references. */
const escapeAttribute = (text: string) => escapeXml(text).replace(/[\t\n\r]/g, (ch) => `&#${ch.charCodeAt(0)};`);

const isScalar = (value: SubsonicValue): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function element(name: string, value: SubsonicValue, extraAttributes = ''): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (isScalar(value)) return `<${name}>${escapeXml(String(value))}</${name}>`;
  if (value instanceof TextElement) return `<${name}>${escapeXml(value.text)}</${name}>`;
  let attributes = extraAttributes;
  let children = '';
  let text = '';
  for (const [key, child] of Object.entries(value)) {
    if (child === null || child === undefined) continue;
    if (key === 'value' && isScalar(child)) text = escapeXml(String(child));
    else if (isScalar(child)) attributes += ` ${key}="${escapeAttribute(String(child))}"`;
    else children += element(key, child);
  }
  const content = text + children;
  return content ? `<${name}${attributes}>${content}</${name}>` : `<${name}${attributes}/>`;
}

export function toXml(root: string, body: SubsonicObject): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${element(root, body, ' xmlns="http://subsonic.org/restapi"')}`;
}

export function toJson(root: string, body: SubsonicObject): string {
  return JSON.stringify({ [root]: body });
}
