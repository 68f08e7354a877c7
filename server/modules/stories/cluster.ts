import { distance } from "fastest-levenshtein";
import { bagExceeds, bagsOf } from "./bag.ts";
import { Groups } from "./groups.ts";
import { LcsPattern } from "./lcs.ts";
import { maxDistanceFor, normaliseTitle } from "./similarity.ts";
import * as wordBlocking from "./word-blocking.ts";

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
 * similar. Q-gram prefix filtering was measured and set aside: it keeps 99% of all pairs as
 * candidates at 0.6 (decision 024).
 *
 * Every pair in the length window is still looked at, so the exact way costs about
 * sixteen times word blocking's (word-blocking.ts), which picks the pairs to check by
 * shared words and loses a similar pair now and then (13 of 29,270 at 20,000 titles).
 * Gemwire clusters a set of up to EXACT_TITLES titles the exact way — what a 48-hour
 * window of the built-in feeds holds — and a larger one (a members' layer of big feeds)
 * by word blocking, so no update holds the server up for more than about a second.
 */

/**
 * The most titles clustered the exact way; above it word blocking. `npm run bench:stories`
 * prints both at 1k, 5k and 20k titles: the README's table is why this number.
 */
export const EXACT_TITLES = 2_500;

/**
 * What the checks need of every title, computed once per set. Titles are visited shortest
 * first, and everything a pair's check reads is laid out by that place, so a sweep reads
 * memory in order.
 */
type Prepared = {
  normal: string[];
  /** The title at each place: shortest first, then by index. */
  order: Int32Array;
  /** Each title's place. */
  rank: Int32Array;
  /** By place: length, start of its code units in `units` (and one more start for the end), bag row. */
  lengths: Int32Array;
  starts: Int32Array;
  units: Uint16Array;
  bags: Uint8Array;
};

function prepare(titles: readonly string[]): Prepared {
  const normal = titles.map(normaliseTitle);
  const order = Int32Array.from({ length: normal.length }, (_, i) => i).sort(
    (a, b) => (normal[a] as string).length - (normal[b] as string).length || a - b,
  );
  const rank = new Int32Array(normal.length);
  const lengths = new Int32Array(normal.length);
  const starts = new Int32Array(normal.length + 1);
  order.forEach((title, place) => {
    rank[title] = place;
    lengths[place] = (normal[title] as string).length;
    starts[place + 1] = (starts[place] as number) + (lengths[place] as number);
  });
  const units = new Uint16Array(starts[normal.length] as number);
  order.forEach((title, place) => {
    const text = normal[title] as string;
    const offset = starts[place] as number;
    for (let i = 0; i < text.length; i++) units[offset + i] = text.charCodeAt(i);
  });
  const inOrder = Array.from(order, (title) => normal[title] as string);
  return { normal, order, rank, lengths, starts, units, bags: bagsOf(inOrder) };
}

/** The shortest title that can be similar to one of `length`: the gap alone costs that many edits. */
const shortestPartner = (length: number) => length - maxDistanceFor(length);

/** The exact check of one pair, bounds first; the LCS pattern is set once for a run of pairs sharing a title. */
class Checker {
  private readonly pattern = new LcsPattern();
  private patternAt = -1;
  constructor(private readonly p: Prepared) {}

  /** Whether the titles at places `later` (longer, or as long) and `earlier` are similar. */
  similar(later: number, earlier: number): boolean {
    const p = this.p;
    const length = p.lengths[later] as number;
    const limit = maxDistanceFor(length);
    if ((p.lengths[earlier] as number) < length - limit) return false;
    if (bagExceeds(p.bags, later, earlier, limit)) return false;
    // The LCS is symmetric: whichever title is the pattern already stays so.
    if (this.patternAt !== later && this.patternAt !== earlier) {
      this.pattern.set(p.units, p.starts[later] as number, p.starts[later + 1] as number);
      this.patternAt = later;
    }
    const text = this.patternAt === later ? earlier : later;
    const common = this.pattern.lcs(p.units, p.starts[text] as number, p.starts[text + 1] as number);
    if (length - common > limit) return false;
    const a = p.normal[p.order[later] as number] as string;
    const b = p.normal[p.order[earlier] as number] as string;
    return distance(a, b) <= limit;
  }
}

/**
 * Every pair whose length gap leaves a chance, in one pass: each place meets the earlier
 * places still long enough for it (a window that only moves forward, as the shortest
 * partner grows with the length). `visit` gets (later, earlier) places.
 */
function sweep(p: Prepared, visit: (later: number, earlier: number) => void): void {
  let start = 0;
  for (let place = 0; place < p.order.length; place++) {
    const shortest = shortestPartner(p.lengths[place] as number);
    while ((p.lengths[start] as number) < shortest) start++;
    for (let k = start; k < place; k++) visit(place, k);
  }
}

/**
 * The pairs of `sweep` that involve a new title, from the new titles alone: each meets the
 * places before its own that are long enough for it, and those after it for which it is
 * long enough. A pair of two new titles is met once, from the later place.
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
    const length = p.lengths[place] as number;
    const shortest = shortestPartner(length);
    for (let k = place - 1; k >= 0 && (p.lengths[k] as number) >= shortest; k--) visit(place, k);
    for (let k = place + 1; k < count; k++) {
      if (shortestPartner(p.lengths[k] as number) > length) break;
      if (!isNew(p.order[k] as number)) visit(k, place);
    }
  }
}

/**
 * Calls `onPair(i, j)` (i < j) for each similar pair; `shouldCheck` can skip pairs whose
 * answer no longer matters. Exact up to EXACT_TITLES titles.
 */
export function forEachSimilarPair(
  titles: readonly string[],
  options: { shouldCheck?: (i: number, j: number) => boolean; onPair: (i: number, j: number) => void },
): void {
  if (titles.length > EXACT_TITLES) wordBlocking.forEachSimilarPair(titles, options);
  else forEachSimilarPairExactly(titles, options);
}

/** forEachSimilarPair the exact way, whatever the number of titles. */
export function forEachSimilarPairExactly(
  titles: readonly string[],
  options: { shouldCheck?: (i: number, j: number) => boolean; onPair: (i: number, j: number) => void },
): void {
  const p = prepare(titles);
  const checker = new Checker(p);
  sweep(p, (later, earlier) => {
    const a = p.order[later] as number;
    const b = p.order[earlier] as number;
    if (options.shouldCheck && !options.shouldCheck(a, b)) return;
    if (checker.similar(later, earlier)) options.onPair(Math.min(a, b), Math.max(a, b));
  });
}

/**
 * Stories over `titles`: groups (of two or more) of connected similar titles, each as
 * sorted indexes. Pairs already in one group are not checked. Exact up to EXACT_TITLES
 * titles; `exactly` makes it exact at any size (the benchmark's lossless row).
 */
export function clusterTitles(titles: readonly string[], { exactly = false } = {}): number[][] {
  const groups = new Groups(titles.length);
  (exactly ? forEachSimilarPairExactly : forEachSimilarPair)(titles, {
    shouldCheck: (i, j) => groups.find(i) !== groups.find(j),
    onPair: (i, j) => groups.union(i, j),
  });
  return groups.groups();
}

/**
 * Every similar pair (i < j) among `titles`; with `isNew`, only those involving a title
 * for which it holds — found by probing from the new titles when they are the fewer.
 * Exact up to EXACT_TITLES titles.
 */
export function similarPairs(titles: readonly string[], isNew?: (index: number) => boolean): Array<[number, number]> {
  return titles.length > EXACT_TITLES ? wordBlocking.similarPairs(titles, isNew) : similarPairsExactly(titles, isNew);
}

/** similarPairs the exact way, whatever the number of titles. */
export function similarPairsExactly(
  titles: readonly string[],
  isNew?: (index: number) => boolean,
): Array<[number, number]> {
  const p = prepare(titles);
  const checker = new Checker(p);
  const pairs: Array<[number, number]> = [];
  const keep = (later: number, earlier: number) => {
    if (!checker.similar(later, earlier)) return;
    const a = p.order[later] as number;
    const b = p.order[earlier] as number;
    pairs.push([Math.min(a, b), Math.max(a, b)]);
  };
  if (!isNew) {
    sweep(p, keep);
    return pairs;
  }
  const fresh = titles.map((_, index) => index).filter(isNew);
  // Probing costs a window per new title, the sweep half a window per title.
  if (fresh.length * 2 > titles.length) {
    sweep(p, (later, earlier) => {
      if (isNew(p.order[later] as number) || isNew(p.order[earlier] as number)) keep(later, earlier);
    });
  } else {
    probe(p, fresh, isNew, keep);
  }
  return pairs;
}
