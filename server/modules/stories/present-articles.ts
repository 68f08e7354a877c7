import type { FeedItem } from "../../../contracts/feeds.ts";
import { READ_STATE_LIMITS } from "../../../contracts/reading-catalog.ts";
import type { Database } from "../../db/database.ts";
import {
  presentArticle,
  type StoredArticle,
  tallyArticles,
  type VisibleFeeds,
  visibleFeedsOf,
} from "../articles/index.ts";
import { keptSince, readLinksOf } from "../reading/index.ts";
import { type StoryOf, storyIdsOf } from "./story-ids.ts";

/**
 * Stored articles (a feed's rows, or favorites' copies of them) as the API's FeedItems,
 * in the order given, each with:
 * - `votes`, `myVote` and `comments`: the link's, across every feed (myVote is the
 *   viewer's own; null for visitors);
 * - `story`: the id of the story it is one of in the viewer's GET /api/stories?feed=gemwire
 *   (the stories of the built-in feeds and the member feeds `visible` says the viewer
 *   follows, over `storiesWindowMs`, the server's STORIES_WINDOW_HOURS), or null;
 * - `read`: whether the viewer (a member) opened the link in the kept read window;
 *   always false for visitors (viewerId null), who keep theirs in the browser.
 *
 * `visible` is the viewer's visible feeds as the caller worked them out (honouring
 * MEMBER_FEEDS, which this module does not see); without it they are read for
 * `viewerId` (visibleFeedsOf), so a caller that never passes it shows a member the
 * stories of the feeds they follow even with members' feeds switched off.
 *
 * A page costs a fixed number of queries whatever its size (up to 500 links): the
 * votes' two, the stories cache's change check, one for the read state when a member is
 * viewing, and one for the followed feeds when a member is viewing and `visible` is not
 * given. The stories are never clustered here; their ids come from the kept
 * stories (see storyIdsOf), or from `storiesRead` when the caller has just read them (its
 * change check is not free). Every list of FeedItems should come through here.
 */
export type PresentOptions = {
  viewerId: string | null;
  storiesWindowMs: number;
  now?: number;
  visible?: VisibleFeeds;
  storiesRead?: StoryOf;
};

export async function presentArticles(
  database: Database,
  rows: readonly StoredArticle[],
  { viewerId, storiesWindowMs, now = Date.now(), visible, storiesRead }: PresentOptions,
): Promise<FeedItem[]> {
  if (rows.length === 0) return [];
  const links = rows.map((row) => row.link);
  const [tallies, storyOf, read] = await Promise.all([
    tallyArticles(database, links, viewerId),
    storiesRead ??
      (async () => storyIdsOf(database, storiesWindowMs, visible ?? (await visibleFeedsOf(database, viewerId)), now))(),
    viewerId === null ? new Set<string>() : readLinksOf(database, viewerId, links, keptSince(now, READ_STATE_LIMITS)),
  ]);
  return rows.map((row) =>
    presentArticle(row, tallies.get(row.link), { story: storyOf(row), read: row.link !== "" && read.has(row.link) }),
  );
}
