import { useQuery } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedItem } from "../../contracts/feeds.ts";
import { MAX_READ_LINKS_PER_REQUEST, READ_STATE_LIMITS } from "../../contracts/reading-catalog.ts";
import { toastStore } from "../components/ui/toast/toast-store.ts";
import { apiError, json } from "../test/api-fixtures.ts";
import { fakeApi, feedItem, member, visitor } from "../test/feed-items.ts";
import { renderAt } from "../test/render.tsx";
import { markVisitorLinks, READ_STORAGE_KEY, useReadState } from "./read-state.ts";

const DAY = 86_400_000;
const FEED = ["feeds", "items", "bitcoin"];

/** A list reading its articles from the feed cache, as the real lists do, with read marks shown. */
function Reader() {
  const feed = useQuery({
    queryKey: FEED,
    queryFn: (): { items: FeedItem[]; next: null } => ({ items: [], next: null }),
    // The test fills the cache; a list's own fetch is not what is tested here.
    enabled: false,
  });
  const reading = useReadState();
  const items = feed.data?.items ?? [];
  return (
    <div>
      <output data-testid="read">
        {items
          .filter((item) => reading.isRead(item))
          .map((item) => item.id)
          .join(",")}
      </output>
      <button type="button" onClick={() => reading.mark(items, true)}>
        Mark all
      </button>
      {items.map((item) => (
        <button key={item.id} type="button" onClick={() => reading.toggle(item)}>
          Toggle {item.id}
        </button>
      ))}
    </div>
  );
}

/** What a keyboard entry holds: the hook's functions and the first article as the first render drew them. */
let drawn: { reading: ReturnType<typeof useReadState>; item: FeedItem } | null = null;
function Keyed() {
  const reading = useReadState();
  const item = useQuery<{ items: FeedItem[] }>({ queryKey: FEED, enabled: false }).data?.items[0];
  if (item && drawn === null) drawn = { reading, item };
  return null;
}

const shownRead = () => screen.getByTestId("read").textContent;
const stored = (): [string, number][] => JSON.parse(window.localStorage.getItem(READ_STORAGE_KEY) ?? "[]");

afterEach(() => vi.unstubAllGlobals());

describe("a visitor's read articles", () => {
  function renderVisitor(items: FeedItem[]) {
    const { client } = renderAt(<Reader />, { me: visitor });
    client.setQueryData(FEED, { items, next: null });
    return client;
  }

  it("are kept in local storage, never sent to the server, and toggle back to unread", async () => {
    const api = fakeApi({});
    vi.stubGlobal("fetch", api.fetch);
    renderVisitor([feedItem(1), feedItem(2)]);
    fireEvent.click(await screen.findByRole("button", { name: "Toggle a1" }));
    expect(shownRead()).toBe("a1");
    expect(stored().map(([link]) => link)).toEqual(["https://news.example/1"]);
    fireEvent.click(screen.getByRole("button", { name: "Toggle a1" }));
    expect(shownRead()).toBe("");
    expect(stored()).toEqual([]);
    expect(api.calls.filter((call) => call.method === "PUT")).toEqual([]);
  });

  it(`keeps at most ${READ_STATE_LIMITS.entries} links, the oldest dropped first`, () => {
    const now = Date.now();
    const links = Array.from({ length: READ_STATE_LIMITS.entries }, (_, i) => `https://old.example/${i}`);
    markVisitorLinks(links, true, now - 1000);
    markVisitorLinks(["https://new.example/a", "https://new.example/b"], true, now);
    const kept = stored();
    expect(kept).toHaveLength(READ_STATE_LIMITS.entries);
    expect(kept.map(([link]) => link)).not.toContain("https://old.example/0");
    expect(kept.map(([link]) => link)).not.toContain("https://old.example/1");
    expect(kept.map(([link]) => link)).toContain("https://old.example/2");
    expect(kept.slice(-2).map(([link]) => link)).toEqual(["https://new.example/a", "https://new.example/b"]);
  });

  it(`forgets marks older than ${READ_STATE_LIMITS.days} days`, async () => {
    const now = Date.now();
    window.localStorage.setItem(
      READ_STORAGE_KEY,
      JSON.stringify([
        ["https://news.example/1", now - (READ_STATE_LIMITS.days + 1) * DAY],
        ["https://news.example/2", now - (READ_STATE_LIMITS.days - 1) * DAY],
      ]),
    );
    renderVisitor([feedItem(1), feedItem(2)]);
    await waitFor(() => expect(shownRead()).toBe("a2"));
    markVisitorLinks(["https://news.example/3"], true, now);
    expect(stored().map(([link]) => link)).toEqual(["https://news.example/2", "https://news.example/3"]);
  });

  it.each([
    ["text that is not JSON", "{not json"],
    ["an object", JSON.stringify({ "https://news.example/1": true })],
    ["malformed entries", JSON.stringify([5, ["https://news.example/1"], [7, 1], ["", 1], "x"])],
  ])("survives corrupt storage (%s): nothing is read, and marking works again", async (_what, raw) => {
    window.localStorage.setItem(READ_STORAGE_KEY, raw);
    renderVisitor([feedItem(1), feedItem(2)]);
    await screen.findByRole("button", { name: "Toggle a2" });
    expect(shownRead()).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Toggle a2" }));
    expect(shownRead()).toBe("a2");
    expect(stored().map(([link]) => link)).toEqual(["https://news.example/2"]);
  });

  it("keeps the good entries of a partly corrupt list", async () => {
    window.localStorage.setItem(READ_STORAGE_KEY, JSON.stringify([["https://news.example/1", Date.now()], 42, null]));
    renderVisitor([feedItem(1), feedItem(2)]);
    await waitFor(() => expect(shownRead()).toBe("a1"));
  });

  it("follows another tab's marks (the storage event)", async () => {
    renderVisitor([feedItem(1), feedItem(2)]);
    await screen.findByRole("button", { name: "Toggle a1" });
    const raw = JSON.stringify([["https://news.example/2", Date.now()]]);
    window.localStorage.setItem(READ_STORAGE_KEY, raw);
    act(() => {
      window.dispatchEvent(new StorageEvent("storage", { key: READ_STORAGE_KEY, newValue: raw }));
    });
    expect(shownRead()).toBe("a2");
  });
});

describe("a member's read articles", () => {
  beforeEach(() => {
    for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
  });

  function renderMember(items: FeedItem[]) {
    const { client } = renderAt(<Reader />, { me: member });
    client.setQueryData(FEED, { items, next: null });
    return client;
  }

  it("come from the server (item.read) and never from local storage", async () => {
    window.localStorage.setItem(READ_STORAGE_KEY, JSON.stringify([["https://news.example/1", Date.now()]]));
    vi.stubGlobal("fetch", fakeApi({}).fetch);
    renderMember([feedItem(1), feedItem(2, { read: true })]);
    await waitFor(() => expect(shownRead()).toBe("a2"));
  });

  it("show a mark at once, send it, and write the answer into every cached list", async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({
      "PUT /api/reading/read": () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    vi.stubGlobal("fetch", api.fetch);
    const client = renderMember([feedItem(1), feedItem(2)]);
    client.setQueryData(["search", "one"], { results: [feedItem(1)] });
    fireEvent.click(await screen.findByRole("button", { name: "Toggle a1" }));
    // Shown before the server answers.
    expect(shownRead()).toBe("a1");
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toEqual({
      method: "PUT",
      path: "/api/reading/read",
      body: { links: ["https://news.example/1"], read: true },
    });
    answer(json({ links: ["https://news.example/1"], read: true }));
    await waitFor(() =>
      expect(client.getQueryData<{ results: FeedItem[] }>(["search", "one"])?.results[0]?.read).toBe(true),
    );
    expect(client.getQueryData<{ items: FeedItem[] }>(FEED)?.items.map((item) => item.read)).toEqual([true, false]);
    expect(shownRead()).toBe("a1");
    expect(window.localStorage.getItem(READ_STORAGE_KEY)).toBeNull();
  });

  it("are not undone by a list fetch that read the server before it took the mark", async () => {
    let serverRead = false;
    const api = fakeApi({
      "PUT /api/reading/read": ({ body }) => {
        serverRead = true;
        return json(body);
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const client = renderMember([feedItem(1)]);
    // Another list, on its way back from the server with what it read before the mark.
    const NEWS = ["feeds", "items", "news"];
    client.setQueryData(NEWS, { items: [feedItem(1)], next: null });
    let answerOld: () => void = () => {};
    let fetches = 0;
    const newsFromServer = () => {
      fetches++;
      const answer = { items: [feedItem(1, { read: serverRead })], next: null };
      if (fetches > 1) return Promise.resolve(answer);
      return new Promise<typeof answer>((resolve) => {
        answerOld = () => resolve(answer);
      });
    };
    client.fetchQuery({ queryKey: NEWS, queryFn: newsFromServer }).catch(() => undefined);

    fireEvent.click(await screen.findByRole("button", { name: "Toggle a1" }));
    await waitFor(() => expect(fetches).toBe(2));
    expect(serverRead).toBe(true);
    answerOld();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.getQueryData<{ items: FeedItem[] }>(NEWS)?.items[0]?.read).toBe(true);
    expect(client.getQueryData<{ items: FeedItem[] }>(FEED)?.items[0]?.read).toBe(true);
  });

  it("decide on the latest state when a shortcut acts on a card drawn before the last answer", async () => {
    const api = fakeApi({ "PUT /api/reading/read": ({ body }) => json(body) });
    vi.stubGlobal("fetch", api.fetch);
    drawn = null;
    const { client } = renderAt(
      <>
        <Reader />
        <Keyed />
      </>,
      { me: member },
    );
    client.setQueryData(FEED, { items: [feedItem(1, { read: true })], next: null });
    await waitFor(() => expect(drawn?.item.read).toBe(true));
    const readInCache = () => client.getQueryData<{ items: FeedItem[] }>(FEED)?.items[0]?.read;
    const sent = () => api.calls.map((call) => (call.body as { read: boolean }).read);
    // m: unread, and the server has said so.
    fireEvent.click(screen.getByRole("button", { name: "Toggle a1" }));
    await waitFor(() => expect(readInCache()).toBe(false));
    // m through the entry drawn while it was read: it turns read, as the reader sees it now.
    act(() => drawn?.reading.toggle(drawn.item));
    await waitFor(() => expect(readInCache()).toBe(true));
    expect(sent()).toEqual([false, true]);
    // m again (unread), then o through the old entry: marked read, not skipped as already read.
    fireEvent.click(screen.getByRole("button", { name: "Toggle a1" }));
    await waitFor(() => expect(readInCache()).toBe(false));
    act(() => drawn?.reading.mark([drawn.item], true));
    await waitFor(() => expect(readInCache()).toBe(true));
    expect(sent()).toEqual([false, true, false, true]);
  });

  it(`send many marks ${MAX_READ_LINKS_PER_REQUEST} links at a time, one request after another`, async () => {
    let inFlight = 0;
    let most = 0;
    const api = fakeApi({
      "PUT /api/reading/read": async ({ body }) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return json(body);
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    const items = Array.from({ length: 450 }, (_, i) => feedItem(i + 1));
    // Not an http(s) link: the server would refuse the whole request, so it is left out.
    items.push(feedItem(999, { link: "ftp://files.example/x" }));
    const client = renderMember(items);
    fireEvent.click(await screen.findByRole("button", { name: "Mark all" }));
    await waitFor(() =>
      expect(client.getQueryData<{ items: FeedItem[] }>(FEED)?.items.filter((item) => item.read)).toHaveLength(450),
    );
    const sizes = api.calls.map((call) => (call.body as { links: string[] }).links.length);
    expect(sizes).toEqual([200, 200, 50]);
    expect(most).toBe(1);
    const sent = api.calls.flatMap((call) => (call.body as { links: string[] }).links);
    expect(new Set(sent).size).toBe(450);
    expect(sent).not.toContain("ftp://files.example/x");
  });

  it("take a refused mark back and say so", async () => {
    const api = fakeApi({ "PUT /api/reading/read": () => apiError(503, "unavailable", "Try again in a minute") });
    vi.stubGlobal("fetch", api.fetch);
    renderMember([feedItem(1), feedItem(2, { read: true })]);
    fireEvent.click(await screen.findByRole("button", { name: "Toggle a1" }));
    expect(shownRead()).toBe("a1,a2");
    await waitFor(() => expect(shownRead()).toBe("a2"));
    expect(toastStore.getSnapshot()[0]).toMatchObject({
      title: "Article not marked as read",
      description: "Try again in a minute",
      variant: "destructive",
    });
  });

  it("take back only the refused batch of a large mark", async () => {
    let n = 0;
    const api = fakeApi({
      "PUT /api/reading/read": ({ body }) => (++n === 2 ? apiError(500, "failed", "Database busy") : json(body)),
    });
    vi.stubGlobal("fetch", api.fetch);
    const items = Array.from({ length: 250 }, (_, i) => feedItem(i + 1));
    renderMember(items);
    fireEvent.click(await screen.findByRole("button", { name: "Mark all" }));
    await waitFor(() => expect(toastStore.getSnapshot()[0]?.title).toBe("Some articles not marked as read"));
    expect(shownRead()?.split(",")).toHaveLength(200);
  });
});
