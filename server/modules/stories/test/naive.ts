import { distance } from "fastest-levenshtein";
import { groupsOf } from "../groups.ts";
import { maxDistanceFor, normaliseTitle } from "../similarity.ts";

/**
 * The reference: every pair's ratio computed in full, as similarity.ts defines it.
 * Quadratic; for tests and the benchmark. Pairs are (i, j) with i < j.
 */
export function similarPairsNaive(titles: readonly string[]): Array<[number, number]> {
  const normal = titles.map(normaliseTitle);
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < normal.length; i++) {
    const a = normal[i] as string;
    for (let j = i + 1; j < normal.length; j++) {
      const b = normal[j] as string;
      if (distance(a, b) <= maxDistanceFor(Math.max(a.length, b.length))) pairs.push([i, j]);
    }
  }
  return pairs;
}

/** The reference stories: connected groups of the naive similar pairs. */
export const clusterTitlesNaive = (titles: readonly string[]) => groupsOf(titles.length, similarPairsNaive(titles));
