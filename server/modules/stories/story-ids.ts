import type { Database } from "../../db/database.ts";
import { storyIdOf } from "./presenter.ts";
import { allStoriesOf, type MemberStories, type StoryGroup } from "./service.ts";
import { duplicateKeys } from "./story-index.ts";

/** What an article needs to be found in a story: the keys its duplicates share (story-index.ts), and its time. */
export type StoryKeyed = { link: string; source: string; title: string; published_at: number };

/** Which story an article is one of, or null. */
export type StoryOf = (article: StoryKeyed) => string | null;

/**
 * Story ids by article key, built once per update of the stories they come from and
 * shared by every request until the next one: the caches replace their arrays and
 * layers whenever the articles change.
 */
const publicIds = new WeakMap<StoryGroup[], Map<string, string>>();
const memberIds = new WeakMap<MemberStories, Map<string, string>>();

function publicIdsOf(stories: StoryGroup[]): Map<string, string> {
  let ids = publicIds.get(stories);
  if (!ids) {
    ids = new Map();
    for (const story of stories) {
      const id = storyIdOf(story);
      for (const row of story.articles) for (const key of duplicateKeys(row)) ids.set(key, id);
    }
    publicIds.set(stories, ids);
  }
  return ids;
}

function memberIdsOf(members: MemberStories): Map<string, string> {
  let ids = memberIds.get(members);
  if (!ids) {
    ids = new Map();
    for (const [row, id] of members.joined) for (const key of duplicateKeys(row)) ids.set(key, id);
    memberIds.set(members, ids);
  }
  return ids;
}

/** An article's id in `ids`: by its link, or (published inside the window) as a left-out duplicate. */
function lookUp(ids: Map<string, string>, article: StoryKeyed, since: number): string | undefined {
  const [titleKey, linkKey] = duplicateKeys(article);
  const byLink = linkKey === undefined ? undefined : ids.get(linkKey);
  if (byLink !== undefined) return byLink;
  return article.published_at >= since ? ids.get(titleKey as string) : undefined;
}

/**
 * The story of an article (FeedItem.story). A built-in feed's article gets the id
 * GET /api/stories?feed=gemwire gives its story for everyone (the built-in feeds' stories
 * over the last `windowMs`). A member feed's article gets the id of the public story it
 * joins for its followers (so their lists fold it with that story's articles), else of
 * the story it makes with its feed's other articles or a lone built-in one (see
 * MemberStories) — the id its followers' GET /api/stories gives. An article matches by
 * its link (the same article in another feed) or, published inside the window, as a
 * duplicate the stories left out (the same outlet and title): every copy of an article
 * shows the one story, but an outlet's older post of the same title stays its own.
 * Costs the stories' change check (one aggregate query) and, only after the articles
 * changed, one pass over the stories.
 */
export async function storyIdsOf(database: Database, windowMs: number, now = Date.now()): Promise<StoryOf> {
  const all = await allStoriesOf(database, windowMs, now);
  const ids = publicIdsOf(all.public);
  const ofMembers = all.members ? memberIdsOf(all.members) : undefined;
  const since = now - windowMs;
  return (article) =>
    lookUp(ids, article, since) ?? (ofMembers ? lookUp(ofMembers, article, since) : undefined) ?? null;
}
