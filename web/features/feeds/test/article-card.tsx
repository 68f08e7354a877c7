/*
 * The article card's test kit: an article, and the card rendered in a
 * list whose cached feed holds it, with the routes its links lead to.
 */
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useSearchParams } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import type { Me } from "../../../../contracts/accounts.ts";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import { toastStore } from "../../../components/ui/toast/toast-store.ts";
import { resetDiscussion } from "../../../lib/discussion.ts";
import { feedItem } from "../../../test/feed-items.ts";
import { ArticleCard, useCardActions } from "../components/article-card.tsx";
import { useHiddenArticles } from "../hidden-articles.ts";

export const HOUR = 3_600_000;

/** One article as the feeds API sends it: two hours old, with a picture, a byline and votes. */
export const article = (over: Partial<FeedItem> = {}): FeedItem =>
  feedItem(1, {
    title: "Bitcoin hits record high",
    link: "https://news.example/bitcoin-record",
    pubDate: new Date(Date.now() - 2 * HOUR).toISOString(),
    description: "Spot ETF inflows topped $1.2 billion.",
    image: "https://img.example/btc.png",
    source: "CoinDesk",
    creator: "Helene",
    votes: { up: 2, down: 1 },
    ...over,
  });

/** A card in a list whose cached feed holds the article, as on a real page. */
function Card({ item }: { item: FeedItem }) {
  const actions = useCardActions(useHiddenArticles("test"));
  return <ArticleCard item={item} actions={actions} />;
}

/** Reads the article from the feed cache, as a real list does, so optimistic changes show. */
function FromCache({ item }: { item: FeedItem }) {
  const feed = useQuery({
    queryKey: ["feeds", "items", "bitcoin"],
    queryFn: (): { items: FeedItem[] } => ({ items: [item] }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <Card item={feed.data?.items[0] ?? item} />;
}

/** Where the reader view was opened, for the "Read in Gemwire" link's test. */
function ReaderAt() {
  const [params] = useSearchParams();
  return <p>reader view of {params.get("url")}</p>;
}

export function renderCard(item: FeedItem, me: Me, at = "/") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["me"], me);
  client.setQueryData(["feeds", "items", "bitcoin"], { items: [item], next: null });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/" element={<FromCache item={item} />} />
          <Route path="/news" element={<FromCache item={item} />} />
          <Route path="/token/:symbol" element={<p>token page</p>} />
          <Route path="/read" element={<ReaderAt />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { client, view };
}

export const lastToast = () => toastStore.getSnapshot()[0];

/**
 * Each test gets a fetch that answers an empty list, and leaves no toast, open discussion or
 * stubbed global behind. Returns the current test's fetch, to script its answers.
 */
export function articleCardHooks(): () => ReturnType<typeof vi.fn> {
  let fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [] }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    act(() => resetDiscussion());
    for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
  });
  return () => fetchMock;
}
