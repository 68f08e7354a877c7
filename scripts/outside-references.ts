/*
 * Words that send the reader to a document outside this repository: a numbered section of a
 * product specification, a numbered issue, a design or style file nobody here can open. Say
 * the rule itself instead, or link a file that is in the repository (docs/features/,
 * docs/decisions/). scripts/docs-links.test.ts holds the documentation to this, and
 * scripts/no-outside-references.test.ts the code's comments and test titles.
 */

/** Pointers that are wrong wherever they stand, code included. */
const anywhere: readonly RegExp[] = [
  /§\s*\d/,
  /\bissues? \d+/i,
  /\bthe issue\b/i,
  /\bDESIGN(?:\.md)?\b/,
  /\bSTYLE\.md\b/,
  /\.\.\/shared(?![\w.-])/,
  /\/work\//,
];

/** In prose, the word "spec" itself too (a test file's name, `*.spec.ts`, aside). */
export const prosePointers: readonly RegExp[] = [/\bspec(?:'s)?\b(?!\.ts)/i, ...anywhere];

/** In code, where `spec` may name a variable: the specification only as prose names it. */
export const codePointers: readonly RegExp[] = [/\bthe spec\b|\bspec's\b|\bproduct-spec\b/i, ...anywhere];

/** The line (from 1) that holds `index`. */
export const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/**
 * Each match of `pointers` in `text`, as `file:line → "match"`. Parts of `text` that are not
 * to be read may be blanked beforehand, keeping its length and its lines.
 */
export function outsideReferences(file: string, text: string, pointers: readonly RegExp[]): string[] {
  const found: string[] = [];
  for (const pattern of pointers) {
    for (const match of text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      found.push(`${file}:${lineOf(text, match.index)} → "${match[0]}"`);
    }
  }
  return found;
}
