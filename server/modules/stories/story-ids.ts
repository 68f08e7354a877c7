import type { Database } from "../../db/database.ts";
import { storyIdOf } from "./presenter.ts";
import { type StoryGroup, storiesOf } from "./service.ts";
import { duplicateKeys } from "./story-index.ts";

/** What an article needs to be found in a story: the keys its duplicates share (story-index.ts), and its time. */
export type StoryKeyed = { link: string; source: string; title: string; published_at: number };

/** Which story an article is one of, or null. */
export type StoryOf = (article: StoryKeyed) => string | null;

/**
 * Each kept stories array's articles by key. The stories cache replaces its array
 * whenever the articles change, so a map is built once per update and shared by every
 * request until the next one.
 */
const idsByStories = new WeakMap<StoryGroup[], Map<string, string>>();

function idsOf(stories: StoryGroup[]): Map<string, string> {
  let ids = idsByStories.get(stories);
  if (!ids) {
    ids = new Map();
    for (const story of stories) {
      const id = storyIdOf(story);
      for (const row of story.articles) for (const key of duplicateKeys(row)) ids.set(key, id);
    }
    idsByStories.set(stories, ids);
  }
  return ids;
}

/**
 * The story of an article, as GET /api/stories?feed=gemwire names it: every feed's
 * articles of the last `windowMs` clustered together. An article matches by its link
 * (the same article in another feed) or, published inside the window, as a duplicate
 * the stories left out (the same outlet and title): every copy of an article shows the
 * one story, but an outlet's older post of the same title stays its own. Costs the stories
 * cache's change check (one aggregate query) and, only after the articles changed, one
 * pass over the stories.
 */
export async function storyIdsOf(database: Database, windowMs: number, now = Date.now()): Promise<StoryOf> {
  const ids = idsOf(await storiesOf(database, "gemwire", windowMs, now));
  const since = now - windowMs;
  return (article) => {
    const [titleKey, linkKey] = duplicateKeys(article);
    const byLink = linkKey === undefined ? undefined : ids.get(linkKey);
    if (byLink !== undefined) return byLink;
    return article.published_at >= since ? (ids.get(titleKey as string) ?? null) : null;
  };
}
