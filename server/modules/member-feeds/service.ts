import type { MemberFeed } from "../../../contracts/reading.ts";
import { MAX_MEMBER_FEEDS, MEMBER_FEED_KEY } from "../../../contracts/reading-catalog.ts";
import type { Database } from "../../db/database.ts";
import { AppError, notFound } from "../../errors.ts";
import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { memberFeedKey, normaliseAddress } from "./address.ts";
import { presentMemberFeed } from "./presenter.ts";
import {
  countFollowed,
  findMemberFeed,
  follow,
  isFollowing,
  listFollowedFeeds,
  pruneUnfollowedFeeds,
  unfollow,
} from "./repository.ts";
import { type ResolvedFeed, resolveFeed } from "./resolve.ts";

export const FEATURE_OFF = "Following your own feeds is turned off on this Gemwire.";
export const ALREADY_FOLLOWING = "Already following";
export const LIMIT_REACHED = `You follow ${MAX_MEMBER_FEEDS} feeds, the most allowed — remove one first`;

export const featureOff = () => notFound(FEATURE_OFF);

export async function listMemberFeeds(database: Database, userId: string): Promise<MemberFeed[]> {
  return (await listFollowedFeeds(database, userId)).map(presentMemberFeed);
}

async function presentFollowed(database: Database, userId: string, key: string): Promise<MemberFeed> {
  const row = (await listFollowedFeeds(database, userId)).find((feed) => feed.key === key);
  if (!row) throw notFound("No such feed");
  return presentMemberFeed(row);
}

export type AddContext = {
  database: Database;
  fetcher: GuardedFetch;
  /** Gemwire's own feeds: following one of them again would only repeat its dashboard row. */
  builtIn?: readonly { title: string; url: string | null }[];
  now?: () => number;
  signal?: AbortSignal;
};

/** The built-in feed at this address, if it is one (compared as followed addresses are). */
function builtInAt(ctx: AddContext, address: string): { title: string } | undefined {
  let url: string;
  try {
    url = normaliseAddress(address);
  } catch {
    return undefined;
  }
  return ctx.builtIn?.find((feed) => {
    if (feed.url === null) return false;
    try {
      return normaliseAddress(feed.url) === url;
    } catch {
      return false;
    }
  });
}

const alreadyBuiltIn = (feed: { title: string }) =>
  new AppError(409, "invalid_request", `Gemwire already has this feed: ${feed.title}. Turn it on in Edit RSS Feeds.`);

/**
 * Follows what a member pasted. A full member is told so before anything is fetched;
 * the address is then resolved (the feed, or the page's feed link) and the follow
 * written under the member's lock, which checks the limit and "already following" again.
 */
export async function addMemberFeed(ctx: AddContext, userId: string, address: string): Promise<MemberFeed> {
  const resolved = await resolveForMember(ctx, userId, address);
  const outcome = await follow(
    ctx.database,
    userId,
    { ...resolved, key: memberFeedKey(resolved.url) },
    MAX_MEMBER_FEEDS,
    (ctx.now ?? Date.now)(),
  );
  if (outcome === "already") throw new AppError(409, "invalid_request", ALREADY_FOLLOWING);
  if (outcome === "full") throw new AppError(400, "invalid_request", LIMIT_REACHED);
  return presentFollowed(ctx.database, userId, memberFeedKey(resolved.url));
}

/**
 * The feed at a member's address, fetched even when someone follows it already: the
 * address is checked as for anyone (a private address stays refused), and the member
 * learns at once whether it still answers.
 */
async function resolveForMember(ctx: AddContext, userId: string, address: string): Promise<ResolvedFeed> {
  const builtIn = builtInAt(ctx, address);
  if (builtIn) throw alreadyBuiltIn(builtIn);
  const known = await knownFeed(ctx.database, address);
  if (known && (await isFollowing(ctx.database, userId, known.key))) {
    throw new AppError(409, "invalid_request", ALREADY_FOLLOWING);
  }
  if ((await countFollowed(ctx.database, userId)) >= MAX_MEMBER_FEEDS) {
    throw new AppError(400, "invalid_request", LIMIT_REACHED);
  }
  const resolved = await resolveFeed(ctx.fetcher, address, ctx.signal);
  // A site's page, or a redirect, may lead to one of Gemwire's own feeds.
  const found =
    builtInAt(ctx, resolved.url) ?? (resolved.answeredFrom ? builtInAt(ctx, resolved.answeredFrom) : undefined);
  if (found) throw alreadyBuiltIn(found);
  return resolved;
}

async function knownFeed(database: Database, address: string) {
  let url: string;
  try {
    url = normaliseAddress(address);
  } catch {
    return undefined;
  }
  return findMemberFeed(database, memberFeedKey(url));
}

/** Unfollows; a feed nobody follows any more loses its articles and status at once. */
export async function removeMemberFeed(database: Database, userId: string, key: string): Promise<void> {
  if (!(await unfollow(database, userId, key))) throw notFound("You do not follow this feed");
  await pruneUnfollowedFeeds(database, key);
}

/**
 * A member feed's items answer only to its followers (and not at all with MEMBER_FEEDS=off):
 * anyone else is told, as for any unknown feed, that there is no such feed. Built-in keys pass.
 */
export async function checkMemberFeedReader(
  database: Database,
  enabled: boolean,
  key: string,
  viewerId: string | null,
): Promise<void> {
  if (!MEMBER_FEED_KEY.test(key)) return;
  if (!enabled || viewerId === null || !(await isFollowing(database, viewerId, key))) {
    throw notFound(`No feed named ${key}`);
  }
}
