import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Me } from "../../../../contracts/accounts.ts";
import type { Reader } from "../../../../contracts/reading.ts";
import { READ_STORAGE_KEY } from "../../../lib/read-state.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";
import { renderAt } from "../../../test/render.tsx";
import { ReaderPage } from "./reader-page.tsx";

const LINK = "https://harbour.example/news/cold-wallets";
const visitor: Me = { user: null, admin: false };
const member: Me = { user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null }, admin: false };

type Run = { text: string; href: string | null; strong: boolean; em: boolean };

const run = (text: string, over: Partial<Run> = {}): Run => ({
  text,
  href: null,
  strong: false,
  em: false,
  ...over,
});

function reader(over: Partial<Reader> = {}): Reader {
  return {
    url: LINK,
    status: "ok",
    reason: null,
    title: "Harbourline moves its cold wallets",
    byline: "Mara Quill",
    outlet: "Harbour Daily",
    publishedAt: "2026-11-20T08:30:00.000Z",
    blocks: [
      { type: "paragraph", runs: [run("The exchange said on "), run("Tuesday", { strong: true }), run(" it moved.")] },
      { type: "heading", level: 2, runs: [run("What changes")] },
      {
        type: "paragraph",
        runs: [run("Read "), { text: "the notice", href: "https://harbour.example/notice", strong: false, em: true }],
      },
      { type: "list", ordered: true, items: [[run("Monthly reports")], [run("An outside audit")]] },
      { type: "quote", runs: [run("Custody is separate now.")] },
      { type: "image", src: "https://images.harbour.example/vault.jpg", alt: "The vault" },
      // Never sent by the server; if it were, it must not become a link or a picture.
      { type: "paragraph", runs: [{ text: "bad link", href: "javascript:alert(1)", strong: false, em: false }] },
      { type: "image", src: "http://insecure.example/x.png", alt: "insecure" },
    ],
    article: {
      id: "a1",
      title: "Harbourline moves its cold wallets",
      link: LINK,
      pubDate: "2026-11-20T08:30:00.000Z",
      undated: false,
      description: "",
      image: null,
      source: "Harbour Daily",
      creator: "Mara Quill",
      votes: { up: 0, down: 0 },
      myVote: null,
      comments: 0,
      story: null,
      coins: [],
      read: false,
    },
    others: [
      {
        id: "o1",
        title: "Harbourline switches custody provider",
        link: "https://other.example/o1",
        pubDate: "2026-11-20T09:00:00.000Z",
        undated: false,
        description: "",
        image: null,
        source: "other.example",
        creator: "",
        votes: { up: 0, down: 0 },
        story: null,
        coins: [],
      },
    ],
    readAt: "2026-11-20T10:00:00.000Z",
    ...over,
  };
}

const parts = {
  renderAnalysis: (article: { title: string; link: string }) => <p>analysis of {article.link}</p>,
  renderComments: (link: string) => <p>comments on {link}</p>,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => json(reader()));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const open = (url = LINK) =>
  renderAt(<ReaderPage {...parts} />, { me: visitor, at: `/read?url=${encodeURIComponent(url)}` });

describe("ReaderPage", () => {
  it("marks the article read when a visitor opens it, in this browser", async () => {
    open();
    await screen.findByRole("heading", { level: 1, name: "Harbourline moves its cold wallets" });
    await waitFor(() => expect(window.localStorage.getItem(READ_STORAGE_KEY) ?? "").toContain(LINK));
    // Nothing is sent for a visitor: the only request is the reader's.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual([
      `/api/reader?url=${encodeURIComponent(LINK)}`,
    ]);
  });

  it("marks the article read on the server when a member opens it, once", async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith("/api/reading/read") ? json({ links: [LINK], read: true }) : json(reader()),
    );
    renderAt(<ReaderPage {...parts} />, { me: member, at: `/read?url=${encodeURIComponent(LINK)}` });
    await screen.findByRole("heading", { level: 1, name: "Harbourline moves its cold wallets" });
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([input]) => String(input) === "/api/reading/read")).toHaveLength(1),
    );
    const marking = fetchMock.mock.calls.find(([input]) => String(input) === "/api/reading/read");
    const sent = marking?.[1] as RequestInit | undefined;
    expect(JSON.parse(String(sent?.body))).toEqual({ links: [LINK], read: true });
  });

  it("shows the article's text as elements, with its outlet, author, date and the original's link", async () => {
    const { view } = open();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Harbourline moves its cold wallets" }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/reader?url=${encodeURIComponent(LINK)}`);
    expect(screen.getByText(/Harbour Daily · by Mara Quill/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "What changes" })).toBeInTheDocument();
    expect(screen.getByText("Tuesday").tagName).toBe("STRONG");
    const notice = screen.getByRole("link", { name: "the notice" });
    expect(notice.getAttribute("href")).toBe("https://harbour.example/notice");
    expect(notice.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(notice.getAttribute("target")).toBe("_blank");
    const list = view.container.querySelector("ol");
    expect(
      within(list as HTMLElement)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Monthly reports", "An outside audit"]);
    expect(screen.getByText("Custody is separate now.").closest("blockquote")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "The vault" }).getAttribute("src")).toBe(
      "https://images.harbour.example/vault.jpg",
    );
    // An unsafe address never becomes a link or a picture: its text stays, as text.
    expect(screen.getByText("bad link").closest("a")).toBeNull();
    expect(screen.queryByRole("img", { name: "insecure" })).toBeNull();
    for (const original of screen.getAllByRole("link", { name: "Open original" })) {
      expect(original.getAttribute("href")).toBe(LINK);
      expect(original.getAttribute("rel")).toBe("noopener noreferrer");
      expect(original.getAttribute("target")).toBe("_blank");
    }
    expect(screen.getByText(`analysis of ${LINK}`)).toBeInTheDocument();
    expect(screen.getByText(`comments on ${LINK}`)).toBeInTheDocument();
    expect(document.title).toBe("Harbourline moves its cold wallets · Gemwire");
  });

  it("opens at the top of the page, and offers no comments on a page Gemwire has not stored", async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal("scrollTo", scrollTo);
    fetchMock.mockImplementation(async () => json(reader({ article: null })));
    open();
    await screen.findByRole("heading", { level: 1, name: "Harbourline moves its cold wallets" });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.queryByText(`comments on ${LINK}`)).toBeNull();
  });

  it("lists the story's other sources, each opening in the reader view", async () => {
    open();
    const other = await screen.findByRole("link", { name: "Harbourline switches custody provider" });
    expect(other.getAttribute("href")).toBe(`/read?url=${encodeURIComponent("https://other.example/o1")}`);
    fireEvent.click(other);
    await waitFor(() =>
      expect(screen.getByTestId("where").textContent).toBe(
        `/read?url=${encodeURIComponent("https://other.example/o1")}`,
      ),
    );
  });

  it("says why a page could not be read and offers the original, without key points", async () => {
    fetchMock.mockImplementation(async () =>
      json(
        reader({
          status: "failed",
          reason: "it is behind a paywall: the site says only subscribers can read it",
          blocks: [],
        }),
      ),
    );
    open();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Gemwire could not read this page");
    expect(alert.textContent).toContain("Because it is behind a paywall: the site says only subscribers can read it.");
    expect(within(alert).getByRole("link", { name: "Open original" }).getAttribute("href")).toBe(LINK);
    expect(screen.queryByText(`analysis of ${LINK}`)).toBeNull();
    expect(screen.getByText(`comments on ${LINK}`)).toBeInTheDocument();
  });

  it("says what went wrong when the request fails, offers a retry and the original", async () => {
    fetchMock.mockImplementationOnce(async () =>
      apiError(429, "rate_limited", "Too many new pages read for you. Try again in 30 seconds."),
    );
    open();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The reader view could not be loaded");
    expect(alert.textContent).toContain("Too many new pages read for you. Try again in 30 seconds.");
    expect(screen.getByRole("link", { name: "Open original" }).getAttribute("href")).toBe(LINK);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Harbourline moves its cold wallets" }),
    ).toBeInTheDocument();
  });

  it("shows the loading state while the page is read", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    open();
    expect(screen.getByText(/Reading the article on harbour.example/)).toBeInTheDocument();
    answer(json(reader()));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Harbourline moves its cold wallets" }),
    ).toBeInTheDocument();
  });

  it("asks nothing for an address that is not http(s)", () => {
    open("javascript:alert(1)");
    expect(screen.getByText(/There is no article to read here/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/");
  });
});
