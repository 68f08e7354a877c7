import { expect } from "vitest";

/**
 * The rule for stored text (parse/inert-text.ts), written out independently: no markup a
 * browser would read up to a `>` (other `<` and quotes do not end it), no unclosed comment,
 * no unclosed tag with an attribute value, no unclosed tag naming an element that changes
 * how the page after it is read, no control character.
 */
export const UNSAFE_MARKUP = [
  /<[a-zA-Z/!?][^>]*>/,
  /<!--/,
  /<\/?[a-zA-Z][^\s/>]*[\s/][^>]*=/,
  /<\/?(script|style|xmp|iframe|noembed|noframes|noscript|textarea|title|plaintext|template|svg|math|select|object|embed|applet|frameset)(?![^\s/>])/i,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/,
];
export const expectInert = (text: string) => {
  for (const pattern of UNSAFE_MARKUP) expect(text).not.toMatch(pattern);
};
