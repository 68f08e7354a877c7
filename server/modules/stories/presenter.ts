import { STORY_DESCRIPTION_MAX, type Story, type StoryArticle } from "../../../contracts/stories.ts";
import { safeCut } from "../../lib/feed-reader/cut-text.ts";
import type { ArticleRow } from "../articles/index.ts";
import { NO_VOTES, type VoteTally } from "../articles/index.ts";
import { readCoins } from "../coins/index.ts";
import type { StoryGroup } from "./story-group.ts";
import { storyIdOf } from "./story-group.ts";

/**
 * Text cut to at most `max` characters: at the last word boundary that leaves room for
 * "…", or mid-word when the first word alone is too long. Shorter text is left as is.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never inside a character: half an emoji would be stored otherwise.
  const room = text.slice(0, safeCut(text, max - 1));
  // Where the last whole word ends: the room's end when a space follows it.
  const boundary = /\s/.test(text.charAt(max - 1)) ? room.length : room.search(/\s\S*$/);
  const kept = boundary > 0 ? room.slice(0, boundary) : room;
  // A full stop, comma or dash left at the cut would sit oddly before the ellipsis.
  return `${kept.replace(/[\s.,;:–—-]+$/, "")}…`;
}

/** A story's article: what its card shows, with the link's votes (the same for every viewer). */
export function presentStoryArticle(row: ArticleRow, tally: VoteTally = NO_VOTES): StoryArticle {
  return {
    id: row.item_id,
    title: row.title,
    link: row.link,
    pubDate: new Date(row.published_at).toISOString(),
    undated: Number(row.undated) === 1,
    description: cutText(row.description, STORY_DESCRIPTION_MAX),
    image: row.image,
    source: row.source,
    creator: row.creator,
    votes: { ...tally.votes },
    story: null,
    coins: readCoins(row.coins),
  };
}

/** A story as the API shows it: named after its earliest article, each article with its votes. */
export function presentStory(story: StoryGroup, tallies: Map<string, VoteTally>): Story {
  const first = story.articles[0] as ArticleRow;
  return {
    id: storyIdOf(story),
    title: first.title,
    articles: story.articles.map((row) => presentStoryArticle(row, tallies.get(row.link))),
    timestamp: new Date(story.timestamp).toISOString(),
    sources: story.sources,
    firstSource: story.firstSource,
  };
}
