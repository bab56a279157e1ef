// The XML reader for service answers (backDataType xml), on fast-xml-parser: elements become object
// keys, repeated elements arrays, text content strings (never numbers: "007" stays "007"); attributes
// are kept under "@name", an element with attributes and text keeps the text under "#text"; CDATA is
// text taken as written; the predefined, numeric and HTML entities are decoded. Namespace prefixes
// are kept as written ("soap:Body"); pick() in caller.ts also finds them by their local name.
// A document with a DTD internal subset (<!DOCTYPE x [...]>, <!ENTITY) is refused: no service answer
// needs one, and it is the door to entity expansion attacks.
import { createRequire } from 'node:module';
import type { XMLParser } from 'fast-xml-parser';

type Node = { [k: string]: unknown };

type Fxp = typeof import('fast-xml-parser');
let loaded: { parser: XMLParser; validator: Fxp['XMLValidator'] } | undefined;
/**
 * The parser, made with the first XML answer: only services answering XML need it, so it is not
 * loaded at boot (memory); required synchronously, so parseXml stays a plain function.
 */
function reader(): NonNullable<typeof loaded> {
  if (!loaded) {
    const { XMLParser, XMLValidator } = createRequire(import.meta.url)('fast-xml-parser') as Fxp;
    loaded = { parser: new XMLParser(OPTIONS), validator: XMLValidator };
  }
  return loaded;
}

const OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: true,
};

export function parseXml(xml: string): Node {
  const src = xml.replace(/^\uFEFF/, '').trim();
  if (/<!DOCTYPE[^>[]*\[|<!ENTITY/i.test(src)) throw new Error('a DTD internal subset is not accepted');
  const { parser, validator } = reader();
  const valid = validator.validate(src);
  if (valid !== true) throw new Error(`malformed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`);
  const root = parser.parse(src) as Node;
  if (!Object.keys(root).length) throw new Error('no element');
  // the document element's content is the answer (like most XML-to-map readers)
  const [only] = Object.values(root);
  return only && typeof only === 'object' && !Array.isArray(only) ? (only as Node) : root;
}
