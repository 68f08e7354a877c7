import type { ArticleRow } from "../articles/index.ts";

/**
 * A story before it is presented: its articles earliest first. `id` is set on a story
 * members' feeds joined: the id of the public story it grew from (see storyIdOf).
 */
export type StoryGroup = {
  articles: ArticleRow[];
  timestamp: number;
  sources: number;
  firstSource: string;
  id?: string;
};

/**
 * A story's id: its earliest article's, so it stays while that article stays in it — or,
 * for a story members' feeds joined, the id of the public story it grew from.
 */
export const storyIdOf = (story: StoryGroup) => story.id ?? `story-${(story.articles[0] as ArticleRow).id}`;
