import type { FeedKey } from "../../../contracts/feeds.ts";
import type { Story, StorySort } from "../../../contracts/stories.ts";
import type { Database } from "../../db/database.ts";
import { NO_VOTES, tallyVotes, type VoteTally } from "../community/repository.ts";
import { UNTITLED } from "../feeds/parse/normalise.ts";
import type { ArticleRow } from "../feeds/repository.ts";
import { presentStory } from "./presenter.ts";
import { articlesSince, signaturesSince } from "./repository.ts";
import { duplicateKeys, outletOf, type StoryArticle, StoryIndex } from "./story-index.ts";

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

/** Newest story first. */
const byDate = (a: StoryGroup, b: StoryGroup) => b.timestamp - a.timestamp;
/** Most sources first, then most articles, then newest. */
const byCoverage = (a: StoryGroup, b: StoryGroup) =>
  b.sources - a.sources || b.articles.length - a.articles.length || byDate(a, b);

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

const netVotesOf = (story: StoryGroup, tallies: Map<string, VoteTally>) =>
  story.articles.reduce((sum, row) => {
    const tally = tallies.get(row.link) ?? NO_VOTES;
    return sum + tally.votes.up - tally.votes.down;
  }, 0);

/** Gemwire's ranking: by score (see storyScore), newest first among equals. */
export function rankStories(stories: StoryGroup[], tallies: Map<string, VoteTally>, now: number): StoryGroup[] {
  const scored = stories.map((story) => ({ story, score: storyScore(story, netVotesOf(story, tallies), now) }));
  return scored.sort((a, b) => b.score - a.score || byDate(a.story, b.story)).map(({ story }) => story);
}

const linksOf = (stories: StoryGroup[]) => stories.flatMap((story) => story.articles.map((row) => row.link));

export type StoriesRequest = {
  scope: StoryScope;
  sort?: StorySort;
  limit: number;
  windowMs: number;
  viewerId?: string | null;
  now?: number;
};

/**
 * `GET /api/stories`: a scope's stories in order — by date, by coverage, or (gemwire
 * without a sort) ranked — at most `limit` of them, with each article's votes.
 */
export async function listStories(database: Database, request: StoriesRequest): Promise<Story[]> {
  const now = request.now ?? Date.now();
  const stories = await storiesOf(database, request.scope, request.windowMs, now);
  const viewerId = request.viewerId ?? null;
  if (request.scope === "gemwire" && request.sort === undefined) {
    // Ranking needs every story's votes; the same counts then go out with the shown ones.
    const tallies = await tallyVotes(database, linksOf(stories), viewerId);
    return rankStories(stories, tallies, now)
      .slice(0, request.limit)
      .map((story) => presentStory(story, tallies));
  }
  const shown = [...stories].sort(request.sort === "coverage" ? byCoverage : byDate).slice(0, request.limit);
  const tallies = await tallyVotes(database, linksOf(shown), viewerId);
  return shown.map((story) => presentStory(story, tallies));
}

/**
 * What Gemwire's own feed starts with: the lead (earliest) article of each story across
 * every feed, best first, and a test for articles a story already covers (its members,
 * and their duplicates), which the feed leaves out.
 */
export async function topStoryLeads(
  database: Database,
  windowMs: number,
  now = Date.now(),
): Promise<{ leads: ArticleRow[]; covers: (row: ArticleRow) => boolean }> {
  const stories = await storiesOf(database, "gemwire", windowMs, now);
  const ranked = rankStories(stories, await tallyVotes(database, linksOf(stories), null), now);
  const covered = new Set(stories.flatMap((story) => story.articles.flatMap(duplicateKeys)));
  return {
    leads: ranked.map((story) => story.articles[0] as ArticleRow),
    covers: (row) => duplicateKeys(row).some((key) => covered.has(key)),
  };
}
