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

const isListing = (data: unknown): data is Listing =>
  typeof data === "object" &&
  data !== null &&
  (("items" in data && Array.isArray(data.items)) || ("results" in data && Array.isArray(data.results)));

/**
 * Fetches again every article list whose fetch is on the way now. Called when the server has
 * taken a change (a read mark, a vote): such a fetch may have read the lists before the change
 * and would land after it, putting the article back as it was. Its answer is dropped and a
 * fetch that starts after the change takes its place; lists not being fetched are left alone.
 */
export function refetchListsInFlight(client: QueryClient): Promise<void> {
  return client.refetchQueries(
    { predicate: (query) => query.state.fetchStatus === "fetching" && isListing(query.state.data) },
    { cancelRefetch: true },
  );
}

/**
 * What the cached lists say now of each article's read state, by link. A card drawn before
 * the latest answer (a key pressed between a mark's answer and the next render) holds an
 * older copy of its article.
 */
export function cachedReadState(client: QueryClient): Map<string, boolean> {
  const read = new Map<string, boolean>();
  for (const [, data] of client.getQueriesData<Listing>({})) {
    if (!isListing(data)) continue;
    for (const item of "items" in data ? data.items : data.results) {
      if (typeof item?.read === "boolean") read.set(item.link, item.read);
    }
  }
  return read;
}

/** The same for one article. */
export function updateArticleEverywhere(client: QueryClient, link: string, change: (item: FeedItem) => FeedItem) {
  updateArticlesEverywhere(client, new Set([link]), change);
}
