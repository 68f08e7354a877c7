import type { Database } from "../../db/database.ts";
import type { VisibleFeeds } from "../articles/index.ts";
import { allStoriesOf, storiesOf } from "./service.ts";
import { type StoryGroup, storyIdOf } from "./story-group.ts";
import { duplicateKeys } from "./story-index.ts";

/** What an article needs to be found in a story: the keys its duplicates share (story-index.ts), and its time. */
export type StoryKeyed = { link: string; source: string; title: string; published_at: number };

/** Which story an article is one of, or null. */
export type StoryOf = (article: StoryKeyed) => string | null;

/**
 * Story ids by article key, built once per list of stories and shared by every request
 * until the next update: the caches replace the public stories' array whenever the
 * articles change, and keep one array per set of followed feeds (MemberStories).
 */
const idsByList = new WeakMap<StoryGroup[], Map<string, string>>();

function idsOf(stories: StoryGroup[]): Map<string, string> {
  let ids = idsByList.get(stories);
  if (!ids) {
    ids = new Map();
    for (const story of stories) {
      const id = storyIdOf(story);
      for (const row of story.articles) for (const key of duplicateKeys(row)) ids.set(key, id);
    }
    idsByList.set(stories, ids);
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
 * The story of an article (FeedItem.story) as `visible`'s viewer sees it: the id the
 * viewer's GET /api/stories?feed=gemwire gives the story it is one of. Visitors and
 * members following no member feed get the public stories' ids (the built-in feeds'
 * stories over the last `windowMs`), never waiting on the members' layer. A follower's
 * come from the stories of the built-in feeds and the feeds they follow (see
 * MemberStories.visibleTo, kept per set of followed feeds): every article of each of
 * those stories — built-in or of any followed feed — gets that story's id, so a public
 * story a followed article joined keeps its public id, and a stranger's feed changes
 * nothing. An article matches by its link (the same article in another feed) or,
 * published inside the window, as a duplicate the stories left out (the same outlet and
 * title): every copy of an article shows the one story, but an outlet's older post of
 * the same title stays its own. Costs the stories' change check (one aggregate query)
 * and, only after the articles changed, one pass over the viewer's stories.
 */
export async function storyIdsOf(
  database: Database,
  windowMs: number,
  visible: VisibleFeeds,
  now = Date.now(),
): Promise<StoryOf> {
  let stories: StoryGroup[];
  if (visible.followed.length === 0) stories = await storiesOf(database, "gemwire", windowMs, now);
  else {
    const all = await allStoriesOf(database, windowMs, now);
    stories = all.members ? all.members.visibleTo(visible.followed) : all.public;
  }
  const ids = idsOf(stories);
  const since = now - windowMs;
  return (article) => lookUp(ids, article, since) ?? null;
}
