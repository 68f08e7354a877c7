import { distance } from "fastest-levenshtein";
import { bagExceeds, bagsOf } from "./bag.ts";
import { Groups } from "./groups.ts";
import { maxDistanceFor, normaliseTitle } from "./similarity.ts";
import { overlap, tokensOf } from "./words.ts";

/*
 * Word blocking: the clustering of sets too large for cluster.ts's exact way
 * (EXACT_TITLES), and the benchmark's reference for what exactness costs. Which pairs get
 * their ratio computed is decided by words — the blocking rule below — and every pair it
 * picks is checked exactly. Blocking on words is a heuristic: a similar pair that shares
 * none of the words the rule looks at is missed (docs/decisions/011, 024).
 */

/** A long title's rare words: at least this share of its words, rarest first… */
const PROBE_SHARE = 0.6;
/** …and every word in this few titles. */
const FEW = 8;
/**
 * Titles this short are compared with every title they share any word with: the 0.6
 * rule lets them differ in a larger share of their text, so a similar pair may share
 * only common words.
 */
const SHORT_TITLE = 56;
/** Titles this short are compared with longer titles they share any word with, given enough shared words. */
const SHORT_PARTNER = 44;
/** Other pairs need two shared words and this share of the fewer words, or a shared rare word of the longer title. */
const SHARED_SHARE = 0.4;
/**
 * Titles this short are compared with every title short enough to match: two of them
 * can be similar without sharing a word ("Bitcoin rises" and "Bitcoins rise"), and
 * there are few of them.
 */
const TINY_TITLE = 30;
/** With more new titles than this share, a full sweep is cheaper than probing for each. */
const PROBE_WHEN_NEW_BELOW = 0.05;

/** What the blocking rule needs of every title, computed once per set. */
type Prepared = {
  normal: string[];
  lengths: Int32Array;
  /** Each title's words as ascending ids. */
  words: Int32Array[];
  /** Each title's rare words (all of them for a short title), ascending ids. */
  rare: Int32Array[];
  /** Titles in visiting order: shortest first, then by index. */
  order: number[];
  /** Each title's place in `order`. */
  rank: Int32Array;
  bags: Uint8Array;
  /** How many different words there are. */
  vocabulary: number;
};

function prepare(titles: readonly string[]): Prepared {
  const normal = titles.map(normaliseTitle);
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
  const rare = words.map((own, i) => {
    if ((normal[i] as string).length <= SHORT_TITLE) return own;
    const prefix = Math.max(2, Math.ceil(own.length * PROBE_SHARE));
    return own
      .slice()
      .sort(byRarity)
      .filter((word, place) => place < prefix || (frequency[word] as number) <= FEW)
      .sort();
  });
  const lengths = Int32Array.from(normal, (title) => title.length);
  const order = Array.from({ length: normal.length }, (_, i) => i).sort(
    (a, b) => (lengths[a] as number) - (lengths[b] as number) || a - b,
  );
  const rank = new Int32Array(normal.length);
  order.forEach((title, place) => {
    rank[title] = place;
  });
  return { normal, lengths, words, rare, order, rank, bags: bagsOf(normal), vocabulary: frequency.length };
}

/**
 * The blocking rule, for titles `later` and `earlier` (later in visiting order: longer,
 * or as long with a higher index), given that `earlier` is long enough to be similar.
 * Both the sweep and the probe pick exactly the pairs this accepts.
 */
function blocks(p: Prepared, later: number, earlier: number): boolean {
  const length = p.lengths[later] as number;
  if (length <= TINY_TITLE) return true;
  const own = p.words[later] as Int32Array;
  const other = p.words[earlier] as Int32Array;
  if (length <= SHORT_TITLE) return overlap(own, other) > 0;
  const sharesRare = overlap(p.rare[later] as Int32Array, other) > 0;
  const shortPartner = (p.lengths[earlier] as number) <= SHORT_PARTNER;
  if (shortPartner && sharesRare) return true;
  if (!sharesRare && !shortPartner) return false;
  const needed = Math.max(2, Math.ceil(Math.min(own.length, other.length) * SHARED_SHARE));
  return overlap(own, other) >= needed;
}

/**
 * The exact check for a pair the rule picked (both the sweep and the probe only pick
 * pairs whose length gap leaves a chance), after the bag distance has had its say.
 */
function similarPrepared(p: Prepared, later: number, earlier: number): boolean {
  const limit = maxDistanceFor(p.lengths[later] as number);
  if (bagExceeds(p.bags, later, earlier, limit)) return false;
  return distance(p.normal[later] as string, p.normal[earlier] as string) <= limit;
}

/** Titles indexed under a word, by length; `start` skips those now too short, `shortEnd` ends the short partners. */
type Posting = { titles: number[]; start: number; shortEnd: number };

/**
 * Every pair the blocking rule picks, in one pass: titles are visited shortest first;
 * each looks up the shorter titles already indexed under its words (only those whose
 * length leaves a chance: the distance is at least the length gap), then is indexed.
 * `visit` gets (later, earlier) for each picked pair.
 */
function sweep(p: Prepared, visit: (later: number, earlier: number) => void): void {
  const postings: Array<Posting | undefined> = new Array(p.vocabulary);
  const seenBy = new Int32Array(p.normal.length).fill(-1);
  const tiny: Posting = { titles: [], start: 0, shortEnd: 0 };
  const candidates: number[] = [];
  const advance = (posting: Posting, shortest: number) => {
    const list = posting.titles;
    while (posting.start < list.length && (p.lengths[list[posting.start] as number] as number) < shortest) {
      posting.start++;
    }
  };
  // Whether each candidate shares a rare word of the title being visited.
  const rareHit = new Uint8Array(p.normal.length);
  const add = (j: number, i: number, rare: number) => {
    if (seenBy[j] !== i) {
      seenBy[j] = i;
      rareHit[j] = rare;
      candidates.push(j);
    } else if (rare) rareHit[j] = 1;
  };

  for (const i of p.order) {
    const length = p.lengths[i] as number;
    const shortest = length - maxDistanceFor(length);
    const short = length <= SHORT_TITLE;
    candidates.length = 0;
    if (length <= TINY_TITLE) {
      advance(tiny, shortest);
      for (let k = tiny.start; k < tiny.titles.length; k++) add(tiny.titles[k] as number, i, 1);
    }
    // Only what the rule can accept: through a long title's rare words any shorter
    // title, through its other words only short partners. (A short title's words are
    // all rare.)
    const rare = p.rare[i] as Int32Array;
    let r = 0;
    for (const word of p.words[i] as Int32Array) {
      while (r < rare.length && (rare[r] as number) < word) r++;
      const posting = postings[word];
      if (!posting) continue;
      advance(posting, shortest);
      const isRare = rare[r] === word ? 1 : 0;
      const end = isRare ? posting.titles.length : posting.shortEnd;
      for (let k = posting.start; k < end; k++) add(posting.titles[k] as number, i, isRare);
    }
    // The rule (see `blocks`), with what the lookup already knows.
    const own = p.words[i] as Int32Array;
    for (const j of candidates) {
      if (!short && !(rareHit[j] && (p.lengths[j] as number) <= SHORT_PARTNER)) {
        const other = p.words[j] as Int32Array;
        const needed = Math.max(2, Math.ceil(Math.min(own.length, other.length) * SHARED_SHARE));
        if (overlap(own, other) < needed) continue;
      }
      visit(i, j);
    }
    for (const word of p.words[i] as Int32Array) {
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
 * The pairs the blocking rule picks that involve a new title, found from the new
 * titles alone: each looks up every title sharing a word with it (and, if tiny, every
 * tiny title) and keeps the pairs the rule accepts. Cheap when few titles are new.
 */
function probe(
  p: Prepared,
  fresh: number[],
  isNew: (index: number) => boolean,
  visit: (later: number, earlier: number) => void,
) {
  const byWord = new Map<number, number[]>();
  const tiny: number[] = [];
  p.words.forEach((own, title) => {
    for (const word of own) {
      const list = byWord.get(word);
      if (list) list.push(title);
      else byWord.set(word, [title]);
    }
    if ((p.lengths[title] as number) <= TINY_TITLE) tiny.push(title);
  });
  const seenBy = new Int32Array(p.normal.length).fill(-1);
  for (const x of fresh) {
    const consider = (y: number) => {
      if (y === x || seenBy[y] === x) return;
      seenBy[y] = x;
      // A pair of two new titles is looked at once, from its lower index.
      if (isNew(y) && y < x) return;
      const [later, earlier] = (p.rank[x] as number) > (p.rank[y] as number) ? [x, y] : [y, x];
      const length = p.lengths[later] as number;
      if ((p.lengths[earlier] as number) < length - maxDistanceFor(length)) return;
      if (blocks(p, later, earlier)) visit(later, earlier);
    };
    if ((p.lengths[x] as number) <= TINY_TITLE) for (const y of tiny) consider(y);
    for (const word of p.words[x] as Int32Array) for (const y of byWord.get(word) ?? []) consider(y);
  }
}

/**
 * Calls `onPair(i, j)` (i < j) for each similar pair the blocking rule finds;
 * `shouldCheck` can skip pairs whose answer no longer matters.
 */
export function forEachSimilarPair(
  titles: readonly string[],
  options: { shouldCheck?: (i: number, j: number) => boolean; onPair: (i: number, j: number) => void },
): void {
  const p = prepare(titles);
  sweep(p, (later, earlier) => {
    if (options.shouldCheck && !options.shouldCheck(later, earlier)) return;
    if (similarPrepared(p, later, earlier)) options.onPair(Math.min(later, earlier), Math.max(later, earlier));
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
 * Every similar pair (i < j) the blocking rule finds among `titles`; with `isNew`, only
 * those involving a title for which it holds — the same pairs, found by probing from
 * the new titles when they are few.
 */
export function similarPairs(titles: readonly string[], isNew?: (index: number) => boolean): Array<[number, number]> {
  const p = prepare(titles);
  const pairs: Array<[number, number]> = [];
  const keep = (later: number, earlier: number) => {
    if (similarPrepared(p, later, earlier)) pairs.push([Math.min(later, earlier), Math.max(later, earlier)]);
  };
  if (!isNew) {
    sweep(p, keep);
    return pairs;
  }
  const fresh = titles.map((_, index) => index).filter(isNew);
  if (fresh.length > titles.length * PROBE_WHEN_NEW_BELOW) {
    sweep(p, (later, earlier) => {
      if (isNew(later) || isNew(earlier)) keep(later, earlier);
    });
  } else {
    probe(p, fresh, isNew, keep);
  }
  return pairs;
}
