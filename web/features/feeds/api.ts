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
import type { FeedItem } from "../../../contracts/feeds.ts";
import { toast } from "../../components/ui/toast/toast-store.ts";
import { getJson, sendJson } from "../../lib/api-client.ts";
import { refetchListsInFlight, updateArticleEverywhere } from "../../lib/article-cache.ts";
import { nextVote, type Vote, withVote } from "../../lib/article-rules.ts";
import type { MemberFeedKey } from "../../lib/member-feed-keys.ts";
import { useSignInPath } from "../../lib/return-path.ts";
import { useMe } from "../../lib/session.ts";
import { useFeedRefreshMs } from "../../lib/site-config.ts";
import { paths } from "../../paths.ts";

/** The message when feeds cannot be loaded. */
export const FEEDS_FAILED = "Failed to fetch feeds. Please try again later.";
/** Articles a feed section or page shows. */
export const FEED_PAGE_SIZE = 60;

type FeedItems = { items: FeedItem[]; next: string | null };
/** A built-in feed or a member's own: both answer GET /api/feeds/:key/items. */
export type AnyFeedKey = FeedKey | MemberFeedKey;

/** A feed's newest items; with `coin`, only those tagged with it (a list of its own in the cache). */
export function feedItemsQuery(key: AnyFeedKey, refreshMs: number, coin: string | null = null) {
  return queryOptions({
    queryKey: coin ? ["feeds", "items", key, { coin }] : ["feeds", "items", key],
    queryFn: ({ signal }) => getJson<FeedItems>(paths.api.feedItems(key, FEED_PAGE_SIZE, coin), signal),
    // Feeds older than the refresh period are fetched again while the page is open;
    // the timer stops when the page closes (the query is no longer observed).
    staleTime: refreshMs,
    refetchInterval: refreshMs,
  });
}

export function useFeedItems(key: AnyFeedKey, coin: string | null = null) {
  return useQuery(feedItemsQuery(key, useFeedRefreshMs(), coin));
}

/** Several feeds at once (My Feed). */
export function useFeedsItems(keys: readonly AnyFeedKey[], coin: string | null = null) {
  const refreshMs = useFeedRefreshMs();
  return useQueries({ queries: keys.map((key) => feedItemsQuery(key, refreshMs, coin)) });
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
  // Changes are applied to the cache as they are made; other devices' changes arrive within minutes.
  staleTime: 5 * 60_000,
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

/** The article lists a vote or favorite changes; a refetch in flight would land with old counts. */
const articleQueryKeys = [["feeds", "items"], ["search"], favoritesQuery.queryKey] as const;

async function settleArticleQueries(client: QueryClient) {
  // Only refetches are stopped: cancelling a first load would leave its list waiting.
  await Promise.all(
    articleQueryKeys.map((queryKey) =>
      client.cancelQueries({ queryKey, predicate: (query) => query.state.data !== undefined }),
    ),
  );
}

/**
 * What the reader last asked for per link while requests are on the way: the next click
 * is worked out from it, not from a screen that may not show every click yet.
 */
function createIntentions<T>() {
  const wanted = new Map<string, { value: T; pending: number }>();
  return {
    get: (link: string) => wanted.get(link)?.value,
    has: (link: string) => wanted.has(link),
    /** Records a click's intention before its request is sent. */
    want(link: string, value: T) {
      wanted.set(link, { value, pending: (wanted.get(link)?.pending ?? 0) + 1 });
    },
    /** One request for the link finished; with none left, the cache is the truth again. */
    settled(link: string) {
      const entry = wanted.get(link);
      if (entry && --entry.pending <= 0) wanted.delete(link);
    },
  };
}

const intendedVotes = createIntentions<Vote>();
const intendedFavorites = createIntentions<boolean>();

/**
 * Votes: a member's vote is stored on the server and counted for
 * everyone. The card shows the change at once; requests go one at a time, in click
 * order, and a refused one puts back only that article's previous state.
 */
export function useVote() {
  const client = useQueryClient();
  const member = useMe().data?.user ?? null;
  const signInPath = useSignInPath();
  const mutation = useMutation({
    scope: { id: "votes" },
    mutationFn: ({ link, vote }: { link: string; vote: Vote }) =>
      sendJson<VoteResult>("PUT", paths.api.votes, { link, vote }),
    onMutate: async ({ link, vote }) => {
      await settleArticleQueries(client);
      let previous: Pick<FeedItem, "votes" | "myVote"> | undefined;
      updateArticleEverywhere(client, link, (article) => {
        previous ??= { votes: article.votes, myVote: article.myVote };
        return withVote(article, vote);
      });
      return { previous };
    },
    onSuccess: (result) => {
      // A list fetch that began after the click but before the server took the vote would land
      // with the old counts: it is fetched again.
      void refetchListsInFlight(client);
      updateArticleEverywhere(client, result.link, (a) => ({ ...a, votes: result.votes, myVote: result.myVote }));
    },
    onError: (error, { link }, context) => {
      const previous = context?.previous;
      if (previous) updateArticleEverywhere(client, link, (a) => ({ ...a, ...previous }));
      toast({ title: "Vote not saved", description: (error as Error).message, variant: "destructive" });
    },
    onSettled: (_result, _error, { link }) => intendedVotes.settled(link),
  });
  return (item: FeedItem, clicked: "up" | "down") => {
    if (!member) {
      toast({
        title: "Sign in to vote",
        description: "Members' votes are counted for everyone.",
        action: { label: "Sign in", to: signInPath },
      });
      return;
    }
    if (!item.link) return;
    const current = intendedVotes.has(item.link) ? (intendedVotes.get(item.link) ?? null) : item.myVote;
    const vote = nextVote(current, clicked);
    intendedVotes.want(item.link, vote);
    mutation.mutate({ link: item.link, vote });
  };
}

/** A favorite toggles: added if absent, removed if present; kept on the server for members. */
export function useToggleFavorite() {
  const client = useQueryClient();
  const { member, links } = useFavorites();
  const signInPath = useSignInPath();
  const mutation = useMutation({
    scope: { id: "favorites" },
    mutationFn: ({ item, add }: { item: FeedItem; add: boolean }) =>
      add
        ? sendJson("PUT", paths.api.favorites, { link: item.link })
        : sendJson("DELETE", paths.api.favorite(item.link), undefined),
    onMutate: async ({ item, add }) => {
      await settleArticleQueries(client);
      const previous = client.getQueryData(favoritesQuery.queryKey);
      client.setQueryData(favoritesQuery.queryKey, (data) => {
        const items = (data?.items ?? []).filter((favorite) => favorite.link !== item.link);
        return { items: add ? [item, ...items] : items };
      });
      return { previous };
    },
    onError: (error, { add }, context) => {
      client.setQueryData(favoritesQuery.queryKey, context?.previous);
      void client.invalidateQueries({ queryKey: favoritesQuery.queryKey });
      toast({
        title: add ? "Not added to favorites" : "Not removed from favorites",
        description: (error as Error).message,
        variant: "destructive",
      });
    },
    onSettled: (_result, _error, { item }) => intendedFavorites.settled(item.link),
  });
  return {
    isFavorite: (item: FeedItem) => links.has(item.link),
    toggle: (item: FeedItem) => {
      if (!member) {
        toast({
          title: "Sign in to keep favorites",
          description: "Members' favorites follow them on every device.",
          action: { label: "Sign in", to: signInPath },
        });
        return;
      }
      if (!item.link) return;
      const add = !(intendedFavorites.get(item.link) ?? links.has(item.link));
      intendedFavorites.want(item.link, add);
      mutation.mutate({ item, add });
    },
  };
}
