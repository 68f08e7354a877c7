import { randomBytes } from "node:crypto";
import type { StorySort } from "../../../contracts/stories.ts";
import type { Database } from "../../db/database.ts";
import { invalidRequest } from "../../errors.ts";
import { readDataVersions, versionOf } from "../../lib/data-versions.ts";
import { KeptPage } from "../../lib/kept-page.ts";
import type { ArticleRow } from "../articles/index.ts";
import { PUBLIC_FEEDS, tallyArticles, type VisibleFeeds, type VoteTally } from "../articles/index.ts";
import { presentStory } from "./presenter.ts";
import { voteSignature } from "./repository.ts";
import { linksOf, type StoryScope, storiesOf, storyScore } from "./service.ts";
import type { StoryGroup } from "./story-group.ts";
import { duplicateKeys } from "./story-index.ts";
import { storiesVisibleTo } from "./visible.ts";

/** The orders a list of stories comes in: Gemwire's ranking, newest first, most covered first. */
export type StoryOrder = "ranked" | "date" | "coverage";

/**
 * How long a ranking is kept while nothing else changes. Recency is the only part of a
 * score that moves with time; in a minute it moves by at most 0.3% of its weight (3
 * points, halving every 12 hours), far less than one vote or one source.
 */
export const RANKING_TTL_MS = 60_000;

/** One order of a scope's stories, with what paging needs. */
type Sorted = {
  /** Positions in the presented stories, in this order. */
  order: number[];
  /** Each position's sort key, all parts descending (date and coverage orders). */
  keys: number[][];
  builtAt: number;
  version: number;
  /** The pages last asked for, by start and size, newest last. */
  pages: Map<string, KeptPage>;
};

/** Pages kept per order: the first pages, which almost every request asks for, and a few more. */
const PAGES_KEPT = 4;

/** A scope's stories as the API sends them, kept until the stories or their votes change. */
type Presented = {
  votes: string;
  tallies: Map<string, VoteTally>;
  /** Each story's JSON, made once and shared by every order and page. */
  json: string[];
  orders: Partial<Record<StoryOrder, Sorted>>;
  version: number;
  /** Keys of every article the stories cover and of its duplicates (for Gemwire's feed). */
  covered?: Set<string>;
};

/** Keyed by the stories' array, which the stories cache replaces whenever the articles change. */
const presentedByStories = new WeakMap<StoryGroup[], Presented>();
/** ETags name this process's versions: another process (or a restart) never matches them by chance. */
const BOOT = randomBytes(6).toString("base64url");
let versions = 0;

const storyNumber = (story: StoryGroup) => (story.articles[0] as { id: number }).id;

function keyOf(story: StoryGroup, order: StoryOrder): number[] {
  if (order === "coverage") return [story.sources, story.articles.length, story.timestamp, storyNumber(story)];
  return [story.timestamp, storyNumber(story)];
}

/** Negative when key `a` comes first: every part is compared largest first. */
function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] as number) - (a[i] as number);
  return 0;
}

function sortStories(stories: StoryGroup[], tallies: Map<string, VoteTally>, order: StoryOrder, now: number): Sorted {
  const positions = stories.map((_, index) => index);
  const base = { builtAt: now, version: ++versions, pages: new Map<string, KeptPage>() };
  if (order === "ranked") {
    const scores = stories.map((story) => storyScore(story, netVotes(story, tallies), now));
    const dateKeys = stories.map((story) => keyOf(story, "date"));
    positions.sort(
      (a, b) =>
        (scores[b] as number) - (scores[a] as number) || compareKeys(dateKeys[a] as number[], dateKeys[b] as number[]),
    );
    return { ...base, order: positions, keys: [] };
  }
  const keys = stories.map((story) => keyOf(story, order));
  positions.sort((a, b) => compareKeys(keys[a] as number[], keys[b] as number[]));
  return { ...base, order: positions, keys: positions.map((position) => keys[position] as number[]) };
}

function netVotes(story: StoryGroup, tallies: Map<string, VoteTally>): number {
  let net = 0;
  for (const row of story.articles) {
    const tally = tallies.get(row.link);
    if (tally) net += tally.votes.up - tally.votes.down;
  }
  return net;
}

/** Where a page starts: after the story whose key (or ranking place) `before` names. */
function startOf(sorted: Sorted, order: StoryOrder, before: string | undefined): number {
  if (before === undefined) return 0;
  const place = /^top(\d+)$/.exec(before)?.[1];
  const key = before.split("_").map(Number);
  const parts = order === "coverage" ? 4 : 2;
  const fits = order === "ranked" ? place !== undefined : place === undefined && key.length === parts;
  if (!fits) throw invalidRequest("before must be the `next` value of a previous page in the same order");
  if (place !== undefined) return Number(place);
  // The first story that sorts after the key: stories added since then, or gone, move nothing.
  let low = 0;
  let high = sorted.keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(sorted.keys[middle] as number[], key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * How long the articles' and votes' check may be skipped while the database's change
 * stamp stands still: nothing was written, but articles still age out of the window
 * as time passes, so that is noticed within this much.
 */
export const UNCHANGED_TRUST_MS = 1_000;

type Checked = { stamp: string; at: number; stories: StoryGroup[]; votes: string };

/**
 * What says nothing the stories are made of was written: SQLite's change stamp (no write
 * at all, by any process); on PostgreSQL the database's data version (migration 023,
 * moved at commit by any write to the articles or the votes), one small query in place of
 * the check's aggregates over the window.
 */
async function storiesStamp(database: Database): Promise<string | null> {
  if (database.dialect === "sqlite") return database.changeStamp();
  return `v${versionOf(await readDataVersions(database), STORY_TABLES)}`;
}
const STORY_TABLES = ["articles", "article_votes"] as const;

/** The last full check per database and scope. */
const lastChecks = new WeakMap<Database, Map<string, Checked>>();

/**
 * A scope's stories and the votes' signature, checked against the database — unless the
 * database's change stamp says nothing at all was written since the last check, less
 * than UNCHANGED_TRUST_MS ago; then that check's answer stands, and the request costs
 * no query.
 */
async function checkedStories(database: Database, scope: StoryScope, windowMs: number, now: number) {
  // Read before checking: a write during the check leaves a different stamp for the next request.
  const stamp = await storiesStamp(database);
  const key = `${scope}@${windowMs}`;
  const last = lastChecks.get(database)?.get(key);
  if (stamp !== null && last?.stamp === stamp && now >= last.at && now - last.at < UNCHANGED_TRUST_MS) return last;
  // Requests that find the same check due share it: under load, one check a second, not one each.
  const flightKey = `${key}\n${stamp}`;
  let flights = checksInFlight.get(database);
  const flying = stamp === null ? undefined : flights?.get(flightKey);
  if (flying) return flying;
  const checking = checkNow(database, scope, windowMs, now, key, stamp);
  if (stamp !== null) {
    if (!flights) {
      flights = new Map();
      checksInFlight.set(database, flights);
    }
    flights.set(flightKey, checking);
    checking.then(
      () => flights?.delete(flightKey),
      () => flights?.delete(flightKey),
    );
  }
  return checking;
}

/** The stories checks under way per database, by scope and stamp. */
const checksInFlight = new WeakMap<Database, Map<string, Promise<{ stories: StoryGroup[]; votes: string }>>>();

async function checkNow(
  database: Database,
  scope: StoryScope,
  windowMs: number,
  now: number,
  key: string,
  stamp: string | null,
): Promise<{ stories: StoryGroup[]; votes: string }> {
  const [stories, votes] = await Promise.all([storiesOf(database, scope, windowMs, now), voteSignature(database)]);
  let checks = lastChecks.get(database);
  if (stamp !== null) {
    if (!checks) {
      checks = new Map();
      lastChecks.set(database, checks);
    }
    checks.set(key, { stamp, at: now, stories, votes });
  }
  return { stories, votes };
}

/**
 * A scope's stories and their presentation, brought up to date with the articles and the
 * votes, as `visible` may see them: Gemwire's public stories, or for a member who follows
 * member feeds, those the feeds they follow take part in (see storiesVisibleTo).
 */
async function presentedOf(
  database: Database,
  scope: StoryScope,
  windowMs: number,
  now: number,
  visible: VisibleFeeds = PUBLIC_FEEDS,
) {
  const followsFeeds = scope === "gemwire" && visible.followed.length > 0;
  const { stories, votes } = followsFeeds
    ? await Promise.all([storiesVisibleTo(database, windowMs, visible, now), voteSignature(database)]).then(
        ([stories, votes]) => ({ stories, votes }),
      )
    : await checkedStories(database, scope, windowMs, now);
  let presented = presentedByStories.get(stories);
  if (!presented || presented.votes !== votes) {
    const tallies = await tallyArticles(database, linksOf(stories), null);
    presented = {
      votes,
      tallies,
      json: stories.map((story) => JSON.stringify(presentStory(story, tallies))),
      orders: {},
      version: ++versions,
    };
    presentedByStories.set(stories, presented);
  }
  return { stories, presented };
}

/** The stories in an order, sorted once per version (a ranking again after RANKING_TTL_MS). */
function sortedOf(stories: StoryGroup[], presented: Presented, order: StoryOrder, now: number): Sorted {
  let sorted = presented.orders[order];
  if (!sorted || (order === "ranked" && Math.abs(now - sorted.builtAt) >= RANKING_TTL_MS)) {
    sorted = sortStories(stories, presented.tallies, order, now);
    presented.orders[order] = sorted;
  }
  return sorted;
}

export type StoriesRequest = {
  scope: StoryScope;
  sort?: StorySort;
  limit: number;
  before?: string;
  windowMs: number;
  now?: number;
  /** Whose member feeds the viewer follows; visitors and public lists see the built-in feeds only. */
  visible?: VisibleFeeds;
};

/**
 * `GET /api/stories`: a page of a scope's stories — by date, by coverage, or (gemwire
 * without a sort) ranked — each article with its link's votes. Presented once per
 * version of the stories (see storiesOf) and of their votes, sorted once per order (a
 * ranking at most every RANKING_TTL_MS), and the pages asked for kept as bytes: a
 * request whose stories and votes have not changed costs two small aggregate queries.
 */
export async function listStories(database: Database, request: StoriesRequest): Promise<KeptPage> {
  const now = request.now ?? Date.now();
  const { stories, presented } = await presentedOf(database, request.scope, request.windowMs, now, request.visible);
  const order: StoryOrder =
    request.scope === "gemwire" && request.sort === undefined ? "ranked" : (request.sort ?? "date");
  const sorted = sortedOf(stories, presented, order, now);
  const start = startOf(sorted, order, request.before);
  const key = `${start}.${request.limit}`;
  const kept = sorted.pages.get(key);
  if (kept) return kept;

  const end = Math.min(start + request.limit, sorted.order.length);
  const shown = sorted.order.slice(start, end).map((position) => presented.json[position]);
  let next: string | null = null;
  if (end < sorted.order.length) next = order === "ranked" ? `top${end}` : (sorted.keys[end - 1] as number[]).join("_");
  const windowHours = Math.round(request.windowMs / 3_600_000);
  const json = `{"stories":[${shown.join(",")}],"windowHours":${windowHours},"next":${JSON.stringify(next)}}`;
  const page = new KeptPage(Buffer.from(json), `W/"${BOOT}.${presented.version}.${sorted.version}.${key}"`);
  sorted.pages.set(key, page);
  if (sorted.pages.size > PAGES_KEPT) sorted.pages.delete(sorted.pages.keys().next().value as string);
  return page;
}

/**
 * What Gemwire's own feed starts with: the lead (earliest) article of each public story
 * (of every built-in feed), in the ranking /api/stories gives, and a test for articles a story already
 * covers (its members, and their duplicates), which the feed leaves out.
 */
export async function topStoryLeads(
  database: Database,
  windowMs: number,
  now = Date.now(),
): Promise<{ leads: ArticleRow[]; covers: (row: ArticleRow) => boolean }> {
  const { stories, presented } = await presentedOf(database, "gemwire", windowMs, now);
  const ranked = sortedOf(stories, presented, "ranked", now);
  presented.covered ??= new Set(stories.flatMap((story) => story.articles.flatMap(duplicateKeys)));
  const covered = presented.covered;
  return {
    leads: ranked.order.map((position) => (stories[position] as StoryGroup).articles[0] as ArticleRow),
    covers: (row) => duplicateKeys(row).some((key) => covered.has(key)),
  };
}
