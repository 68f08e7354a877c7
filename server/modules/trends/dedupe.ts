import { titleWords } from "../../../contracts/trends-catalog.ts";

/** What the rule needs of a trend. */
type Ranked = { title: string; trafficNumber: number; pubDate: number };

/** A title's words; a title of no letters or digits (emoji, say) stands for itself. */
function containmentKey(title: string): string {
  const words = titleWords(title);
  return words.trim() === "" ? ` ${title.toLowerCase()} ` : words;
}

/** The order duplicates are decided in: more traffic first, then newer. */
export function byTrafficThenNewer(a: Ranked, b: Ranked): number {
  return b.trafficNumber - a.trafficNumber || b.pubDate - a.pubDate;
}

/**
 * Trends are de-duplicated by title containment, case-insensitively, keeping the
 * one with the higher traffic (of equal traffic, the newer). Containment is by whole
 * words ("bitcoin" is in "bitcoin price", "eth" is not in "methane"). Identical titles
 * (the same trend in several countries or days) fold first in one pass, so the pairwise
 * step only sees distinct titles. Returns the kept trends, most traffic first.
 */
export function dedupeByContainment<T extends Ranked>(trends: readonly T[]): T[] {
  const ranked = [...trends].sort(byTrafficThenNewer);
  const distinct = new Map<string, T>();
  for (const trend of ranked) {
    const key = containmentKey(trend.title);
    if (!distinct.has(key)) distinct.set(key, trend);
  }
  const kept: Array<{ key: string; trend: T }> = [];
  for (const [key, trend] of distinct) {
    // Everything kept so far ranks at least as high, so this one goes if it overlaps any.
    if (!kept.some((other) => other.key.includes(key) || key.includes(other.key))) kept.push({ key, trend });
  }
  return kept.map((entry) => entry.trend);
}
