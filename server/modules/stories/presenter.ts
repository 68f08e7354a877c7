import type { Story } from "../../../contracts/stories.ts";
import type { VoteTally } from "../community/repository.ts";
import { presentArticle } from "../feeds/presenter.ts";
import type { ArticleRow } from "../feeds/repository.ts";
import type { StoryGroup } from "./service.ts";

/** A story as the API shows it: named after its earliest article, each article with its votes. */
export function presentStory(story: StoryGroup, tallies: Map<string, VoteTally>): Story {
  const first = story.articles[0] as ArticleRow;
  return {
    id: `story-${first.id}`,
    title: first.title,
    articles: story.articles.map((row) => presentArticle(row, tallies.get(row.link))),
    timestamp: new Date(story.timestamp).toISOString(),
    sources: story.sources,
    firstSource: story.firstSource,
  };
}
