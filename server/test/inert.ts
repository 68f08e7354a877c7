import { expect } from "vitest";

/**
 * The rule for stored text (lib/html/inert-text.ts), written out independently: a tag quoted
 * as text ("the <script> tag", "Vec<T>") is allowed, but no tag with an attribute value
 * (anywhere up to the tag's `>`: a `<` does not end a tag), no comment, no complete
 * declaration, processing instruction or nameless end tag, no element followed by its own
 * end tag, no control character.
 */
export const UNSAFE_MARKUP = [
  /<\/?[a-zA-Z][^\s/>]*[\s/][^>]*=/,
  /<!--/,
  /<[!?][^>]*>/,
  /<\/(?![a-zA-Z])[^>]*>/,
  // The whole name, as far as it goes: `<script"` names no script, and has no end tag.
  /<([a-zA-Z][^\s/><]*)(?![^\s/><])[\s\S]*<\/\1[\s/>]/i,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/,
];
export const expectInert = (text: string) => {
  for (const pattern of UNSAFE_MARKUP) expect(text).not.toMatch(pattern);
};
