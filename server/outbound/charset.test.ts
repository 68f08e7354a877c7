import { describe, expect, it } from "vitest";
import { decodeText } from "./charset.ts";

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeText", () => {
  it.each([
    ["the HTTP header", latin1("<rss>Caf\xe9</rss>"), "text/xml; charset=ISO-8859-1", "<rss>Café</rss>"],
    ["a quoted header charset", latin1("Caf\xe9"), 'text/xml; charset="iso-8859-1"', "Café"],
    [
      "the XML declaration",
      latin1('<?xml version="1.0" encoding="ISO-8859-1"?><t>Se\xf1or</t>'),
      "application/rss+xml",
      '<?xml version="1.0" encoding="ISO-8859-1"?><t>Señor</t>',
    ],
    ["windows-1252 specials", latin1("\x93quoted\x94 \x80"), "text/xml; charset=windows-1252", "\u201cquoted\u201d €"],
    ["valid UTF-8 with no label", utf8("Ethereum ≥ Ξ 🚀"), "text/xml", "Ethereum ≥ Ξ 🚀"],
    ["invalid UTF-8 with no label (sniffed as windows-1252)", latin1("Caf\xe9"), null, "Café"],
    [
      "a UTF-8 byte-order mark over a wrong header",
      Uint8Array.of(0xef, 0xbb, 0xbf, ...utf8("Ξ")),
      "text/xml; charset=iso-8859-1",
      "Ξ",
    ],
    ["an unknown header label (falls back to sniffing)", utf8("Ξ"), "text/xml; charset=klingon", "Ξ"],
    ["a UTF-16 label on ASCII bytes (ignored)", utf8("<rss/>"), "text/xml; charset=utf-16", "<rss/>"],
    [
      "KOI8-R from the header",
      Uint8Array.of(0xe2, 0xc9, 0xd4, 0xcb, 0xcf, 0xc9, 0xce),
      "text/xml; charset=koi8-r",
      "Биткоин",
    ],
  ])("uses %s", (_, body, contentType, expected) => {
    expect(decodeText(body, contentType)).toBe(expected);
  });

  it("decodes UTF-16 with a byte-order mark", () => {
    const body = Uint8Array.of(0xff, 0xfe, 0x3c, 0x00, 0x61, 0x00, 0x3e, 0x00);
    expect(decodeText(body, "text/xml")).toBe("<a>");
  });
});
