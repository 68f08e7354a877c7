import { isVisibleFeed, type VisibleFeeds } from "../feeds/visible-feeds.ts";
import type { StoryGroup } from "./service.ts";
import { outletOf } from "./story-index.ts";

/** Filtered lists kept per set of stories: one per distinct set of followed feeds, the latest few. */
const KEPT_PER_STORIES = 64;

const filtered = new WeakMap<StoryGroup[], Map<string, StoryGroup[]>>();

function regroup(story: StoryGroup, articles: StoryGroup["articles"]): StoryGroup {
  return {
    articles,
    timestamp: Math.max(...articles.map((row) => row.published_at)),
    sources: new Set(articles.map((row) => outletOf(row).toLowerCase())).size,
    firstSource: outletOf(articles[0] as StoryGroup["articles"][number]) || story.firstSource,
  };
}

/**
 * The stories as a viewer sees them: members' feeds take part in clustering, but each
 * story keeps only the articles of feeds the viewer may see (the built-in feeds and the
 * member feeds they follow), and a story left with fewer than two is no story. The same
 * array comes back when nothing is hidden, so the presented pages stay shared; otherwise
 * one filtered array per set of followed feeds is kept with the stories it came from.
 */
export function storiesVisibleTo(stories: StoryGroup[], visible: VisibleFeeds): StoryGroup[] {
  const key = visible.followed.join(",");
  let perViewer = filtered.get(stories);
  const kept = perViewer?.get(key);
  if (kept) return kept;
  let changed = false;
  const shown: StoryGroup[] = [];
  for (const story of stories) {
    const articles = story.articles.filter((row) => isVisibleFeed(visible, row.feed_key));
    if (articles.length === story.articles.length) shown.push(story);
    else {
      changed = true;
      if (articles.length >= 2) shown.push(regroup(story, articles));
    }
  }
  const result = changed ? shown : stories;
  if (!perViewer) {
    perViewer = new Map();
    filtered.set(stories, perViewer);
  }
  perViewer.set(key, result);
  if (perViewer.size > KEPT_PER_STORIES) perViewer.delete(perViewer.keys().next().value as string);
  return result;
}
