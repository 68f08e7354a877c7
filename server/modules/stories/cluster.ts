import { distance } from "fastest-levenshtein";
import { maxDistanceFor, normaliseTitle } from "./similarity.ts";

/** Union–find over indexes, with path halving and union by size. */
export class Groups {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;
  constructor(count: number) {
    this.parent = Int32Array.from({ length: count }, (_, i) => i);
    this.size = new Int32Array(count).fill(1);
  }
  find(i: number): number {
    let x = i;
    while (this.parent[x] !== x) {
      const grand = this.parent[this.parent[x] as number] as number;
      this.parent[x] = grand;
      x = grand;
    }
    return x;
  }
  union(a: number, b: number): void {
    let x = this.find(a);
    let y = this.find(b);
    if (x === y) return;
    if ((this.size[x] as number) < (this.size[y] as number)) [x, y] = [y, x];
    this.parent[y] = x;
    this.size[x] = (this.size[x] as number) + (this.size[y] as number);
  }
  /** The groups of two or more, each as sorted indexes, ordered by their first index. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i);
      const group = byRoot.get(root);
      if (group) group.push(i);
      else byRoot.set(root, [i]);
    }
    return [...byRoot.values()].filter((group) => group.length > 1);
  }
}

/**
 * The reference: every pair's ratio computed in full, as the spec describes it.
 * Quadratic; for tests and the benchmark. Pairs are (i, j) with i < j.
 */
export function similarPairsNaive(titles: readonly string[]): Array<[number, number]> {
  const normal = titles.map(normaliseTitle);
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < normal.length; i++) {
    const a = normal[i] as string;
    for (let j = i + 1; j < normal.length; j++) {
      const b = normal[j] as string;
      const longer = Math.max(a.length, b.length);
      if (longer === 0 || 5 * distance(a, b) <= 2 * longer) pairs.push([i, j]);
    }
  }
  return pairs;
}

/** The reference stories: connected groups of the naive similar pairs. */
export const clusterTitlesNaive = (titles: readonly string[]) => groupsOf(titles.length, similarPairsNaive(titles));

/** A long title probes with at least this share of its words, rarest first. */
const PROBE_SHARE = 0.6;
/** Words in this few titles always probe: their postings cost next to nothing. */
const FEW = 8;
/**
 * Titles this short probe with every word: the 0.6 rule lets them differ in a larger
 * share of their text, so a similar pair may share only common words.
 */
const SHORT_TITLE = 56;
/** Titles this short are reached by longer titles through any word they share. */
const SHORT_PARTNER = 44;
/** A longer pair is checked only when it shares at least this share of the fewer words (and two). */
const SHARED_SHARE = 0.4;

/**
 * Titles this short are compared with every title short enough to match: two of them
 * can be similar without sharing a word ("Bitcoin rises" and "Bitcoins rise"), and
 * there are few of them.
 */
const TINY_TITLE = 30;

/** A token with at least this many letters or digits can block; shorter ones say little. */
const MIN_TOKEN = 2;

function tokensOf(title: string): string[] {
  return [...new Set(title.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length >= MIN_TOKEN))];
}

/** How many values two ascending id lists have in common. */
function overlap(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  let x = 0;
  let y = 0;
  while (x < a.length && y < b.length) {
    const left = a[x] as number;
    const right = b[y] as number;
    if (left === right) {
      shared++;
      x++;
      y++;
    } else if (left < right) x++;
    else y++;
  }
  return shared;
}

type Posting = { titles: number[]; start: number; shortEnd: number };

export type Sweep = {
  /** Whether a candidate pair still needs checking (say, not already in one group). */
  shouldCheck?: (i: number, j: number) => boolean;
  /** Called for each pair verified similar, with i < j. */
  onPair: (i: number, j: number) => void;
};

/**
 * Gemwire's similar pairs: the naive answer, fast. Titles are visited shortest first;
 * each probes an index of the shorter titles already seen, then is indexed under all
 * its words.
 *
 * - A long title probes with its rarer words (the rarest 60%, and any word in very few
 *   titles) and checks only shorter titles that share at least two words and 40% of
 *   the fewer words with it: a similar pair shares most of its words.
 * - A short title probes with every word, and a long one reaches the shortest titles
 *   through any word, because the 0.6 rule lets short titles differ in a larger share
 *   of their text; the shortest titles are compared with each other outright.
 * - Only titles whose length leaves the pair a chance are looked at (the distance is at
 *   least the length gap); a cheap lower bound (bag distance) comes before the exact
 *   distance, and `shouldCheck` can skip pairs whose answer no longer matters.
 *
 * Blocking on words is a heuristic, so the answer is the naive one as long as similar
 * titles share words this way; `npm run bench:stories` measures how often they do.
 */
export function forEachSimilarPair(titles: readonly string[], sweep: Sweep): void {
  const normal = titles.map(normaliseTitle);
  const count = normal.length;

  const ids = new Map<string, number>();
  const frequency: number[] = [];
  const words = normal.map((title) => {
    const list = tokensOf(title);
    // Titles with no usable words still meet titles that start alike.
    if (list.length === 0) list.push(`\u0000${title.slice(0, 4)}`);
    return Int32Array.from(list, (token) => {
      let id = ids.get(token);
      if (id === undefined) {
        id = frequency.length;
        ids.set(token, id);
        frequency.push(0);
      }
      frequency[id] = (frequency[id] as number) + 1;
      return id;
    }).sort();
  });
  const byRarity = (x: number, y: number) => (frequency[x] as number) - (frequency[y] as number) || x - y;

  const order = Array.from({ length: count }, (_, i) => i).sort(
    (a, b) => (normal[a] as string).length - (normal[b] as string).length || a - b,
  );
  const lengths = Int32Array.from(normal, (title) => title.length);
  const bags = bagsOf(normal);
  // Each posting lists titles in the order they were indexed (by length), with a start
  // that moves past titles now too short to pair with anything still to come, and the
  // end of its short titles.
  const postings: Array<Posting | undefined> = new Array(frequency.length);
  const seenBy = new Int32Array(count).fill(-1);
  const rareHit = new Uint8Array(count);
  const candidates: number[] = [];
  // The shortest titles, in the order they were seen, with a start like a posting's.
  const tiny = { titles: [] as number[], start: 0 };
  const isRare = new Uint8Array(frequency.length);

  for (const i of order) {
    const a = normal[i] as string;
    const length = a.length;
    const limit = maxDistanceFor(length);
    const shortest = length - limit;
    const own = words[i] as Int32Array;
    const short = length <= SHORT_TITLE;
    const prefix = Math.max(2, Math.ceil(own.length * PROBE_SHARE));
    const ranked = short ? own : own.slice().sort(byRarity);
    ranked.forEach((word, rank) => {
      isRare[word] = short || rank < prefix || (frequency[word] as number) <= FEW ? 1 : 0;
    });

    candidates.length = 0;
    if (length <= TINY_TITLE) {
      const list = tiny.titles;
      while (tiny.start < list.length && (lengths[list[tiny.start] as number] as number) < shortest) tiny.start++;
      for (let p = tiny.start; p < list.length; p++) {
        const j = list[p] as number;
        seenBy[j] = i;
        rareHit[j] = 1;
        candidates.push(j);
      }
    }
    for (const word of own) {
      const posting = postings[word];
      if (!posting) continue;
      const list = posting.titles;
      while (posting.start < list.length && (lengths[list[posting.start] as number] as number) < shortest)
        posting.start++;
      const rare = isRare[word] === 1;
      const end = rare ? list.length : posting.shortEnd;
      for (let p = posting.start; p < end; p++) {
        const j = list[p] as number;
        if (seenBy[j] !== i) {
          seenBy[j] = i;
          rareHit[j] = 0;
          candidates.push(j);
        }
        if (rare) rareHit[j] = 1;
      }
    }
    for (const j of candidates) {
      const reached = short || (lengths[j] as number) <= SHORT_PARTNER ? rareHit[j] === 1 : false;
      if (!reached) {
        const other = words[j] as Int32Array;
        const needed = Math.max(2, Math.ceil(Math.min(own.length, other.length) * SHARED_SHARE));
        if (overlap(own, other) < needed) continue;
      }
      if (sweep.shouldCheck && !sweep.shouldCheck(i, j)) continue;
      if (bagExceeds(bags, i, j, limit)) continue;
      if (distance(a, normal[j] as string) <= limit) sweep.onPair(Math.min(i, j), Math.max(i, j));
    }
    for (const word of own) {
      let posting = postings[word];
      if (!posting) {
        posting = { titles: [], start: 0, shortEnd: 0 };
        postings[word] = posting;
      }
      posting.titles.push(i);
      if (length <= SHORT_PARTNER) posting.shortEnd = posting.titles.length;
    }
    if (length <= TINY_TITLE) tiny.titles.push(i);
  }
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

/** Every similar pair among `titles` that involves a title for which `isNew` holds (all, by default). */
export function similarPairs(titles: readonly string[], isNew?: (index: number) => boolean): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  forEachSimilarPair(titles, {
    shouldCheck: isNew ? (i, j) => isNew(i) || isNew(j) : undefined,
    onPair: (i, j) => pairs.push([i, j]),
  });
  return pairs;
}

/** Connected groups (of two or more) of `count` items joined by `pairs`. */
export function groupsOf(count: number, pairs: Iterable<readonly [number, number]>): number[][] {
  const groups = new Groups(count);
  for (const [i, j] of pairs) groups.union(i, j);
  return groups.groups();
}

/** Letters and digits each count on their own, the space too; everything else folds into three classes. */
const BAG_SIZE = 40;

function slotOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  if (code === 32) return 36;
  return 37 + (code % 3);
}

/** Every title's character counts by class, one row of BAG_SIZE per title. */
function bagsOf(titles: readonly string[]): Uint8Array {
  const bags = new Uint8Array(titles.length * BAG_SIZE);
  titles.forEach((title, row) => {
    const offset = row * BAG_SIZE;
    for (let k = 0; k < title.length; k++) {
      const slot = offset + slotOf(title.charCodeAt(k));
      bags[slot] = Math.min(255, (bags[slot] as number) + 1);
    }
  });
  return bags;
}

/**
 * Whether the bag distance of titles i and j — max(characters only in i, characters
 * only in j), over the classes — is above `limit`. It is never more than the Levenshtein
 * distance (each edit changes each side's surplus by at most one), so above the limit
 * rules the pair out. Both surpluses only grow, so it stops as soon as one passes.
 */
function bagExceeds(bags: Uint8Array, i: number, j: number, limit: number): boolean {
  let onlyI = 0;
  let onlyJ = 0;
  const x = i * BAG_SIZE;
  const y = j * BAG_SIZE;
  for (let k = 0; k < BAG_SIZE; k++) {
    const d = (bags[x + k] as number) - (bags[y + k] as number);
    if (d > 0) {
      onlyI += d;
      if (onlyI > limit) return true;
    } else {
      onlyJ -= d;
      if (onlyJ > limit) return true;
    }
  }
  return false;
}
