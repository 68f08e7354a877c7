import { isMemberFeedKey, isVisibleFeed, type VisibleFeeds } from "../feeds/visible-feeds.ts";
import type { StoryGroup } from "./service.ts";
import { outletOf } from "./story-index.ts";

/**
 * Filtered lists kept per set of stories, the latest few: one per set of member feeds that
 * appear in the stories (a viewer's other follows change nothing), each presented once.
 */
const KEPT_PER_STORIES = 16;

type Filtered = { memberFeeds: Set<string>; lists: Map<string, StoryGroup[]> };

const filtered = new WeakMap<StoryGroup[], Filtered>();

function filteredOf(stories: StoryGroup[]): Filtered {
  let entry = filtered.get(stories);
  if (!entry) {
    const memberFeeds = new Set<string>();
    for (const story of stories) {
      for (const row of story.articles) if (isMemberFeedKey(row.feed_key)) memberFeeds.add(row.feed_key);
    }
    entry = { memberFeeds, lists: new Map() };
    filtered.set(stories, entry);
  }
  return entry;
}

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
 * one filtered array per set of the stories' member feeds the viewer follows is kept with
 * the stories it came from: viewers who follow none of them share the public one.
 */
export function storiesVisibleTo(stories: StoryGroup[], visible: VisibleFeeds): StoryGroup[] {
  const entry = filteredOf(stories);
  if (entry.memberFeeds.size === 0) return stories;
  const shownFeeds = visible.followed.filter((key) => entry.memberFeeds.has(key));
  const key = shownFeeds.join(",");
  const kept = entry.lists.get(key);
  if (kept) return kept;
  if (shownFeeds.length === entry.memberFeeds.size) return stories;
  const shown: StoryGroup[] = [];
  for (const story of stories) {
    const articles = story.articles.filter((row) => isVisibleFeed(visible, row.feed_key));
    if (articles.length === story.articles.length) shown.push(story);
    else if (articles.length >= 2) shown.push(regroup(story, articles));
  }
  entry.lists.set(key, shown);
  if (entry.lists.size > KEPT_PER_STORIES) entry.lists.delete(entry.lists.keys().next().value as string);
  return shown;
}
