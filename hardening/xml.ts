/**
 * A strict reader for the XML Gemwire publishes (RSS, OPML): it refuses what an XML
 * parser must refuse (unbalanced or crossed elements, a bare `&` or `<` in text, an
 * unknown entity, an unquoted or repeated attribute, characters XML 1.0 forbids, a DTD),
 * and returns the elements with their text and attributes decoded — what a feed reader
 * gets. Deliberately independent of the product's own forgiving feed parser.
 */
export type XmlElement = { name: string; attributes: Record<string, string>; text: string; children: XmlElement[] };

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const FORBIDDEN_CHARACTER = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

export class XmlError extends Error {}

function decode(raw: string, at: number): string {
  if (raw.includes("<")) throw new XmlError(`a bare < at ${at}`);
  return raw.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined) throw new XmlError(`a bare & at ${at}`);
    if (name in ENTITIES) return ENTITIES[name] as string;
    const code = /^#x([0-9a-f]+)$/i.test(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#\d+$/.test(name)
        ? Number(name.slice(1))
        : Number.NaN;
    if (Number.isNaN(code)) throw new XmlError(`an unknown entity ${whole} at ${at}`);
    const char = String.fromCodePoint(code);
    if (FORBIDDEN_CHARACTER.test(char)) throw new XmlError(`a character XML forbids (${whole}) at ${at}`);
    return char;
  });
}

/** The document's root element; throws XmlError on anything that is not well-formed. */
export function readXml(xml: string): XmlElement {
  const forbidden = FORBIDDEN_CHARACTER.exec(xml);
  if (forbidden) throw new XmlError(`a character XML forbids (U+${forbidden[0].codePointAt(0)?.toString(16)})`);
  const root: XmlElement = { name: "#document", attributes: {}, text: "", children: [] };
  const stack = [root];
  let i = xml.startsWith("<?xml") ? xml.indexOf("?>") + 2 : 0;
  if (i === 1) throw new XmlError("an unclosed XML declaration");
  while (i < xml.length) {
    const top = stack[stack.length - 1] as XmlElement;
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    if (stack.length === 1 ? text.trim() !== "" : false) throw new XmlError(`text outside the root at ${i}`);
    top.text += decode(text, i);
    if (lt === -1) break;
    if (xml.startsWith("<![CDATA[", lt)) {
      const end = xml.indexOf("]]>", lt);
      if (end === -1 || stack.length === 1) throw new XmlError(`a misplaced or unclosed CDATA section at ${lt}`);
      top.text += xml.slice(lt + 9, end);
      i = end + 3;
    } else if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt);
      if (end === -1 || xml.slice(lt + 4, end).includes("--")) throw new XmlError(`a broken comment at ${lt}`);
      i = end + 3;
    } else if (xml.startsWith("<!", lt) || xml.startsWith("<?", lt)) {
      throw new XmlError(`a declaration or instruction Gemwire never writes at ${lt}`);
    } else if (xml.startsWith("</", lt)) {
      const end = xml.indexOf(">", lt);
      const name = xml.slice(lt + 2, end).trim();
      if (end === -1 || name !== top.name || stack.length === 1)
        throw new XmlError(`</${name}> closes <${top.name}> at ${lt}`);
      stack.pop();
      i = end + 1;
    } else {
      const name = NAME.exec(xml.slice(lt + 1))?.[0];
      if (!name) throw new XmlError(`a bare < at ${lt}`);
      if (stack.length === 1 && root.children.length > 0) throw new XmlError(`a second root <${name}> at ${lt}`);
      const element: XmlElement = { name, attributes: {}, text: "", children: [] };
      let at = lt + 1 + name.length;
      for (;;) {
        const rest = xml.slice(at);
        const space = /^\s*/.exec(rest)?.[0].length ?? 0;
        if (rest.startsWith(">", space) || rest.startsWith("/>", space)) {
          at += space;
          break;
        }
        const attribute = /^(\s+)([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(rest);
        if (!attribute) throw new XmlError(`a malformed attribute in <${name}> at ${at}`);
        const attributeName = attribute[2] as string;
        if (attributeName in element.attributes) throw new XmlError(`a repeated attribute ${attributeName} at ${at}`);
        element.attributes[attributeName] = decode(attribute[3] ?? attribute[4] ?? "", at);
        at += attribute[0].length;
      }
      top.children.push(element);
      if (xml.startsWith("/>", at)) i = at + 2;
      else {
        stack.push(element);
        i = at + 1;
      }
    }
  }
  if (stack.length > 1) throw new XmlError(`<${stack[stack.length - 1]?.name}> is never closed`);
  const [document] = root.children;
  if (!document) throw new XmlError("no root element");
  return document;
}

/** Every element of the tree, the root first. */
export function* elementsOf(element: XmlElement): Generator<XmlElement> {
  yield element;
  for (const child of element.children) yield* elementsOf(child);
}
