import type { QueryClient } from "@tanstack/react-query";
import type { FeedItem } from "../../contracts/feeds.ts";

type Listing = { items: FeedItem[] } | { results: FeedItem[] };

/**
 * Applies a change to every cached copy of the articles at these links (feeds, search,
 * favorites): votes, favorites and read state change an article wherever a list shows it.
 */
export function updateArticlesEverywhere(
  client: QueryClient,
  links: ReadonlySet<string>,
  change: (item: FeedItem) => FeedItem,
) {
  const patch = (items: FeedItem[]) => items.map((item) => (links.has(item.link) ? change(item) : item));
  for (const [key, data] of client.getQueriesData<Listing>({})) {
    if (!data || typeof data !== "object") continue;
    if ("items" in data && Array.isArray(data.items)) client.setQueryData(key, { ...data, items: patch(data.items) });
    else if ("results" in data && Array.isArray(data.results)) {
      client.setQueryData(key, { ...data, results: patch(data.results) });
    }
  }
}

/** The same for one article. */
export function updateArticleEverywhere(client: QueryClient, link: string, change: (item: FeedItem) => FeedItem) {
  updateArticlesEverywhere(client, new Set([link]), change);
}
