import { distance } from "fastest-levenshtein";
import { bagExceeds, bagsOf } from "./bag.ts";
import { Groups } from "./groups.ts";
import { LcsPattern } from "./lcs.ts";
import { maxDistanceFor, normaliseTitle } from "./similarity.ts";

/*
 * Gemwire's similar pairs: exactly the naive answer (every pair's ratio), without computing
 * every pair's distance (docs/decisions/024). No pair is skipped unseen; each is ruled out
 * only by a true lower bound on its Levenshtein distance d (in UTF-16 code units, as
 * fastest-levenshtein counts), so no similar pair can be lost. With L the longer length and
 * k = ⌊2L/5⌋ the most edits 0.6 allows (similarity.ts), a pair is similar iff d ≤ k, and:
 *   1. length gap: d ≥ L − |shorter|, so titles shorter than L − k are never visited;
 *   2. bag distance (bag.ts): d ≥ surplus of either title's character counts;
 *   3. LCS (lcs.ts): d ≥ L − LCS, since each of the longer title's characters is either
 *      matched (at most LCS of them) or costs an edit;
 *   4. the distance itself, for the few pairs left (about 1.05 per similar pair on
 *      generated headlines).
 * Bounds 1–3 are each ≤ d, so "bound > k" implies "d > k": a pair they reject is not
 * similar. Word blocking and q-gram prefix filtering were measured and set aside: the first
 * loses pairs, the second keeps 99% of all pairs as candidates at 0.6 (decision 024).
 */

/** What the checks need of every title, computed once per set. */
type Prepared = {
  normal: string[];
  lengths: Int32Array;
  /** Titles in visiting order: shortest first, then by index. */
  order: Int32Array;
  /** Each title's place in `order`. */
  rank: Int32Array;
  bags: Uint8Array;
};

function prepare(titles: readonly string[]): Prepared {
  const normal = titles.map(normaliseTitle);
  const lengths = Int32Array.from(normal, (title) => title.length);
  const order = Int32Array.from({ length: normal.length }, (_, i) => i).sort(
    (a, b) => (lengths[a] as number) - (lengths[b] as number) || a - b,
  );
  const rank = new Int32Array(normal.length);
  order.forEach((title, place) => {
    rank[title] = place;
  });
  return { normal, lengths, order, rank, bags: bagsOf(normal) };
}

/** The shortest title that can be similar to one of `length`: the gap alone costs that many edits. */
const shortestPartner = (length: number) => length - maxDistanceFor(length);

/** The exact check of one pair, bounds first; the LCS pattern is set once for a run of pairs sharing a title. */
class Checker {
  private readonly pattern = new LcsPattern();
  private patternOf = -1;
  constructor(private readonly p: Prepared) {}

  /** Whether `later` (later in visiting order: longer, or as long) and `earlier` are similar. */
  similar(later: number, earlier: number): boolean {
    const p = this.p;
    const length = p.lengths[later] as number;
    const limit = maxDistanceFor(length);
    if ((p.lengths[earlier] as number) < length - limit) return false;
    if (bagExceeds(p.bags, later, earlier, limit)) return false;
    // The LCS is symmetric: whichever title is the pattern already stays so.
    if (this.patternOf !== later && this.patternOf !== earlier) {
      this.pattern.set(p.normal[later] as string);
      this.patternOf = later;
    }
    const text = this.patternOf === later ? earlier : later;
    if (length - this.pattern.lcs(p.normal[text] as string) > limit) return false;
    return distance(p.normal[later] as string, p.normal[earlier] as string) <= limit;
  }
}

/**
 * Every pair whose length gap leaves a chance, in one pass: titles are visited shortest
 * first and each meets the shorter titles still long enough for it (a window that only
 * moves forward, as the shortest partner grows with the length). `visit` gets
 * (later, earlier) for each pair.
 */
function sweep(p: Prepared, visit: (later: number, earlier: number) => void): void {
  let start = 0;
  for (let place = 0; place < p.order.length; place++) {
    const later = p.order[place] as number;
    const shortest = shortestPartner(p.lengths[later] as number);
    while ((p.lengths[p.order[start] as number] as number) < shortest) start++;
    for (let k = start; k < place; k++) visit(later, p.order[k] as number);
  }
}

/**
 * The pairs of `sweep` that involve a new title, from the new titles alone: each meets the
 * titles before it in visiting order that are long enough for it, and those after it for
 * which it is long enough. A pair of two new titles is met once, from the later one.
 */
function probe(
  p: Prepared,
  fresh: readonly number[],
  isNew: (index: number) => boolean,
  visit: (later: number, earlier: number) => void,
): void {
  const count = p.order.length;
  for (const title of fresh) {
    const place = p.rank[title] as number;
    const length = p.lengths[title] as number;
    const shortest = shortestPartner(length);
    for (let k = place - 1; k >= 0 && (p.lengths[p.order[k] as number] as number) >= shortest; k--) {
      visit(title, p.order[k] as number);
    }
    for (let k = place + 1; k < count; k++) {
      const other = p.order[k] as number;
      if (shortestPartner(p.lengths[other] as number) > length) break;
      if (!isNew(other)) visit(other, title);
    }
  }
}

/**
 * Calls `onPair(i, j)` (i < j) for each similar pair; `shouldCheck` can skip pairs whose
 * answer no longer matters.
 */
export function forEachSimilarPair(
  titles: readonly string[],
  options: { shouldCheck?: (i: number, j: number) => boolean; onPair: (i: number, j: number) => void },
): void {
  const p = prepare(titles);
  const checker = new Checker(p);
  sweep(p, (later, earlier) => {
    if (options.shouldCheck && !options.shouldCheck(later, earlier)) return;
    if (checker.similar(later, earlier)) options.onPair(Math.min(later, earlier), Math.max(later, earlier));
  });
}

/**
 * Stories over `titles`: groups (of two or more) of connected similar titles, each as
 * sorted indexes. Pairs already in one group are not checked.
 */
export function clusterTitles(titles: readonly string[]): number[][] {
  const groups = new Groups(titles.length);
  forEachSimilarPair(titles, {
    shouldCheck: (i, j) => groups.find(i) !== groups.find(j),
    onPair: (i, j) => groups.union(i, j),
  });
  return groups.groups();
}

/**
 * Every similar pair (i < j) among `titles`; with `isNew`, only those involving a title
 * for which it holds — found by probing from the new titles when they are the fewer.
 */
export function similarPairs(titles: readonly string[], isNew?: (index: number) => boolean): Array<[number, number]> {
  const p = prepare(titles);
  const checker = new Checker(p);
  const pairs: Array<[number, number]> = [];
  const keep = (later: number, earlier: number) => {
    if (checker.similar(later, earlier)) pairs.push([Math.min(later, earlier), Math.max(later, earlier)]);
  };
  if (!isNew) {
    sweep(p, keep);
    return pairs;
  }
  const fresh = titles.map((_, index) => index).filter(isNew);
  // Probing costs a window per new title, the sweep half a window per title.
  if (fresh.length * 2 > titles.length) {
    sweep(p, (later, earlier) => {
      if (isNew(later) || isNew(earlier)) keep(later, earlier);
    });
  } else {
    probe(p, fresh, isNew, keep);
  }
  return pairs;
}
