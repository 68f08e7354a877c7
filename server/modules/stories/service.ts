import type { FeedKey } from "../../../contracts/feeds.ts";
import type { Database } from "../../db/database.ts";
import { UNTITLED } from "../../lib/feed-reader/normalise.ts";
import type { ArticleRow } from "../articles/index.ts";
import { BUILT_IN_FEED_KEYS, isMemberFeedKey } from "../articles/index.ts";
import { articlesSince, newestMemberArticlesSince, signaturesSince } from "./repository.ts";
import type { StoryGroup } from "./story-group.ts";
import { storyIdOf } from "./story-group.ts";
import {
  type DuplicateGroup,
  duplicateKeys,
  outletOf,
  type StoryArticle,
  StoryIndex,
  withoutDuplicates,
} from "./story-index.ts";

/** Stories cluster the last 48 hours' articles unless STORIES_WINDOW_HOURS says otherwise. */
export const DEFAULT_STORIES_WINDOW_MS = 48 * 3_600_000;

/** The stories of one feed, or (gemwire) of every built-in feed together. */
export type StoryScope = FeedKey;

type Member = StoryArticle & { row: ArticleRow };

type Kept<T> = {
  index: StoryIndex<Member>;
  signature: string;
  value: T;
  /** How many times the stories were brought up to date. */
  updates: number;
  pending?: Promise<void>;
};

/** One cache per database (tests with their own databases never share), one entry per scope and window. */
const caches = new WeakMap<Database, Map<string, Kept<unknown>>>();

function cacheFor<T>(database: Database, key: string, empty: T, groupOf?: DuplicateGroup<Member>): Kept<T> {
  let perScope = caches.get(database);
  if (!perScope) {
    perScope = new Map();
    caches.set(database, perScope);
  }
  let cache = perScope.get(key) as Kept<T> | undefined;
  if (!cache) {
    cache = { index: new StoryIndex<Member>(groupOf), signature: "", value: empty, updates: 0 };
    perScope.set(key, cache as Kept<unknown>);
  }
  return cache;
}

/**
 * Brings a cache up to `signature` with `rebuild`, or answers undefined when an update
 * for older articles was running: the caller then looks at the articles again.
 * Concurrent requests share one update.
 */
async function upToDate<T>(cache: Kept<T>, signature: string, rebuild: () => Promise<T>): Promise<T | undefined> {
  if (signature === cache.signature) return cache.value;
  if (cache.pending) {
    await cache.pending;
    return undefined;
  }
  cache.pending = (async () => {
    cache.value = await rebuild();
    cache.signature = signature;
    cache.updates++;
  })().finally(() => {
    cache.pending = undefined;
  });
  await cache.pending;
  return cache.value;
}

/** The signature of the given feeds' articles, in a stable order. */
function signatureOf(signatures: Map<string, string>, include: (key: string) => boolean): string {
  return [...signatures.entries()]
    .filter(([key]) => include(key))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, signature]) => `${key}=${signature}`)
    .join("|");
}

const builtInKeys = new Set(BUILT_IN_FEED_KEYS);
const isBuiltIn = (key: string) => builtInKeys.has(key);

/**
 * Gemwire's public stories never look at members' feeds (nor at the rows of a feed no
 * longer configured): their articles change nothing in them.
 */
function scopeSignature(signatures: Map<string, string>, scope: StoryScope): string {
  if (scope !== "gemwire") return signatures.get(scope) ?? "none";
  return signatureOf(signatures, isBuiltIn);
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

/** A scope's stories as of `signatures`, or undefined when the caller must look again. */
function scopeStories(
  database: Database,
  scope: StoryScope,
  windowMs: number,
  since: number,
  signatures: Map<string, string>,
): Promise<StoryGroup[] | undefined> {
  const cache = cacheFor<StoryGroup[]>(database, `${scope}@${windowMs}`, []);
  return upToDate(cache, scopeSignature(signatures, scope), async () => {
    const rows = await articlesSince(database, since, scope === "gemwire" ? { builtIn: true } : { feedKey: scope });
    cache.index.update(rows.filter((row) => row.title !== UNTITLED).map(asMember));
    return cache.index.stories().map(summarise);
  });
}

/**
 * The stories of a scope over the articles published in the last `windowMs` — for
 * gemwire, of every built-in feed: the public stories, which members' feeds never
 * change (docs/decisions/020). Computed once and kept: a request first asks
 * the database whether the scope's articles changed (one aggregate query); only then
 * are the new or changed titles clustered into the kept stories. Concurrent requests
 * share one update, and a request that finds an update for older articles running waits
 * for it and then looks again. Items the feed left untitled take no part: their
 * placeholder title would make them one story.
 */
export async function storiesOf(
  database: Database,
  scope: StoryScope,
  windowMs: number,
  now = Date.now(),
): Promise<StoryGroup[]> {
  const since = now - windowMs;
  for (;;) {
    const stories = await scopeStories(database, scope, windowMs, since, await signaturesSince(database, since));
    if (stories) return stories;
  }
}

/**
 * The stories members' feeds take part in, beside the public ones: every built-in
 * article of the window and the newest MEMBER_ARTICLES_MAX of members' feeds, clustered
 * together once per change of any feed (only while members' feeds have articles in the
 * window). A member's article that repeats a built-in one (the same link, or outlet and
 * title) takes no part: the built-in copy always stands. Member articles are duplicates
 * only of their own feed's: a stranger's feed carrying a member's link, dated earlier,
 * never takes the member's copy out of the member's stories. Nobody sees these stories
 * whole: each viewer gets those of the built-in feeds and the member feeds they follow
 * (visibleTo), which is what clustering only those would give — so another member's
 * feed never merges or splits what a viewer sees.
 */
export type MemberStories = {
  /** The member feeds with an article in a similar pair (following another changes no story). */
  feeds: ReadonlySet<string>;
  /**
   * The stories of the built-in feeds and `followed` (sorted member feed keys), kept per
   * set (the least recently asked for set goes first). A story that joins a public one
   * carries that public story's id.
   */
  visibleTo(followed: readonly string[]): StoryGroup[];
};

/** Every story id and the public stories, with the member feeds' layer when they have articles. */
export type AllStories = { public: StoryGroup[]; members: MemberStories | null };

/**
 * Viewer lists kept per update of the member stories, one per set of followed member
 * feeds, least recently used dropped first: enough for the sets in use between two
 * updates, so a follower's request does not rebuild theirs.
 */
export const KEPT_PER_STORIES = 256;

/**
 * At most this many member-feed articles (the newest in the window) take part in the
 * members' layer, so its memory and clustering stay bounded however many members'
 * feeds there are; older ones are then in no story (their story id is null).
 */
export const MEMBER_ARTICLES_MAX = 20_000;

/** `story-<earliest article's id>`, or the earliest public story's id when the story holds one. */
function joinedId(members: readonly Member[], publicStoryOf: Map<number, StoryGroup>): string | undefined {
  // Members come earliest first: the first in a public story is that story's earliest article.
  for (const member of members) {
    const story = publicStoryOf.get(member.id);
    if (story) return storyIdOf(story);
  }
  return undefined;
}

/** Member feeds' articles are duplicates of their own feed's alone (built-in ones share one group). */
const memberDuplicateGroup: DuplicateGroup<Member> = (member) =>
  isMemberFeedKey(member.row.feed_key) ? member.row.feed_key : "";

function memberStoriesFrom(index: StoryIndex<Member>, publicStories: StoryGroup[]): MemberStories {
  const publicStoryOf = new Map<number, StoryGroup>();
  for (const story of publicStories) for (const row of story.articles) publicStoryOf.set(row.id, story);
  const feeds = new Set<string>();
  index.forEachPair((a, b) => {
    for (const { row } of [a, b]) if (isMemberFeedKey(row.feed_key)) feeds.add(row.feed_key);
  });
  const lists = new Map<string, StoryGroup[]>();
  return {
    feeds,
    visibleTo(followed) {
      const shown = followed.filter((key) => feeds.has(key));
      if (shown.length === 0) return publicStories;
      const key = shown.join(",");
      let list = lists.get(key);
      if (list) {
        // Used again: to the end of the line.
        lists.delete(key);
        lists.set(key, list);
        return list;
      }
      const keep = new Set(shown);
      list = index
        .stories((article) => !isMemberFeedKey(article.row.feed_key) || keep.has(article.row.feed_key))
        // Two followed feeds may carry one link: the viewer sees its earliest copy alone.
        .map((members) => withoutDuplicates(members))
        .filter((members) => members.length >= 2)
        .map((members) => {
          const id = joinedId(members, publicStoryOf);
          const story = summarise(members);
          return id === undefined ? story : { ...story, id };
        });
      lists.set(key, list);
      if (lists.size > KEPT_PER_STORIES) lists.delete(lists.keys().next().value as string);
      return list;
    },
  };
}

/**
 * The public stories, and (while members' feeds have articles in the window) the member
 * feeds' layer over them: see MemberStories. One aggregate query while nothing changed;
 * a change in a member feed updates the layer alone, never the public stories.
 */
export async function allStoriesOf(database: Database, windowMs: number, now = Date.now()): Promise<AllStories> {
  const since = now - windowMs;
  for (;;) {
    const signatures = await signaturesSince(database, since);
    const publicStories = await scopeStories(database, "gemwire", windowMs, since, signatures);
    if (!publicStories) continue;
    const cache = cacheFor<MemberStories | null>(database, `members@${windowMs}`, null, memberDuplicateGroup);
    if (![...signatures.keys()].some(isMemberFeedKey)) {
      // Nothing of members' feeds in the window: the layer's index is let go.
      if (cache.value !== null) {
        Object.assign(cache, { index: new StoryIndex<Member>(memberDuplicateGroup), signature: "", value: null });
      }
      return { public: publicStories, members: null };
    }
    const members = await upToDate(
      cache,
      signatureOf(signatures, (key) => isBuiltIn(key) || isMemberFeedKey(key)),
      async () => {
        const [builtIn, ofMembers] = await Promise.all([
          articlesSince(database, since, { builtIn: true }),
          newestMemberArticlesSince(database, since, MEMBER_ARTICLES_MAX),
        ]);
        const titled = builtIn.filter((row) => row.title !== UNTITLED);
        const builtInKeys = new Set(titled.flatMap(duplicateKeys));
        const theirs = ofMembers.filter(
          (row) =>
            row.title !== UNTITLED &&
            isMemberFeedKey(row.feed_key) &&
            !duplicateKeys(row).some((key) => builtInKeys.has(key)),
        );
        cache.index.update([...titled, ...theirs].map(asMember));
        return memberStoriesFrom(cache.index, publicStories);
      },
    );
    if (members !== undefined) return { public: publicStories, members };
  }
}

/** How often a scope's stories (or "members": the member feeds' layer) were updated, and how many titles the last update compared (for tests and logs). */
export function storyCacheStats(
  database: Database,
  scope: StoryScope | "members",
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
