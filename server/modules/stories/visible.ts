import type { Database } from "../../db/database.ts";
import type { VisibleFeeds } from "../articles/index.ts";
import { allStoriesOf, storiesOf } from "./service.ts";
import type { StoryGroup } from "./story-group.ts";

/**
 * Gemwire's stories as a viewer sees them. Visitors and members who follow no member
 * feed get the public stories (of the built-in feeds alone). A follower gets the stories
 * of the built-in feeds and the member feeds they follow, clustered together — never a
 * stranger's feed, which neither adds articles nor merges two stories — kept with the
 * member stories per set of followed feeds (see MemberStories); followers of feeds whose
 * articles are in no story share the public stories.
 */
export async function storiesVisibleTo(
  database: Database,
  windowMs: number,
  visible: VisibleFeeds,
  now = Date.now(),
): Promise<StoryGroup[]> {
  if (visible.followed.length === 0) return storiesOf(database, "gemwire", windowMs, now);
  const all = await allStoriesOf(database, windowMs, now);
  return all.members ? all.members.visibleTo(visible.followed) : all.public;
}
