import { distance } from "fastest-levenshtein";

/**
 * Two titles are similar when 1 − Levenshtein distance / length of the
 * longer title is at least 0.6, on titles lower-cased, trimmed and with whitespace
 * collapsed. Lengths and distances count UTF-16 code units, as JavaScript strings do.
 * The distance is Myers' bit-parallel algorithm (fastest-levenshtein): exact, and several
 * times faster than the textbook table.
 */
const THRESHOLD = { numerator: 3, denominator: 5 };
/** 0.6, kept as the fraction 3/5, so the boundary is decided in integers. */
export const SIMILARITY_THRESHOLD = THRESHOLD.numerator / THRESHOLD.denominator;

export function normaliseTitle(title: string): string {
  return title.toLowerCase().trim().replace(/\s+/g, " ");
}

/**
 * The largest distance two titles may have and still be similar, for a longer title of
 * `length`. Integer arithmetic: 1 − d/L ≥ 3/5 ⇔ 5d ≤ 2L, so no rounding can tip the
 * boundary.
 */
export const maxDistanceFor = (length: number) =>
  Math.floor(((THRESHOLD.denominator - THRESHOLD.numerator) * length) / THRESHOLD.denominator);

/** The similarity ratio itself (1 for two empty titles). */
export function similarityRatio(a: string, b: string): number {
  const x = normaliseTitle(a);
  const y = normaliseTitle(b);
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - distance(x, y) / longer;
}

/** Whether two titles are similar: their distance is within what the longer one allows. */
export function isSimilar(a: string, b: string): boolean {
  const x = normaliseTitle(a);
  const y = normaliseTitle(b);
  return distance(x, y) <= maxDistanceFor(Math.max(x.length, y.length));
}
