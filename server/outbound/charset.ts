/**
 * Turns a fetched body into text: the charset from the HTTP header, else a byte-order
 * mark or the XML declaration, else UTF-8 when the bytes are valid UTF-8, else
 * windows-1252 (what "ISO-8859-1" means on the web). Unknown labels are ignored.
 */
export function decodeText(body: Uint8Array, contentType?: string | null): string {
  const encoding = fromBom(body) ?? supported(fromContentType(contentType)) ?? supported(fromXmlDeclaration(body));
  if (encoding === undefined) return utf8OrWindows1252(body);
  return encoding === "windows-1252" ? decodeWindows1252(body) : new TextDecoder(encoding).decode(body);
}

/** Unlabelled: UTF-8 when the bytes are valid UTF-8 (decoded once: bodies run to 15 MiB), else windows-1252. */
function utf8OrWindows1252(body: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return decodeWindows1252(body);
  }
}

// Node 20's TextDecoder decodes windows-1252 as ISO-8859-1, leaving 0x80–0x9F as C1
// controls; these are the characters those bytes stand for (undefined ones stay as is).
const WINDOWS_1252_HIGH =
  "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f" +
  "\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178";

function decodeWindows1252(body: Uint8Array): string {
  const text = new TextDecoder("latin1").decode(body);
  return text.replace(/[\x80-\x9f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80] as string);
}

function fromContentType(contentType?: string | null): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "");
  return match?.[1];
}

function fromBom(body: Uint8Array): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  return undefined;
}

function fromXmlDeclaration(body: Uint8Array): string | undefined {
  const head = new TextDecoder("latin1").decode(body.subarray(0, 1024));
  const match = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return match?.[1];
}

/** The WHATWG name for a label TextDecoder knows; UTF-16 labels in ASCII text are mislabels. */
function supported(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    const encoding = new TextDecoder(label).encoding;
    return encoding.startsWith("utf-16") ? undefined : encoding;
  } catch {
    return undefined;
  }
}
