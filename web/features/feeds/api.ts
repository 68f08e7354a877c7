import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { VoteResult } from "../../../contracts/community.ts";
import type { FeedKey } from "../../../contracts/feed-catalog.ts";
import type { FeedItem, FeedStatus } from "../../../contracts/feeds.ts";
import { toast } from "../../components/ui/toast/toast-store.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { useMe } from "../../lib/session.ts";
import { useSiteConfig } from "../../lib/site-config.ts";
import { paths } from "../../paths.ts";
import { nextVote, type Vote, withVote } from "./article-rules.ts";

/** Spec §4 and §8: the message when feeds cannot be loaded. */
export const FEEDS_FAILED = "Failed to fetch feeds. Please try again later.";
/** Spec §9 and DESIGN (FEED_REFRESH_MS): how old a feed may get while its page is open. */
const DEFAULT_REFRESH_MS = 300_000;
/** Articles a feed section or page shows. */
export const FEED_PAGE_SIZE = 60;

type FeedItems = { items: FeedItem[]; next: string | null };

export const feedCatalogQuery = queryOptions({
  queryKey: ["feeds", "catalog"],
  queryFn: ({ signal }) => getJson<{ feeds: FeedStatus[]; error: string | null }>(paths.api.feeds, signal),
});

export function feedItemsQuery(key: FeedKey, refreshMs: number) {
  return queryOptions({
    queryKey: ["feeds", "items", key],
    queryFn: ({ signal }) => getJson<FeedItems>(paths.api.feedItems(key, FEED_PAGE_SIZE), signal),
    // Spec §4: feeds older than the refresh period are fetched again while the page is open;
    // the timer stops when the page closes (the query is no longer observed).
    staleTime: refreshMs,
    refetchInterval: refreshMs,
  });
}

function useRefreshMs() {
  return useSiteConfig().data?.feedRefreshMs ?? DEFAULT_REFRESH_MS;
}

export const useFeedCatalog = () => useQuery({ ...feedCatalogQuery, staleTime: useRefreshMs() });

export function useFeedItems(key: FeedKey) {
  return useQuery(feedItemsQuery(key, useRefreshMs()));
}

/** Several feeds at once (My Feed). */
export function useFeedsItems(keys: readonly FeedKey[]) {
  const refreshMs = useRefreshMs();
  return useQueries({ queries: keys.map((key) => feedItemsQuery(key, refreshMs)) });
}

export function searchQuery(text: string) {
  return queryOptions({
    queryKey: ["search", text],
    queryFn: ({ signal }) => getJson<{ results: FeedItem[] }>(paths.api.search(text), signal),
    staleTime: 60_000,
  });
}

export const favoritesQuery = queryOptions({
  queryKey: ["favorites"],
  queryFn: ({ signal }) => getJson<{ items: FeedItem[] }>(paths.api.favorites, signal),
});

/** The signed-in member's favorites; visitors have none. */
export function useFavorites() {
  const me = useMe();
  const member = me.data?.user ?? null;
  const query = useQuery({ ...favoritesQuery, enabled: member !== null });
  return {
    member,
    checking: me.isPending,
    query,
    links: new Set(member ? (query.data?.items.map((item) => item.link) ?? []) : []),
  };
}

type Snapshot = Array<[readonly unknown[], unknown]>;

/** Applies a change to every cached copy of an article (feeds, search, favorites), returning the old copies. */
function updateArticleEverywhere(client: QueryClient, link: string, change: (item: FeedItem) => FeedItem): Snapshot {
  const snapshot: Snapshot = [];
  const patch = (items: FeedItem[]) => items.map((item) => (item.link === link ? change(item) : item));
  for (const [key, data] of client.getQueriesData<FeedItems | { results: FeedItem[] }>({})) {
    if (!data || typeof data !== "object") continue;
    if ("items" in data && Array.isArray(data.items)) {
      snapshot.push([key, data]);
      client.setQueryData(key, { ...data, items: patch(data.items) });
    } else if ("results" in data && Array.isArray(data.results)) {
      snapshot.push([key, data]);
      client.setQueryData(key, { ...data, results: patch(data.results) });
    }
  }
  return snapshot;
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
}

/**
 * Spec §4 Votes, made real: a member's vote is stored on the server and counted for
 * everyone. The card shows the change at once and rolls it back if the server refuses.
 */
export function useVote() {
  const client = useQueryClient();
  const member = useMe().data?.user ?? null;
  const mutation = useMutation({
    mutationFn: ({ item, vote }: { item: FeedItem; vote: Vote }) =>
      sendJson<VoteResult>("PUT", paths.api.votes, { link: item.link, vote }),
    onMutate: ({ item, vote }) => ({ snapshot: updateArticleEverywhere(client, item.link, (a) => withVote(a, vote)) }),
    onSuccess: (result) =>
      updateArticleEverywhere(client, result.link, (a) => ({ ...a, votes: result.votes, myVote: result.myVote })),
    onError: (error, _input, context) => {
      restore(client, context?.snapshot);
      toast({ title: "Vote not saved", description: (error as Error).message, variant: "destructive" });
    },
  });
  return (item: FeedItem, clicked: "up" | "down") => {
    if (!member) {
      toast({ title: "Sign in to vote", description: "Members' votes are counted for everyone." });
      return;
    }
    if (!item.link) return;
    mutation.mutate({ item, vote: nextVote(item.myVote, clicked) });
  };
}

/** Spec §4 Favorite toggle: added if absent, removed if present; kept on the server for members. */
export function useToggleFavorite() {
  const client = useQueryClient();
  const { member, links } = useFavorites();
  const mutation = useMutation({
    mutationFn: ({ item, add }: { item: FeedItem; add: boolean }) =>
      add
        ? sendJson("PUT", paths.api.favorites, { link: item.link })
        : sendJson("DELETE", paths.api.favorite(item.link), undefined),
    onMutate: async ({ item, add }) => {
      await client.cancelQueries({ queryKey: favoritesQuery.queryKey });
      const previous = client.getQueryData(favoritesQuery.queryKey);
      client.setQueryData(favoritesQuery.queryKey, (data) => {
        const items = (data?.items ?? []).filter((favorite) => favorite.link !== item.link);
        return { items: add ? [item, ...items] : items };
      });
      return { previous };
    },
    onError: (error, { add }, context) => {
      client.setQueryData(favoritesQuery.queryKey, context?.previous);
      toast({
        title: add ? "Not added to favorites" : "Not removed from favorites",
        description: (error as Error).message,
        variant: "destructive",
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: favoritesQuery.queryKey }),
  });
  return {
    isFavorite: (item: FeedItem) => links.has(item.link),
    toggle: (item: FeedItem) => {
      if (!member) {
        toast({ title: "Sign in to keep favorites", description: "Members' favorites follow them on every device." });
        return;
      }
      if (!item.link) return;
      mutation.mutate({ item, add: !links.has(item.link) });
    },
  };
}
