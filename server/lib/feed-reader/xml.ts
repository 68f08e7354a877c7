import { decodeHTMLStrict } from "entities";
import { namespaceOfPrefix } from "./namespaces.ts";

/** A child of an element, in document order: an element, or text (entities decoded, CDATA as written). */
export type XmlChild = XmlElement | string;

/** Prefix → namespace URI, as declared on an element and its ancestors ("" is the default namespace). */
type Scope = ReadonlyMap<string, string>;

const NO_DECLARATIONS: Scope = new Map();

/** One element: its names, its attributes as written, and its children in document order. */
export class XmlElement {
  readonly children: XmlChild[] = [];
  /** The element's base address (xml:base resolved up its ancestors), filled in when first asked. */
  resolvedBase: string | null | undefined = undefined;
  /** The last child is text that is only layout (so more layout need not be kept). */
  blankTail = false;

  constructor(
    /** The name as written, prefix included. */
    readonly name: string,
    /** The name without its prefix. */
    readonly local: string,
    /** The namespace URI its prefix (or the default namespace) is bound to; "" for none. */
    readonly ns: string,
    /** Attributes by their written name, values as written (decode with `attr`); null when none. */
    readonly attributes: Record<string, string> | null,
    readonly parent: XmlElement | null,
    readonly scope: Scope,
  ) {}
}

/**
 * Tags nested deeper than this are ignored (their text goes to the deepest element kept);
 * no feed nests anywhere near this.
 */
export const MAX_DEPTH = 256;

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);
const isNameEnd = (code: number) => code === 62 || code === 47 || isSpace(code);

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Where the DOCTYPE declaration starting at `start` ends (just after its `>`), internal
 * subset, comments and quoted strings skipped unread, or -1 when it never ends. Linear in
 * the input.
 */
export function doctypeEnd(xml: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start + 9; i < xml.length; i++) {
    const c = xml[i];
    if (!quote && c === "<" && xml.startsWith("<!--", i)) {
      // A comment in the internal subset may hold anything, quotes and brackets included.
      const close = xml.indexOf("-->", i + 4);
      if (close === -1) return -1;
      i = close + 2;
      continue;
    }
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

/** The namespace declarations among an element's attributes, added to its parent's. */
function scopeOf(attributes: Record<string, string> | null, parent: Scope): Scope {
  let scope: Map<string, string> | undefined;
  for (const name in attributes) {
    if (!name.startsWith("xmlns")) continue;
    const prefix = name === "xmlns" ? "" : name.startsWith("xmlns:") ? name.slice(6) : undefined;
    if (prefix === undefined) continue;
    scope ??= new Map(parent);
    scope.set(prefix, decodeXmlEntities(attributes[name] as string).trim());
  }
  return scope ?? parent;
}

function openElement(
  name: string,
  attributes: Record<string, string> | null,
  declares: boolean,
  parent: XmlElement,
): XmlElement {
  const scope = declares ? scopeOf(attributes, parent.scope) : parent.scope;
  const colon = name.indexOf(":");
  if (colon === -1) return new XmlElement(name, name, scope.get("") ?? "", attributes, parent, scope);
  const prefix = name.slice(0, colon);
  const ns = scope.get(prefix) ?? namespaceOfPrefix(prefix);
  return new XmlElement(name, name.slice(colon + 1), ns, attributes, parent, scope);
}

function addText(element: XmlElement, text: string): void {
  const children = element.children;
  const last = children.length - 1;
  const blank = isBlank(text);
  if (last < 0 || typeof children[last] !== "string") {
    children.push(text);
    element.blankTail = blank;
  } else if (!blank) {
    children[last] += text;
    element.blankTail = false;
  } else if (!element.blankTail) {
    children[last] += text;
  }
  // Layout after layout is dropped: between items let go as they close, it would pile up.
}

export type XmlReadOptions = {
  /**
   * Called as each element closes, its children complete. Returning false leaves it out of
   * its parent: a feed reader turns each item into what it needs and lets the item's
   * elements go, so a feed of 100,000 items never holds them all at once.
   */
  onClose?: (element: XmlElement) => boolean;
};

/**
 * A small, forgiving XML reader made for feeds: one pass with indexOf, no recursion, no
 * DTD processing (a DOCTYPE in the prolog is skipped unread) and no entity expansion beyond
 * XML's five, numeric references and HTML's fixed named references. Elements keep their
 * text and children in document order and know their namespace URI, so a feed is matched
 * by namespace whatever prefixes it uses. Unclosed elements are closed at the end, stray
 * end tags ignored, so a truncated feed still yields what came before the cut. Returns a
 * document element whose children are the top-level elements.
 */
export function parseXml(xml: string, options: XmlReadOptions = {}): XmlElement {
  const document = new XmlElement("#document", "#document", "", null, null, NO_DECLARATIONS);
  const onClose = options.onClose;
  const stack: XmlElement[] = [document];
  // How many elements of each name are open: an end tag nothing opened is dropped at once,
  // instead of searching the stack (which hostile input could make quadratic).
  const open = new Map<string, number>();
  let sawElement = false;
  const pop = () => {
    const element = stack.pop() as XmlElement;
    open.set(element.name, (open.get(element.name) ?? 1) - 1);
    if (onClose === undefined || onClose(element)) (stack[stack.length - 1] as XmlElement).children.push(element);
  };
  let i = 0;
  const length = xml.length;
  while (i < length) {
    const lt = xml.indexOf("<", i);
    const top = stack[stack.length - 1] as XmlElement;
    if (lt === -1) {
      if (stack.length > 1) addText(top, decodeXmlEntities(xml.slice(i)));
      break;
    }
    if (lt > i && stack.length > 1) addText(top, decodeXmlEntities(xml.slice(i, lt)));
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (xml.startsWith("<![CDATA[", lt)) {
        const close = xml.indexOf("]]>", lt + 9);
        if (stack.length > 1) addText(top, xml.slice(lt + 9, close === -1 ? length : close));
        i = close === -1 ? length : close + 3;
      } else if (xml.startsWith("<!--", lt)) {
        const close = xml.indexOf("-->", lt + 4);
        i = close === -1 ? length : close + 3;
      } else if (!sawElement && /^<!doctype/i.test(xml.slice(lt, lt + 9))) {
        // DTDs are where external entities and entity bombs live; a feed never needs one.
        const end = doctypeEnd(xml, lt);
        if (end === -1) throw new Error("Unterminated DOCTYPE declaration");
        i = end;
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
        while ((stack[stack.length - 1] as XmlElement).name !== name) pop();
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
      if (stack.length > 1) addText(top, "<");
      i = lt + 1;
      continue;
    }
    let attributes: Record<string, string> | null = null;
    let declares = false;
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
      if (code === 47 || isSpace(code)) {
        j++;
        continue;
      }
      let k = j;
      while (k < length) {
        const c = xml.charCodeAt(k);
        if (c === 61 /* = */ || c === 62 || c === 47 || isSpace(c)) break;
        k++;
      }
      const attribute = xml.slice(j, k);
      while (k < length && isSpace(xml.charCodeAt(k))) k++;
      let value = "";
      if (xml.charCodeAt(k) === 61) {
        k++;
        while (k < length && isSpace(xml.charCodeAt(k))) k++;
        const quote = xml.charCodeAt(k);
        if (quote === 34 || quote === 39) {
          const close = xml.indexOf(quote === 34 ? '"' : "'", k + 1);
          const end = close === -1 ? length : close;
          value = xml.slice(k + 1, end);
          k = close === -1 ? length : close + 1;
        } else {
          const start = k;
          while (k < length && xml.charCodeAt(k) !== 62 && !isSpace(xml.charCodeAt(k))) k++;
          value = xml.slice(start, k);
        }
      }
      if (attribute) {
        attributes ??= Object.create(null) as Record<string, string>;
        attributes[attribute] = value;
        if (attribute.startsWith("xmlns")) declares = true;
      }
      j = Math.max(k, j + 1);
    }
    i = j;
    if (stack.length > MAX_DEPTH) continue;
    sawElement = true;
    const element = openElement(name, attributes, declares, top);
    stack.push(element);
    open.set(name, (open.get(name) ?? 0) + 1);
    if (selfClosing) pop();
  }
  while (stack.length > 1) pop();
  return document;
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
const REFERENCE = /&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g;

/**
 * Decodes XML's five entities, numeric character references and, as forgiving readers
 * do for feeds that use them undeclared, HTML's named references (`&nbsp;`, `&eacute;`).
 * These all stand for fixed characters; any other `&name;` is left as written (no DTD is
 * ever read, so a feed cannot define one). References to characters XML cannot hold
 * (NUL, half a surrogate pair) are left as written too.
 */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(REFERENCE, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name] ?? decodeHTMLStrict(whole);
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** The element children of an element, in document order. */
export function elementsOf(element: XmlElement | undefined): XmlElement[] {
  if (element === undefined) return [];
  const found: XmlElement[] = [];
  for (const node of element.children) if (typeof node !== "string") found.push(node);
  return found;
}

/** A namespace URI, or a set of them (a format known under several). */
export type Namespaces = string | ReadonlySet<string>;

const inNamespace = (element: XmlElement, ns: Namespaces) =>
  typeof ns === "string" ? element.ns === ns : ns.has(element.ns);

/** The first child element with this local name in this namespace (or set of namespaces). */
export function child(element: XmlElement | undefined, ns: Namespaces, local: string): XmlElement | undefined {
  if (element === undefined) return undefined;
  for (const node of element.children) {
    if (typeof node !== "string" && node.local === local && inNamespace(node, ns)) return node;
  }
  return undefined;
}

/** Every child element with this local name in this namespace (or set of namespaces). */
export function childrenNamed(element: XmlElement | undefined, ns: Namespaces, local: string): XmlElement[] {
  if (element === undefined) return [];
  const found: XmlElement[] = [];
  for (const node of element.children) {
    if (typeof node !== "string" && node.local === local && inNamespace(node, ns)) found.push(node);
  }
  return found;
}

/** An attribute's decoded value, by its written name (`url`, `href`; `xml:base`, whose prefix is fixed). */
export function attr(element: XmlElement | undefined, name: string): string | undefined {
  const raw = element?.attributes?.[name];
  return raw === undefined ? undefined : decodeXmlEntities(raw);
}

/** A namespaced attribute's decoded value (RDF's `about` under whatever prefix the feed binds). */
export function attrNs(element: XmlElement | undefined, ns: string, local: string): string | undefined {
  if (element?.attributes == null) return undefined;
  for (const name in element.attributes) {
    const colon = name.indexOf(":");
    if (colon === -1 || name.slice(colon + 1) !== local) continue;
    const prefix = name.slice(0, colon);
    if ((element.scope.get(prefix) ?? namespaceOfPrefix(prefix)) === ns) return attr(element, name);
  }
  return undefined;
}

/** All the text inside an element, its descendants' included, in document order. */
export function textContent(element: XmlElement): string {
  const children = element.children;
  if (children.length === 1 && typeof children[0] === "string") return children[0];
  let out = "";
  for (const node of children) out += typeof node === "string" ? node : textContent(node);
  return out;
}

/** An element's text, trimmed; undefined when it has none. */
export function textOf(element: XmlElement | undefined): string | undefined {
  if (element === undefined) return undefined;
  const text = textContent(element).trim();
  return text === "" ? undefined : text;
}
