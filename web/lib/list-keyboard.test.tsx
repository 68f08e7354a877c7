import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../contracts/accounts.ts";
import type { FeedItem } from "../../contracts/feeds.ts";
import { READING_SHORTCUTS } from "../../contracts/reading-catalog.ts";
import { toastStore } from "../components/ui/toast/toast-store.ts";
import { BitcoinNewsPage } from "../features/feeds/components/feed-page.tsx";
import { FeedSection } from "../features/feeds/components/feed-section.tsx";
import { ListShortcutsHost } from "../features/reading/components/reading-shortcuts.tsx";
import { json } from "../test/api-fixtures.ts";
import { fakeApi, feedItem, member, visitor } from "../test/feed-items.ts";
import { feedStatus } from "../test/feed-status.ts";
import { renderAt } from "../test/render.tsx";
import { READ_STORAGE_KEY } from "./read-state.ts";

/* Article 3 is the earliest of story "etf" (articles 1 and 3): the page shows 3 (+1 more), 2, 4. */
const items = (): FeedItem[] => [
  feedItem(1, { story: "etf" }),
  feedItem(2),
  feedItem(3, { story: "etf" }),
  feedItem(4),
];

let fake: ReturnType<typeof fakeApi>;
let onSearch: ReturnType<typeof vi.fn<() => void>>;
let scrolled: ReturnType<typeof vi.fn<(options?: boolean | ScrollIntoViewOptions) => void>>;
let opened: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fake = fakeApi({
    "GET /api/feeds": () => json({ feeds: [feedStatus("bitcoin", "Bitcoin News")], error: null }),
    "GET /api/feeds/bitcoin/items": () => json({ items: items(), next: null }),
    "GET /api/feeds/news/items": () =>
      json({ items: [feedItem(10, { source: "Wire" }), feedItem(11, { source: "Wire" })], next: null }),
    "GET /api/favorites": () => json({ items: [] }),
    "PUT /api/favorites": ({ body }) => json(body),
    "PUT /api/votes": ({ body }) => json({ ...(body as object), votes: { up: 1, down: 0 }, myVote: "up" }),
    "PUT /api/reading/read": ({ body }) => json(body),
  });
  vi.stubGlobal("fetch", fake.fetch);
  onSearch = vi.fn<() => void>();
  scrolled = vi.fn<(options?: boolean | ScrollIntoViewOptions) => void>();
  vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(scrolled);
  opened = vi.spyOn(window, "open").mockReturnValue(null);
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage(me: Me = visitor) {
  const view = renderAt(<BitcoinNewsPage />, {
    me,
    extra: (
      <>
        <ListShortcutsHost onSearch={onSearch} />
        <input aria-label="Elsewhere" />
        <textarea aria-label="Notes" />
        <select aria-label="Pick">
          <option>one</option>
        </select>
        <div contentEditable suppressContentEditableWarning data-testid="editor" />
      </>
    ),
  });
  await screen.findByText("Article 4");
  return view;
}

/** A key pressed where the focus is (the page's body when nothing is focused). */
function press(key: string, init: Partial<KeyboardEventInit> = {}) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
}

/** The title of the article the shortcuts are on (the focused one). */
function current(): string | null {
  const entry = document.activeElement?.closest<HTMLElement>("[data-reading-article]");
  if (!entry) return null;
  return (within(entry).getAllByRole("link")[0] as HTMLElement).textContent;
}

const where = () => screen.getByTestId("where").textContent;
const storedReads = () =>
  (JSON.parse(window.localStorage.getItem(READ_STORAGE_KEY) ?? "[]") as [string, number][]).map(([link]) => link);

describe("as soon as the list renders", () => {
  it("keys are answered at once, in order, each judged as it is pressed", async () => {
    await renderPage();
    press("j");
    press("j");
    // A key pressed while a dialog is open is not the list's.
    const dialog = document.body.appendChild(document.createElement("div"));
    dialog.setAttribute("role", "dialog");
    press("j");
    dialog.remove();
    // The browser's own use of '/' (a quick find) is stopped.
    expect(fireEvent.keyDown(document.activeElement ?? document.body, { key: "/" })).toBe(false);
    press("m");
    expect(current()).toBe("Article 2");
    expect(storedReads()).toEqual(["https://news.example/2"]);
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
  });
});

describe("j and k", () => {
  it("move through the articles shown, focused and scrolled into view; a closed fold's articles are skipped", async () => {
    await renderPage();
    press("j");
    expect(current()).toBe("Article 3");
    expect(document.activeElement?.hasAttribute("data-reading-article")).toBe(true);
    expect(scrolled).toHaveBeenLastCalledWith({ block: "nearest", inline: "nearest" });
    press("j");
    expect(current()).toBe("Article 2");
    press("j");
    press("j");
    expect(current()).toBe("Article 4");
    press("k");
    press("k");
    expect(current()).toBe("Article 3");
    press("k");
    expect(current()).toBe("Article 3");
  });

  it("visit an opened fold's other sources after its lead", async () => {
    await renderPage();
    fireEvent.click(screen.getByRole("button", { name: "+1 more source" }));
    press("j");
    press("j");
    expect(current()).toBe("Article 1");
    press("j");
    expect(current()).toBe("Article 2");
  });

  it("go on from the article that has the focus", async () => {
    await renderPage();
    (screen.getByRole("link", { name: "Article 2" }) as HTMLElement).focus();
    press("j");
    expect(current()).toBe("Article 4");
  });

  it("run through every row of the dashboard, one row after the other", async () => {
    renderAt(
      <>
        <FeedSection feedKey="bitcoin" title="Bitcoin News" tags={[]} />
        <FeedSection feedKey="news" title="Latest News" tags={[]} />
      </>,
      { me: visitor },
    );
    await screen.findByText("Article 11");
    await screen.findByText("Article 4");
    const seen: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      press("j");
      seen.push(current());
    }
    expect(seen).toEqual(["Article 3", "Article 2", "Article 4", "Article 10", "Article 11"]);
  });
});

describe("the article's keys", () => {
  it("o opens it in the reader view and marks it read", async () => {
    await renderPage();
    press("j");
    press("o");
    expect(where()).toBe(`/read?${new URLSearchParams({ url: "https://news.example/3" })}`);
    expect(storedReads()).toEqual(["https://news.example/3"]);
  });

  it("Enter on the article itself opens it in the reader view, but Enter on its buttons stays theirs", async () => {
    await renderPage();
    press("j");
    const entry = document.activeElement as HTMLElement;
    (within(entry).getByRole("button", { name: "Add to favorites" }) as HTMLElement).focus();
    press("Enter");
    expect(where()).toBe("/");
    entry.focus();
    press("Enter");
    expect(where()).toBe(`/read?${new URLSearchParams({ url: "https://news.example/3" })}`);
  });

  it("v opens the original in a new tab and marks it read", async () => {
    await renderPage();
    press("j");
    press("j");
    press("v");
    expect(opened).toHaveBeenCalledWith("https://news.example/2", "_blank", "noopener,noreferrer");
    expect(storedReads()).toEqual(["https://news.example/2"]);
    expect(where()).toBe("/");
  });

  it("m marks it read and unread again", async () => {
    await renderPage();
    press("j");
    press("m");
    expect(document.activeElement?.getAttribute("data-read")).toBe("true");
    expect(screen.getByTestId("unread-count").textContent).toBe("3 unread");
    press("m");
    expect(document.activeElement?.hasAttribute("data-read")).toBe(false);
    expect(storedReads()).toEqual([]);
  });

  it("s, u and d favorite and vote for a member", async () => {
    await renderPage(member);
    press("j");
    press("s");
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === "PUT" && call.path === "/api/favorites")?.body).toEqual({
        link: "https://news.example/3",
      }),
    );
    press("u");
    await waitFor(() =>
      expect(fake.calls.find((call) => call.method === "PUT" && call.path === "/api/votes")?.body).toEqual({
        link: "https://news.example/3",
        vote: "up",
      }),
    );
    press("j");
    press("d");
    await waitFor(() =>
      expect(fake.calls.filter((call) => call.path === "/api/votes").map((call) => call.body)).toContainEqual({
        link: "https://news.example/2",
        vote: "down",
      }),
    );
  });

  it("s and u ask a visitor to sign in, as the buttons do", async () => {
    await renderPage();
    press("j");
    press("s");
    expect(toastStore.getSnapshot()[0]?.title).toBe("Sign in to keep favorites");
    press("u");
    expect(toastStore.getSnapshot()[0]?.title).toBe("Sign in to vote");
    expect(fake.calls.some((call) => call.method === "PUT")).toBe(false);
  });

  it("do nothing before an article is chosen", async () => {
    await renderPage();
    press("o");
    press("m");
    expect(where()).toBe("/");
    expect(storedReads()).toEqual([]);
  });
});

describe("/ and ?", () => {
  it("/ opens the site search", async () => {
    await renderPage();
    press("/");
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it("? lists every shortcut, and keys rest while it is open", async () => {
    await renderPage();
    press("?", { shiftKey: true });
    const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    for (const shortcut of READING_SHORTCUTS) expect(within(help).getByText(shortcut.action)).toBeInTheDocument();
    expect(within(help).getAllByText("Enter")).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: "j" });
    expect(current()).toBeNull();
    fireEvent.click(within(help).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull());
    press("j");
    expect(current()).toBe("Article 3");
  });
});

describe("keys are left alone", () => {
  it.each([
    ["an input", "Elsewhere"],
    ["a text area", "Notes"],
    ["a select", "Pick"],
    ["editable text", "editor"],
  ])("while typing in %s", async (_where, label) => {
    await renderPage();
    const field = label === "editor" ? screen.getByTestId(label) : screen.getByLabelText(label);
    field.focus();
    for (const key of ["j", "/", "?", "o"]) fireEvent.keyDown(field, { key });
    expect(current()).toBeNull();
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
  });

  it.each([["ctrlKey"], ["metaKey"], ["altKey"]])("with %s held", async (modifier) => {
    await renderPage();
    press("j", { [modifier]: true });
    expect(current()).toBeNull();
    press("j");
    press("m", { [modifier]: true });
    press("o", { [modifier]: true });
    expect(storedReads()).toEqual([]);
    expect(where()).toBe("/");
  });

  it("once the list has left the page", async () => {
    const { view } = await renderPage();
    view.unmount();
    fireEvent.keyDown(document.body, { key: "/" });
    expect(onSearch).not.toHaveBeenCalled();
  });
});
