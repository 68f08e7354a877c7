import type { FeedKey } from "../../../contracts/feeds.ts";
import type { Story } from "../../../contracts/stories.ts";
import type { Database } from "../../db/database.ts";
import { NO_VOTES, tallyVotes, type VoteTally } from "../community/repository.ts";
import { presentArticle } from "../feeds/presenter.ts";
import type { ArticleRow } from "../feeds/repository.ts";
import { articlesSince, type ScopeSignature, signaturesSince } from "./repository.ts";
import { outletOf, type StoryArticle, StoryIndex } from "./story-index.ts";

/** Spec §5: stories cluster the last 48 hours' articles unless STORIES_WINDOW_HOURS says otherwise. */
export const DEFAULT_STORIES_WINDOW_MS = 48 * 3_600_000;

/** The stories of one feed, or (gemwire) of every feed together. */
export type StoryScope = FeedKey;
export type StorySort = "date" | "coverage";

type Member = StoryArticle & { row: ArticleRow };

/** A story before it is presented: its articles earliest first. */
export type StoryGroup = { articles: ArticleRow[]; timestamp: number; sources: number; firstSource: string };

type ScopeCache = {
  index: StoryIndex<Member>;
  signature: string;
  groups: StoryGroup[];
  /** How many times the stories were brought up to date, and how many titles the last time compared. */
  updates: number;
  pending?: Promise<void>;
};

/** One cache per database (so tests with their own databases never share), one entry per scope. */
const caches = new WeakMap<Database, Map<StoryScope, ScopeCache>>();

function scopeSignature(signatures: Map<string, ScopeSignature>, scope: StoryScope, since: number): string {
  const parts =
    scope === "gemwire"
      ? [...signatures.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, s]) => `${key}:${s.count}:${s.maxId}:${s.updatedAt}`)
      : [signatures.get(scope)].map((s) => (s ? `${s.count}:${s.maxId}:${s.updatedAt}` : "none"));
  // The window's start moves on, but only articles leaving it (which changes a count) matter.
  return `${parts.join("|")}@${since > 0 ? "window" : "all"}`;
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
  const first = members[0] as Member;
  return {
    articles,
    timestamp: Math.max(...articles.map((row) => row.published_at)),
    sources: new Set(members.map((member) => outletOf(member).toLowerCase())).size,
    firstSource: outletOf(first),
  };
}

/**
 * The stories of a scope over the articles published in the last `windowMs`. Computed
 * once and kept: a request first asks the database whether the scope's articles changed
 * (one aggregate query); only then are the new or changed titles clustered into the
 * kept stories. Concurrent requests share one update.
 */
export async function storiesOf(
  database: Database,
  scope: StoryScope,
  windowMs: number,
  now = Date.now(),
): Promise<StoryGroup[]> {
  let perScope = caches.get(database);
  if (!perScope) {
    perScope = new Map();
    caches.set(database, perScope);
  }
  let cache = perScope.get(scope);
  if (!cache) {
    cache = { index: new StoryIndex<Member>(), signature: "", groups: [], updates: 0 };
    perScope.set(scope, cache);
  }
  const since = now - windowMs;
  const signature = scopeSignature(await signaturesSince(database, since), scope, since);
  if (signature === cache.signature) return cache.groups;
  if (!cache.pending) {
    const entry = cache;
    entry.pending = (async () => {
      const rows = await articlesSince(database, since, scope === "gemwire" ? undefined : scope);
      entry.index.update(rows.map(asMember));
      entry.groups = entry.index.stories().map(summarise);
      entry.signature = signature;
      entry.updates++;
    })().finally(() => {
      entry.pending = undefined;
    });
  }
  await cache.pending;
  return cache.groups;
}

/** How often a scope's stories were updated and how many titles the last update compared (for tests and logs). */
export function storyCacheStats(database: Database, scope: StoryScope): { updates: number; compared: number } {
  const cache = caches.get(database)?.get(scope);
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

function ordered(
  stories: StoryGroup[],
  scope: StoryScope,
  sort: StorySort | undefined,
  tallies: Map<string, VoteTally>,
  now: number,
) {
  if (sort === "coverage") return [...stories].sort(byCoverage);
  if (sort === "date" || scope !== "gemwire") return [...stories].sort(byDate);
  return rankStories(stories, tallies, now);
}

function present(story: StoryGroup, tallies: Map<string, VoteTally>): Story {
  const first = story.articles[0] as ArticleRow;
  return {
    id: `story-${first.id}`,
    title: first.title,
    articles: story.articles.map((row) => presentArticle(row, tallies.get(row.link))),
    timestamp: new Date(story.timestamp).toISOString(),
    sources: story.sources,
    firstSource: story.firstSource,
  };
}

export type StoriesRequest = {
  scope: StoryScope;
  sort?: StorySort;
  windowMs: number;
  viewerId?: string | null;
  now?: number;
};

/** `GET /api/stories`: a scope's stories, ordered, with each article's votes. */
export async function listStories(database: Database, request: StoriesRequest): Promise<Story[]> {
  const now = request.now ?? Date.now();
  const stories = await storiesOf(database, request.scope, request.windowMs, now);
  const tallies = await tallyVotes(
    database,
    stories.flatMap((story) => story.articles.map((row) => row.link)),
    request.viewerId ?? null,
  );
  return ordered(stories, request.scope, request.sort, tallies, now).map((story) => present(story, tallies));
}

/**
 * Gemwire's own feed: the lead (earliest) article of each top story, best first, then the
 * newest articles that are in no story, each link once, up to `limit`.
 */
export async function topFeedRows(
  database: Database,
  windowMs: number,
  limit: number,
  newest: ArticleRow[],
  now = Date.now(),
): Promise<ArticleRow[]> {
  const stories = await storiesOf(database, "gemwire", windowMs, now);
  const tallies = await tallyVotes(
    database,
    stories.flatMap((story) => story.articles.map((row) => row.link)),
    null,
  );
  const inStories = new Set(stories.flatMap((story) => story.articles.map((row) => row.link || `#${row.id}`)));
  const leads = rankStories(stories, tallies, now).map((story) => story.articles[0] as ArticleRow);
  const rest = newest.filter((row) => !inStories.has(row.link || `#${row.id}`));
  const seen = new Set<string>();
  return [...leads, ...rest]
    .filter((row) => {
      const key = row.link || `#${row.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}
