import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { member, visitor } from "../../../test/feed-items.ts";
import { article, articleCardHooks, lastToast, renderCard } from "../test/article-card.tsx";

const fetchMock = articleCardHooks();

describe("ArticleCard votes and favorites", () => {
  it("asks visitors to sign in to vote, with a link that comes back to this page, and sends nothing", () => {
    renderCard(article(), visitor, "/news");
    fireEvent.click(screen.getByRole("button", { name: "Vote up (2)" }));
    expect(lastToast()).toMatchObject({
      title: "Sign in to vote",
      action: { label: "Sign in", to: "/login?next=%2Fnews" },
    });
    expect(fetchMock().mock.calls.some(([url]) => String(url).includes("/api/votes"))).toBe(false);
  });

  it("asks visitors to sign in to keep favorites, with the same link", () => {
    renderCard(article(), visitor, "/news");
    fireEvent.click(screen.getByRole("button", { name: "Add to favorites" }));
    expect(lastToast()).toMatchObject({
      title: "Sign in to keep favorites",
      action: { label: "Sign in", to: "/login?next=%2Fnews" },
    });
  });

  it("marks the reader's vote unmistakably: pressed, coloured, outlined and with a filled icon", () => {
    renderCard(article({ myVote: "up" }), member);
    const up = screen.getByRole("button", { name: "Vote up (2)" });
    const down = screen.getByRole("button", { name: "Vote down (1)" });
    expect(up.getAttribute("aria-pressed")).toBe("true");
    expect(down.getAttribute("aria-pressed")).toBe("false");
    // The neutral grey must not sit beside the colour: in the built CSS the grey wins.
    expect(up.className).toContain("text-emerald-300");
    expect(up.className).not.toContain("text-zinc-400");
    expect(up.className).toContain("bg-emerald-500/20");
    expect(up.querySelector("svg")?.getAttribute("class")).toContain("fill-current");
    expect(down.className).toContain("text-zinc-400");
    expect(down.querySelector("svg")?.getAttribute("class")).not.toContain("fill-current");
  });

  it("shows a member's vote before the server answers, then the server's counts", async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock().mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url) === "/api/votes") {
        expect(JSON.parse(String(init?.body))).toEqual({ link: "https://news.example/bitcoin-record", vote: "up" });
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return new Response(JSON.stringify({ items: [] }), { status: 200 });
    });
    renderCard(article(), member);
    fireEvent.click(screen.getByRole("button", { name: "Vote up (2)" }));
    const pressed = await screen.findByRole("button", { name: "Vote up (3)" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    answer(
      new Response(
        JSON.stringify({ link: "https://news.example/bitcoin-record", votes: { up: 7, down: 1 }, myVote: "up" }),
        { status: 200 },
      ),
    );
    await screen.findByRole("button", { name: "Vote up (7)" });
  });

  it("sends quick votes one at a time, in click order, each from the reader's last intention", async () => {
    const answers: Array<(response: Response) => void> = [];
    const sent: unknown[] = [];
    fetchMock().mockImplementation(async (url: string, init?: RequestInit) => {
      if (String(url) !== "/api/votes") return new Response(JSON.stringify({ items: [] }), { status: 200 });
      sent.push(JSON.parse(String(init?.body)).vote);
      return new Promise<Response>((resolve) => answers.push(resolve));
    });
    const answer = (up: number, myVote: string | null) =>
      answers.shift()?.(
        new Response(JSON.stringify({ link: "https://news.example/bitcoin-record", votes: { up, down: 1 }, myVote }), {
          status: 200,
        }),
      );
    renderCard(article(), member);
    fireEvent.click(screen.getByRole("button", { name: "Vote up (2)" }));
    fireEvent.click(await screen.findByRole("button", { name: "Vote up (3)" }));
    await screen.findByRole("button", { name: "Vote up (2)" });
    // The second click waits for the first answer.
    await waitFor(() => expect(sent).toEqual(["up"]));
    answer(3, "up");
    await waitFor(() => expect(sent).toEqual(["up", null]));
    answer(2, null);
    const button = await screen.findByRole("button", { name: "Vote up (2)" });
    await waitFor(() => expect(button.getAttribute("aria-pressed")).toBe("false"));
  });

  it("rolls a refused vote back and says so", async () => {
    let refuse: () => void = () => undefined;
    fetchMock().mockImplementation(async (url: string) =>
      String(url) === "/api/votes"
        ? new Promise<Response>((resolve) => {
            refuse = () =>
              resolve(
                new Response(JSON.stringify({ error: { code: "internal_error", message: "Something went wrong" } }), {
                  status: 500,
                }),
              );
          })
        : new Response(JSON.stringify({ items: [] }), { status: 200 }),
    );
    renderCard(article({ votes: { up: 2, down: 1 }, myVote: "up" }), member);
    fireEvent.click(screen.getByRole("button", { name: "Vote down (1)" }));
    await screen.findByRole("button", { name: "Vote down (2)" });
    expect(screen.getByRole("button", { name: "Vote up (1)" })).toBeInTheDocument();
    refuse();
    await screen.findByRole("button", { name: "Vote down (1)" });
    expect(screen.getByRole("button", { name: "Vote up (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(lastToast()).toMatchObject({ title: "Vote not saved", variant: "destructive" });
  });
});
