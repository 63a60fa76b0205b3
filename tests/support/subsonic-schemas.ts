import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';

/**
 * The published Subsonic and OpenSubsonic schemas, for checking what the server answers against
 * them rather than against our own reading. They are not part of this repository: see
 * tests/contract/subsonic-schemas/README.md for what goes where, where each comes from and its licence.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DIR = path.resolve(process.env.SUBSONIC_SCHEMAS ?? path.join(ROOT, '../shared/subsonic-schemas'));
const XSD = path.join(DIR, 'subsonic-rest-api-1.15.0.xsd');
const OPENAPI = path.join(DIR, 'opensubsonic/openapi');

export const schemasFolder = DIR;
export const schemasPresent = existsSync(XSD) && existsSync(path.join(OPENAPI, 'endpoints'));

// ---------------------------------------------------------------------------------------------
// XML: the Subsonic 1.15 XSD with the additions OpenSubsonic documents, as edits of the original
// text. Each edit names the page that documents it and fails loudly when its anchor is missing,
// so a different base file cannot be patched by accident.

const OS = 'https://opensubsonic.netlify.app/docs';

interface Edit {
  /** Where OpenSubsonic documents it. */
  doc: string;
  apply: (xsd: string) => string;
}

function replaceOnce(xsd: string, anchor: string, replacement: string): string {
  const at = xsd.indexOf(anchor);
  if (at === -1 || xsd.indexOf(anchor, at + 1) !== -1) throw new Error(`The Subsonic XSD does not hold exactly one ${anchor}`);
  return xsd.slice(0, at) + replacement + xsd.slice(at + anchor.length);
}

/** New attributes (and child elements, in any order) of a type that has only attributes. */
function extendType(type: string, doc: string, additions: { elements?: string[]; attributes?: string[] }): Edit {
  return {
    doc,
    apply: (xsd) => {
      const open = `<xs:complexType name="${type}">`;
      const start = xsd.indexOf(open);
      if (start === -1) throw new Error(`The Subsonic XSD has no type ${type}`);
      const end = xsd.indexOf('</xs:complexType>', start);
      const body = xsd.slice(start + open.length, end);
      if (/<xs:(sequence|choice|complexContent|simpleContent)/.test(body)) throw new Error(`${type} has content of its own; extend it another way`);
      const elements = additions.elements?.length ? `<xs:choice minOccurs="0" maxOccurs="unbounded">${additions.elements.join('')}</xs:choice>` : '';
      return xsd.slice(0, start) + open + elements + body + (additions.attributes ?? []).join('') + xsd.slice(end);
    },
  };
}

const attribute = (name: string, type: string, use: 'optional' | 'required' = 'optional') => `<xs:attribute name="${name}" type="${type}" use="${use}"/>`;
const elements = (name: string, type: string) => `<xs:element name="${name}" type="${type}" minOccurs="0" maxOccurs="unbounded"/>`;

const OPEN_SUBSONIC_TYPES = `
    <xs:complexType name="OpenSubsonicExtension">
        <xs:sequence><xs:element name="versions" type="xs:int" minOccurs="1" maxOccurs="unbounded"/></xs:sequence>
        <xs:attribute name="name" type="xs:string" use="required"/>
    </xs:complexType>
    <xs:complexType name="TokenInfo">
        <xs:attribute name="username" type="xs:string" use="required"/>
    </xs:complexType>
    <xs:complexType name="LyricsList">
        <xs:sequence><xs:element name="structuredLyrics" type="sub:StructuredLyrics" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
    </xs:complexType>
    <xs:complexType name="StructuredLyrics">
        <xs:sequence><xs:element name="line" type="sub:Line" minOccurs="0" maxOccurs="unbounded"/></xs:sequence>
        <xs:attribute name="lang" type="xs:string" use="required"/>
        <xs:attribute name="synced" type="xs:boolean" use="required"/>
        <xs:attribute name="displayArtist" type="xs:string" use="optional"/>
        <xs:attribute name="displayTitle" type="xs:string" use="optional"/>
        <xs:attribute name="offset" type="xs:int" use="optional"/>
    </xs:complexType>
    <xs:complexType name="Line">
        <xs:simpleContent><xs:extension base="xs:string"><xs:attribute name="start" type="xs:long" use="optional"/></xs:extension></xs:simpleContent>
    </xs:complexType>
    <xs:complexType name="ItemGenre">
        <xs:attribute name="name" type="xs:string" use="required"/>
    </xs:complexType>
`;

const EDITS: Edit[] = [
  {
    doc: `${OS}/responses/subsonic-response/`,
    apply: (xsd) =>
      replaceOnce(
        xsd,
        '<xs:attribute name="version" type="sub:Version" use="required"/>',
        `<xs:attribute name="version" type="sub:Version" use="required"/>${attribute('type', 'xs:string', 'required')}${attribute('serverVersion', 'xs:string', 'required')}${attribute('openSubsonic', 'xs:boolean', 'required')}`,
      ),
  },
  {
    doc: `${OS}/endpoints/getopensubsonicextensions/, ${OS}/endpoints/getlyricsbysongid/, ${OS}/endpoints/tokeninfo/`,
    apply: (xsd) =>
      replaceOnce(
        replaceOnce(xsd, '</xs:schema>', `${OPEN_SUBSONIC_TYPES}</xs:schema>`),
        '<xs:element name="error" type="sub:Error" minOccurs="1" maxOccurs="1"/>',
        '<xs:element name="error" type="sub:Error" minOccurs="1" maxOccurs="1"/>' +
          '<xs:element name="openSubsonicExtensions" type="sub:OpenSubsonicExtension" minOccurs="1" maxOccurs="unbounded"/>' +
          '<xs:element name="lyricsList" type="sub:LyricsList" minOccurs="1" maxOccurs="1"/>' +
          '<xs:element name="tokenInfo" type="sub:TokenInfo" minOccurs="1" maxOccurs="1"/>',
      ),
  },
  extendType('Child', `${OS}/responses/child/`, {
    elements: [elements('genres', 'sub:ItemGenre'), elements('artists', 'sub:ArtistID3'), elements('albumArtists', 'sub:ArtistID3')],
    attributes: [attribute('mediaType', 'xs:string'), attribute('displayArtist', 'xs:string'), attribute('displayAlbumArtist', 'xs:string')],
  }),
  extendType('AlbumID3', `${OS}/responses/albumid3/`, {
    elements: [elements('genres', 'sub:ItemGenre'), elements('artists', 'sub:ArtistID3'), elements('releaseTypes', 'xs:string')],
    attributes: [attribute('userRating', 'sub:UserRating'), attribute('displayArtist', 'xs:string'), attribute('isCompilation', 'xs:boolean')],
  }),
  // artistImageUrl came with Subsonic 1.16.1 and is in OpenSubsonic's Artist and ArtistID3.
  extendType('Artist', `${OS}/responses/artist/`, { attributes: [attribute('artistImageUrl', 'xs:string')] }),
  extendType('ArtistID3', `${OS}/responses/artistid3/`, { attributes: [attribute('artistImageUrl', 'xs:string')] }),
  {
    // OpenSubsonic requires only id and name of an ArtistID3 (a song's artists carry no album count).
    doc: `${OS}/responses/artistid3/`,
    apply: (xsd) => {
      const start = xsd.indexOf('<xs:complexType name="ArtistID3">');
      return xsd.slice(0, start) + replaceOnce(xsd.slice(start), '<xs:attribute name="albumCount" type="xs:int" use="required"/>', attribute('albumCount', 'xs:int'));
    },
  },
  {
    // Errata: song ids are strings, so is the queue's current song.
    doc: `${OS}/responses/playqueue/`,
    apply: (xsd) => replaceOnce(xsd, '<xs:attribute name="current" type="xs:int" use="optional"/>', attribute('current', 'xs:string')),
  },
];

let openSubsonicXsd: string | undefined;

/** The Subsonic XSD with OpenSubsonic's documented additions. */
export function subsonicXsd(): string {
  openSubsonicXsd ??= EDITS.reduce((xsd, edit) => edit.apply(xsd), readFileSync(XSD, 'utf8'));
  return openSubsonicXsd;
}

/** Validates XML answers against the schema in one run of xmllint; the errors name the answer they are in. */
export async function validateSubsonicXml(answers: { name: string; xml: string }[]): Promise<string[]> {
  const result = await validateXML({
    xml: answers.map((answer) => ({ fileName: `${answer.name}.xml`, contents: answer.xml })),
    schema: [{ fileName: 'subsonic-rest-api.xsd', contents: subsonicXsd() }],
    maxMemoryPages: 4096,
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

// ---------------------------------------------------------------------------------------------
// JSON: each endpoint's answer schema from OpenSubsonic's OpenAPI files, which refer to each
// other by relative path; every schema file is registered under its path so those references resolve.

const BASE = 'https://opensubsonic.invalid/openapi/';

function jsonFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return jsonFiles(full, `${prefix}${name}/`);
    return name.endsWith('.json') ? [`${prefix}${name}`] : [];
  });
}

let ajv: Ajv | undefined;

function openApiValidator(): Ajv {
  if (ajv) return ajv;
  // OpenAPI 3.0 schemas carry keywords JSON Schema does not know (externalDocs, example, nullable).
  ajv = new Ajv({ strict: false, allErrors: true });
  const addFormats = addFormatsModule as unknown as (instance: Ajv) => Ajv;
  addFormats(ajv);
  for (const file of jsonFiles(OPENAPI)) {
    if (file === 'openapi.json') continue;
    ajv.addSchema(JSON.parse(readFileSync(path.join(OPENAPI, file), 'utf8')), new URL(file, BASE).href);
  }
  return ajv;
}

const validators = new Map<string, ValidateFunction>();

/**
 * The JSON schema of a method's answer, as its OpenAPI operation states it; methods that answer
 * bytes on success (stream, getCoverArt) are checked against the common answer, which is what
 * they send on failure.
 */
function answerSchema(method: string): string {
  const file = `endpoints/${method}.json`;
  if (!existsSync(path.join(OPENAPI, file))) throw new Error(`OpenSubsonic documents no method ${method}`);
  const operation = JSON.parse(readFileSync(path.join(OPENAPI, file), 'utf8')).get as { responses: { '200': Record<string, unknown> } };
  let response = operation.responses['200'];
  let responseFile = file;
  if (typeof response.$ref === 'string') {
    responseFile = new URL(response.$ref, new URL(file, BASE)).href.slice(BASE.length);
    response = JSON.parse(readFileSync(path.join(OPENAPI, responseFile), 'utf8'));
  }
  const schema = (response.content as Record<string, { schema?: { $ref?: string } }> | undefined)?.['application/json']?.schema;
  if (!schema) return new URL('schemas/SubsonicResponse.json', BASE).href;
  if (!schema.$ref) throw new Error(`The answer of ${method} is not a reference to a schema file`);
  return new URL(schema.$ref, new URL(responseFile, BASE)).href;
}

/** Validates one JSON answer of a method; the errors say where in the answer they are. */
export function validateSubsonicJson(method: string, answer: unknown): string[] {
  const ajv = openApiValidator();
  let validate = validators.get(method);
  if (!validate) {
    const id = answerSchema(method);
    validate = ajv.getSchema(id);
    if (!validate) throw new Error(`No schema registered as ${id}`);
    validators.set(method, validate);
  }
  if (validate(answer)) return [];
  return (validate.errors ?? []).map((error) => `${method}: ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
}
