import { XMLBuilder } from 'fast-xml-parser';

/**
 * One plain object (an answer of responses.ts), two wire formats, as Subsonic servers write them:
 * JSON as is, and XML where scalars are attributes, objects are child elements, arrays are repeated
 * elements named by their key, and a `value` key is the element's text (a genre's name, a lyrics
 * line). A TextElement is a string the schema has as a child element (an artist's biography): text
 * of its own element in XML, a plain string in JSON.
 */

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

/** Characters XML 1.0 cannot carry at all are dropped (the builder would write them as they are); the rest are escaped. */
function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]);
}

/** In attributes, parsers turn line breaks and tabs into spaces unless written as references. */
const escapeAttribute = (text: string) => escapeXml(text).replace(/[\t\n\r]/g, (ch) => `&#${ch.charCodeAt(0)};`);

const ATTRIBUTE = '@_';
const TEXT = '#text';

// Escaping is ours (processEntities off): the builder neither drops what XML cannot carry nor keeps
// line breaks in attributes. Booleans are written out ("true"), as the schema's xs:boolean wants.
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
  processEntities: false,
  tagValueProcessor: (_name, value) => escapeXml(String(value)),
  attributeValueProcessor: (_name, value) => escapeAttribute(String(value)),
});

type BuilderNode = string | number | boolean | BuilderObject | BuilderNode[];
interface BuilderObject {
  [key: string]: BuilderNode;
}

const isScalar = (value: unknown): value is string | number | boolean => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** Nested lists repeat the element like a flat one. */
const flatten = (list: unknown[]): unknown[] => list.flatMap((item) => (Array.isArray(item) ? flatten(item) : [item]));

/** Our object in the builder's shape: scalars become attributes, `value` the text, the rest child elements. */
function builderNode(value: unknown): BuilderNode | undefined {
  if (value === null || value === undefined) return undefined;
  if (isScalar(value)) return value;
  if (value instanceof TextElement) return value.text;
  if (Array.isArray(value)) return flatten(value).map(builderNode).filter((item) => item !== undefined);
  // Functions and the like have no wire form; JSON leaves them out too.
  if (typeof value !== 'object') return undefined;
  const node: BuilderObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'value' && isScalar(child)) node[TEXT] = child;
    else if (isScalar(child)) node[ATTRIBUTE + key] = child;
    else {
      const built = builderNode(child);
      if (built !== undefined) node[key] = built;
    }
  }
  return node;
}

export function toXml(root: string, body: object): string {
  const node = { [`${ATTRIBUTE}xmlns`]: 'http://subsonic.org/restapi', ...(builderNode(body) as BuilderObject) };
  return `<?xml version="1.0" encoding="UTF-8"?>${builder.build({ [root]: node })}`;
}

export function toJson(root: string, body: object): string {
  return JSON.stringify({ [root]: body });
}
