import type { FeedKey } from "../../../contracts/feeds.ts";
import type { Database } from "../../db/database.ts";
import { UNTITLED } from "../feeds/parse/normalise.ts";
import type { ArticleRow } from "../feeds/repository.ts";
import { articlesSince, signaturesSince } from "./repository.ts";
import { outletOf, type StoryArticle, StoryIndex } from "./story-index.ts";

/** Spec §5: stories cluster the last 48 hours' articles unless STORIES_WINDOW_HOURS says otherwise. */
export const DEFAULT_STORIES_WINDOW_MS = 48 * 3_600_000;

/** The stories of one feed, or (gemwire) of every feed together. */
export type StoryScope = FeedKey;

type Member = StoryArticle & { row: ArticleRow };

/** A story before it is presented: its articles earliest first. */
export type StoryGroup = { articles: ArticleRow[]; timestamp: number; sources: number; firstSource: string };

type ScopeCache = {
  index: StoryIndex<Member>;
  signature: string;
  groups: StoryGroup[];
  /** How many times the stories were brought up to date. */
  updates: number;
  pending?: Promise<void>;
};

/** One cache per database (tests with their own databases never share), one entry per scope and window. */
const caches = new WeakMap<Database, Map<string, ScopeCache>>();

function cacheFor(database: Database, scope: StoryScope, windowMs: number): ScopeCache {
  let perScope = caches.get(database);
  if (!perScope) {
    perScope = new Map();
    caches.set(database, perScope);
  }
  const key = `${scope}@${windowMs}`;
  let cache = perScope.get(key);
  if (!cache) {
    cache = { index: new StoryIndex<Member>(), signature: "", groups: [], updates: 0 };
    perScope.set(key, cache);
  }
  return cache;
}

function scopeSignature(signatures: Map<string, string>, scope: StoryScope): string {
  if (scope !== "gemwire") return signatures.get(scope) ?? "none";
  return [...signatures.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, signature]) => `${key}=${signature}`)
    .join("|");
}

const asMember = (row: ArticleRow): Member => ({
  id: row.id,
  title: row.title,
  link: row.link,
  source: row.source,
  publishedAt: row.published_at,
  version: row.updated_at,
  row,
});

function summarise(members: Member[]): StoryGroup {
  const articles = members.map((member) => member.row);
  return {
    articles,
    timestamp: Math.max(...articles.map((row) => row.published_at)),
    sources: new Set(members.map((member) => outletOf(member).toLowerCase())).size,
    firstSource: outletOf(members[0] as Member),
  };
}

/**
 * The stories of a scope over the articles published in the last `windowMs`. Computed
 * once and kept: a request first asks the database whether the scope's articles changed
 * (one aggregate query); only then are the new or changed titles clustered into the
 * kept stories. Concurrent requests share one update, and a request that finds an
 * update for older articles running waits for it and then looks again. Items the feed
 * left untitled take no part: their placeholder title would make them one story.
 */
export async function storiesOf(
  database: Database,
  scope: StoryScope,
  windowMs: number,
  now = Date.now(),
): Promise<StoryGroup[]> {
  const cache = cacheFor(database, scope, windowMs);
  const since = now - windowMs;
  for (;;) {
    const signature = scopeSignature(await signaturesSince(database, since), scope);
    if (signature === cache.signature) return cache.groups;
    if (cache.pending) {
      await cache.pending;
      continue;
    }
    cache.pending = (async () => {
      const rows = await articlesSince(database, since, scope === "gemwire" ? undefined : scope);
      cache.index.update(rows.filter((row) => row.title !== UNTITLED).map(asMember));
      cache.groups = cache.index.stories().map(summarise);
      cache.signature = signature;
      cache.updates++;
    })().finally(() => {
      cache.pending = undefined;
    });
    await cache.pending;
    return cache.groups;
  }
}

/** How often a scope's stories were updated and how many titles the last update compared (for tests and logs). */
export function storyCacheStats(
  database: Database,
  scope: StoryScope,
  windowMs = DEFAULT_STORIES_WINDOW_MS,
): { updates: number; compared: number } {
  const cache = caches.get(database)?.get(`${scope}@${windowMs}`);
  return { updates: cache?.updates ?? 0, compared: cache?.index.lastCompared ?? 0 };
}

/** A story's half-life for ranking: after this long, recency counts half. */
const RECENCY_HALF_LIFE_HOURS = 12;

/**
 * How high a story ranks in Gemwire's top stories: coverage counts most (each source 2,
 * each further article from a source already counted 0.5), recency adds up to 3 and
 * halves every 12 hours, and members' net up-votes on its articles add log2(1 + net).
 */
export function storyScore(story: StoryGroup, netVotes: number, now: number): number {
  const ageHours = Math.max(0, (now - story.timestamp) / 3_600_000);
  const coverage = 2 * story.sources + 0.5 * (story.articles.length - story.sources);
  const recency = 3 * 2 ** (-ageHours / RECENCY_HALF_LIFE_HOURS);
  return coverage + recency + Math.log2(1 + Math.max(0, netVotes));
}

/** Every article link of the given stories (for counting their votes). */
export const linksOf = (stories: StoryGroup[]) => stories.flatMap((story) => story.articles.map((row) => row.link));
