import { EXACT_TITLES, similarPairs } from "./cluster.ts";
import { groupsOf } from "./groups.ts";
import { normaliseTitle } from "./similarity.ts";

/** What a story needs of an article. `version` changes whenever the stored article does. */
export type StoryArticle = {
  id: number;
  title: string;
  link: string;
  source: string;
  publishedAt: number;
  version: number;
};

/**
 * The outlet an article came from: the source its feed names (which the feed engine
 * fills with the link's host when the feed names none), else the link's host without
 * "www.". Aggregator and sample feeds link many outlets through one host, so the host
 * alone would make every story "one source" (see docs/decisions/010 and 011).
 */
export function outletOf(article: Pick<StoryArticle, "link" | "source">): string {
  const named = article.source.trim();
  if (named) return named;
  try {
    return new URL(article.link).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

export const earliestFirst = (a: StoryArticle, b: StoryArticle) => a.publishedAt - b.publishedAt || a.id - b.id;

/**
 * Which articles may count as each other's duplicates: only those of one group. The
 * members' layer gives each member feed a group of its own, so a stranger's copy of a
 * member's link never removes the member's own (see allStoriesOf).
 */
export type DuplicateGroup<T> = (article: T) => string;

/**
 * Of articles with the same outlet (host) and the same title (or the same link), only
 * the earliest counts — within each duplicate group, when `groupOf` is given. Returns the
 * kept articles, earliest first.
 */
export function withoutDuplicates<T extends StoryArticle>(articles: readonly T[], groupOf?: DuplicateGroup<T>): T[] {
  const seen = new Set<string>();
  return [...articles].sort(earliestFirst).filter((article) => {
    const group = groupOf ? `${groupOf(article)}\n` : "";
    const keys = duplicateKeys(article).map((key) => group + key);
    if (keys.some((key) => seen.has(key))) return false;
    for (const key of keys) seen.add(key);
    return true;
  });
}

/** Keys under which an article and its duplicates meet: its outlet and title, and its link. */
export function duplicateKeys(article: Pick<StoryArticle, "link" | "source" | "title">): string[] {
  const keys = [`title\n${outletOf(article).toLowerCase()}\n${normaliseTitle(article.title)}`];
  if (article.link) keys.push(`link\n${article.link}`);
  return keys;
}

/**
 * The similar pairs among a changing set of articles, kept up to date incrementally.
 * Duplicates are dropped first, over the whole set or each duplicate group (before clustering); each
 * update then compares only the titles that are new to the kept set or changed
 * (against every title), keeps the pairs of articles that stay, and forgets those of
 * articles that left. Stories are the connected groups of these pairs, so they are what
 * clustering the kept articles afresh would give.
 */
export class StoryIndex<T extends StoryArticle> {
  private articles = new Map<number, T>();
  private neighbours = new Map<number, Set<number>>();
  /** Whether the kept pairs were found the exact way (cluster.ts: by the set's size), once known. */
  private exact: boolean | undefined;
  /** How many titles the last update had to compare (for tests and logs). */
  lastCompared = 0;

  /** `groupOf`: which articles may be each other's duplicates (every article, without it). */
  constructor(private readonly groupOf?: DuplicateGroup<T>) {}

  update(everything: readonly T[]): void {
    const current = withoutDuplicates(everything, this.groupOf);
    const next = new Map(current.map((article) => [article.id, article]));
    const changed = (article: T) => {
      const known = this.articles.get(article.id);
      return !known || known.version !== article.version || known.title !== article.title;
    };
    // A set that crossed EXACT_TITLES is compared afresh the other way: its pairs are then
    // what clustering it afresh gives, in every process, whatever sizes it went through.
    const exact = current.length <= EXACT_TITLES;
    const wayChanged = this.exact !== undefined && this.exact !== exact;
    this.exact = exact;
    if (wayChanged) this.neighbours.clear();
    for (const id of this.articles.keys()) {
      const now = next.get(id);
      if (!now || changed(now)) this.forget(id);
    }
    const fresh = new Set(current.filter((article) => wayChanged || changed(article)).map((article) => article.id));
    this.articles = next;
    this.lastCompared = fresh.size;
    if (fresh.size === 0) return;
    const pairs = similarPairs(
      current.map((article) => article.title),
      (index) => fresh.has((current[index] as T).id),
    );
    for (const [i, j] of pairs) this.connect((current[i] as T).id, (current[j] as T).id);
  }

  /**
   * The stories: groups of two or more articles, each earliest first. With `keep`, the
   * stories of the kept articles alone — the connected groups of their own pairs, as
   * clustering only them would give (an article left out bridges nothing).
   */
  stories(keep?: (article: T) => boolean): T[][] {
    const list = keep ? [...this.articles.values()].filter(keep) : [...this.articles.values()];
    const position = new Map(list.map((article, index) => [article.id, index]));
    const pairs: Array<[number, number]> = [];
    this.forEachPair((a, b) => {
      const i = position.get(a.id);
      const j = position.get(b.id);
      if (i !== undefined && j !== undefined) pairs.push([i, j]);
    });
    return groupsOf(list.length, pairs).map((group) => group.map((index) => list[index] as T).sort(earliestFirst));
  }

  /** Calls `visit` once for each similar pair of kept articles. */
  forEachPair(visit: (a: T, b: T) => void): void {
    for (const [id, others] of this.neighbours) {
      for (const other of others) if (id < other) visit(this.articles.get(id) as T, this.articles.get(other) as T);
    }
  }

  private connect(a: number, b: number): void {
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const set = this.neighbours.get(from);
      if (set) set.add(to);
      else this.neighbours.set(from, new Set([to]));
    }
  }

  private forget(id: number): void {
    for (const other of this.neighbours.get(id) ?? []) this.neighbours.get(other)?.delete(id);
    this.neighbours.delete(id);
  }
}
