import type { Me } from "../../contracts/accounts.ts";
import type { FeedItem } from "../../contracts/feeds.ts";
import { json } from "./api-fixtures.ts";

const HOUR = 3_600_000;

/** An article as the feeds API sends it; `n` numbers it (link, title) and sets its age in hours. */
export function feedItem(n: number, over: Partial<FeedItem> = {}): FeedItem {
  return {
    id: `a${n}`,
    title: `Article ${n}`,
    link: `https://news.example/${n}`,
    pubDate: new Date(Date.now() - n * HOUR).toISOString(),
    undated: false,
    description: `What article ${n} says.`,
    image: null,
    source: `Outlet ${n}`,
    creator: "",
    votes: { up: 0, down: 0 },
    myVote: null,
    comments: 0,
    story: null,
    coins: [],
    read: false,
    ...over,
  };
}

export const member: Me = {
  user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null },
  admin: false,
};
export const visitor: Me = { user: null, admin: false };

type Handler = (request: { method: string; path: string; body: unknown }) => Response | Promise<Response>;

/**
 * A fetch that answers "METHOD /path" from `routes` (404 otherwise) and records every call
 * with its JSON body.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://gemwire.test");
    const method = init?.method ?? "GET";
    const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, path: url.pathname, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : json({ error: { code: "not_found", message: "Not found" } }, 404);
  };
  return { fetch, calls };
}
