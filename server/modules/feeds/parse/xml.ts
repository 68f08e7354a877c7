export type XmlNode = string | { [key: string]: XmlValue };
export type XmlValue = XmlNode | XmlNode[] | undefined;

const TEXT = "#text";
const CDATA = "#cdata";

/**
 * Removes a DOCTYPE declaration, internal subset included, before parsing: DTDs are where
 * external entities and entity bombs live, and a feed never needs one. Linear in the input.
 */
export function stripDoctype(xml: string): string {
  const start = xml.search(/<!DOCTYPE/i);
  // A DOCTYPE only counts in the prolog, before the first element; later it is content.
  if (start === -1 || /<[A-Za-z_]/.test(xml.slice(0, start))) return xml;
  const end = doctypeEnd(xml, start);
  if (end === -1) throw new Error("Unterminated DOCTYPE declaration");
  return xml.slice(0, start) + xml.slice(end);
}

/**
 * Where the DOCTYPE declaration starting at `start` ends (just after its `>`), internal
 * subset and quoted strings skipped unread, or -1 when it never ends. Linear in the input.
 */
export function doctypeEnd(xml: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start + 9; i < xml.length; i++) {
    const c = xml[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "[") {
      depth++;
    } else if (c === "]") {
      depth = Math.max(0, depth - 1);
    } else if (c === ">" && depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

type Element = { name: string; node: { [key: string]: XmlValue }; text: string };

function addChild(parent: Element["node"], name: string, value: XmlNode): void {
  const existing = parent[name];
  if (existing === undefined) parent[name] = value;
  else if (Array.isArray(existing)) existing.push(value);
  else parent[name] = [existing, value];
}

/** Closes an element: one with only text and no attributes collapses to its text. */
function finish(element: Element): XmlNode {
  // Whitespace between child elements is layout, not content.
  const text = element.text.trim() === "" ? "" : element.text;
  if (Object.keys(element.node).length === 0) return text.trim();
  if (text) element.node[TEXT] = text;
  return element.node;
}

/** Deeper elements are read as text of their parent; no feed nests anywhere near this. */
export const MAX_DEPTH = 256;

const isNameEnd = (code: number) => code === 32 || code === 62 || code === 47 || (code >= 9 && code <= 13);

/**
 * A small, forgiving XML reader made for feeds: one pass with indexOf, no recursion, no
 * DTD processing and no entity expansion (text is returned as written; attributes too).
 * Unclosed elements are closed at the end, stray end tags ignored, so a truncated feed
 * still yields what came before the cut. Returns `{ rootName: node }`; repeated child
 * elements become arrays, attributes are `@_name`, CDATA sections `#cdata`.
 */
export function parseXml(input: string): Record<string, XmlValue> {
  const xml = stripDoctype(input);
  const document: Element = { name: "#document", node: {}, text: "" };
  const stack: Element[] = [document];
  // How many elements of each name are open: an end tag nothing opened is dropped at once,
  // instead of searching the stack (which hostile input could make quadratic).
  const open = new Map<string, number>();
  const push = (element: Element) => {
    stack.push(element);
    open.set(element.name, (open.get(element.name) ?? 0) + 1);
  };
  const pop = () => {
    const element = stack[stack.length - 1] as Element;
    open.set(element.name, (open.get(element.name) ?? 1) - 1);
    closeTop(stack);
  };
  let i = 0;
  const length = xml.length;
  while (i < length) {
    const lt = xml.indexOf("<", i);
    const top = stack[stack.length - 1] as Element;
    if (lt === -1) {
      if (stack.length > 1) top.text += xml.slice(i);
      break;
    }
    if (lt > i && stack.length > 1) top.text += xml.slice(i, lt);
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (xml.startsWith("<![CDATA[", lt)) {
        const close = xml.indexOf("]]>", lt + 9);
        const end = close === -1 ? length : close;
        if (stack.length > 1) addChild(top.node, CDATA, xml.slice(lt + 9, end));
        i = close === -1 ? length : close + 3;
      } else if (xml.startsWith("<!--", lt)) {
        const close = xml.indexOf("-->", lt + 4);
        i = close === -1 ? length : close + 3;
      } else {
        const close = xml.indexOf(">", lt + 2);
        i = close === -1 ? length : close + 1;
      }
      continue;
    }
    if (next === 63 /* ? */) {
      const close = xml.indexOf("?>", lt + 2);
      i = close === -1 ? length : close + 2;
      continue;
    }
    if (next === 47 /* / */) {
      const close = xml.indexOf(">", lt + 2);
      const name = xml.slice(lt + 2, close === -1 ? length : close).trim();
      // Close up to the matching element; an end tag nothing opened is ignored.
      if ((open.get(name) ?? 0) > 0) {
        while ((stack[stack.length - 1] as Element).name !== name) pop();
        pop();
      }
      i = close === -1 ? length : close + 1;
      continue;
    }
    // A start tag: its name, then attributes up to ">" or "/>".
    let j = lt + 1;
    while (j < length && !isNameEnd(xml.charCodeAt(j))) j++;
    const name = xml.slice(lt + 1, j);
    if (name === "") {
      if (stack.length > 1) top.text += "<";
      i = lt + 1;
      continue;
    }
    const element: Element = { name, node: {}, text: "" };
    let selfClosing = false;
    while (j < length) {
      const code = xml.charCodeAt(j);
      if (code === 62 /* > */) {
        j++;
        break;
      }
      if (code === 47 /* / */ && xml.charCodeAt(j + 1) === 62) {
        selfClosing = true;
        j += 2;
        break;
      }
      if (code === 32 || (code >= 9 && code <= 13) || code === 47) {
        j++;
        continue;
      }
      let k = j;
      while (k < length) {
        const c = xml.charCodeAt(k);
        if (c === 61 /* = */ || c === 62 || c === 47 || c === 32 || (c >= 9 && c <= 13)) break;
        k++;
      }
      const attribute = xml.slice(j, k);
      while (k < length && (xml.charCodeAt(k) === 32 || (xml.charCodeAt(k) >= 9 && xml.charCodeAt(k) <= 13))) k++;
      let value = "";
      if (xml.charCodeAt(k) === 61) {
        k++;
        while (k < length && (xml.charCodeAt(k) === 32 || (xml.charCodeAt(k) >= 9 && xml.charCodeAt(k) <= 13))) k++;
        const quote = xml.charCodeAt(k);
        if (quote === 34 || quote === 39) {
          const close = xml.indexOf(quote === 34 ? '"' : "'", k + 1);
          const end = close === -1 ? length : close;
          value = xml.slice(k + 1, end);
          k = close === -1 ? length : close + 1;
        } else {
          const start = k;
          while (k < length && xml.charCodeAt(k) !== 62 && xml.charCodeAt(k) !== 32) k++;
          value = xml.slice(start, k);
        }
      }
      if (attribute) element.node[`@_${attribute}`] = value;
      j = Math.max(k, j + 1);
    }
    i = j;
    if (selfClosing) addChild(top.node, name, finish(element));
    else if (stack.length <= MAX_DEPTH) push(element);
  }
  while (stack.length > 1) pop();
  return document.node;
}

function closeTop(stack: Element[]): void {
  const element = stack.pop() as Element;
  addChild((stack[stack.length - 1] as Element).node, element.name, finish(element));
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/**
 * Decodes the five predefined XML entities and numeric character references; leaves any
 * other `&name;` as written (HTML named entities are decoded later, as HTML).
 */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name] as string;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

export function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element: its entity-decoded text and its CDATA sections, as written. */
export function textOf(value: XmlValue): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === undefined) return undefined;
  if (typeof node === "string") return decodeXmlEntities(node);
  const parts: string[] = [];
  const text = node[TEXT];
  if (typeof text === "string") parts.push(decodeXmlEntities(text));
  for (const section of asArray(node[CDATA])) {
    const raw = typeof section === "string" ? section : section?.[TEXT];
    if (typeof raw === "string") parts.push(raw);
  }
  const joined = parts.join("").trim();
  return joined === "" ? undefined : joined;
}

/** An attribute's decoded value. */
export function attr(value: XmlValue, name: string): string | undefined {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === undefined || typeof node === "string") return undefined;
  const raw = node[`@_${name}`];
  return typeof raw === "string" ? decodeXmlEntities(raw) : undefined;
}

/** A child element (first, when repeated), or undefined. */
export function child(value: XmlValue, name: string): XmlValue {
  const node = Array.isArray(value) ? value[0] : value;
  if (node === undefined || typeof node === "string") return undefined;
  return node[name];
}

/**
 * All the text inside an element, its descendants' included (Atom's `type="xhtml"`
 * content is markup written as XML). Text and child elements are joined in document
 * order per element, text last; good enough for the paragraphs such content holds.
 */
export function deepTextOf(value: XmlValue): string | undefined {
  const parts: string[] = [];
  const pending: XmlValue[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    for (const node of asArray(current as XmlNode | XmlNode[])) {
      if (typeof node === "string") {
        parts.push(decodeXmlEntities(node));
        continue;
      }
      const own = textOf(node);
      const children = Object.entries(node).filter(([key]) => !key.startsWith("@_") && key !== TEXT && key !== CDATA);
      // Children are visited later (stack), so push them in reverse to keep their order.
      if (own) parts.push(own);
      for (const [, child] of children.reverse()) pending.push(child);
    }
  }
  const joined = parts.join(" ").replace(/\s+/g, " ").trim();
  return joined === "" ? undefined : joined;
}
