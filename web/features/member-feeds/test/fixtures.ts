import { vi } from "vitest";
import type { Me } from "../../../../contracts/accounts.ts";
import type { FeedItem } from "../../../../contracts/feeds.ts";
import type { MemberFeed } from "../../../../contracts/reading.ts";
import { apiError, json } from "../../../test/api-fixtures.ts";

export const member: Me = {
  user: { id: "u1", handle: "satoshi", username: null, email: null, avatar: null },
  admin: false,
};
export const visitor: Me = { user: null, admin: false };

const MINUTE = 60_000;

/** A member feed as GET /api/me/feeds gives it: healthy, updated five minutes ago, unless told otherwise. */
export function memberFeed(n: number, over: Partial<MemberFeed> = {}): MemberFeed {
  return {
    key: `mf-${String(n).padStart(12, "0")}`,
    title: `Feed ${n}`,
    url: `https://site${n}.example/feed.xml`,
    siteUrl: null,
    addedAt: new Date(Date.now() - 60 * MINUTE).toISOString(),
    lastUpdated: new Date(Date.now() - 5 * MINUTE).toISOString(),
    lastError: null,
    lastErrorReason: null,
    nextAttempt: new Date(Date.now() + 10 * MINUTE).toISOString(),
    itemCount: 12,
    ...over,
  };
}

/** A member feed whose last fetch failed. */
export const failingFeed = (n: number) =>
  memberFeed(n, {
    title: "Quiet Chain Blog",
    url: "https://quietchain.example/rss",
    lastUpdated: null,
    lastError: "HTTP 503 from quietchain.example",
    lastErrorReason: "quietchain.example had a server error (HTTP 503).",
    nextAttempt: new Date(Date.now() + 18 * MINUTE).toISOString(),
    itemCount: 0,
  });

export function article(id: string, title: string, minutesAgo = 30): FeedItem {
  return {
    id,
    title,
    link: `https://news.example/${id}`,
    pubDate: new Date(Date.now() - minutesAgo * MINUTE).toISOString(),
    undated: false,
    description: "",
    image: null,
    source: "Blockline Daily",
    creator: "Mara Quill",
    votes: { up: 0, down: 0 },
    myVote: null,
    comments: 0,
    story: null,
    coins: [],
    read: false,
  };
}

export const feedList =
  (feeds: MemberFeed[], enabled = true) =>
  () =>
    json({ feeds, limit: 50, enabled });

/**
 * The fake API: one answer per "METHOD /path"; what it was asked, with each JSON body.
 * Anything else is a 404 in the API's error shape.
 */
export function fakeApi() {
  const answers: Record<string, (body: unknown) => Response | Promise<Response>> = {};
  const calls: { call: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://gemwire.test");
    const call = `${init?.method ?? "GET"} ${url.pathname}`;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ call, body });
    const answer = answers[call];
    if (answer) return answer(body);
    return apiError(404, "not_found", "Not found");
  });
  return { answers, calls, fetch, asked: (call: string) => calls.filter((c) => c.call === call) };
}
