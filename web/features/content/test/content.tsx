import type { ReactNode } from "react";
import { vi } from "vitest";
import type { BlogPost, Event } from "../../../../contracts/content.ts";
import { json } from "../../../test/api-fixtures.ts";
import { renderAt as renderAtAs } from "../../../test/render.tsx";

/** An event as the API sends it; by default a stored summit in Lisbon. */
export function event(over: Partial<Event> = {}): Event {
  return {
    id: "e1",
    title: "Gemwire Summit",
    description: "Two days on markets and memes.",
    startDate: "2027-05-01T09:00:00.000Z",
    endDate: "2027-05-02T17:00:00.000Z",
    location: { city: "Lisbon", country: "Portugal" },
    website: "https://summit.example",
    imageUrl: null,
    ...over,
  };
}

/** A blog post as the API sends it; by default "Why GEMS" with two paragraphs. */
export function post(over: Partial<BlogPost> = {}): BlogPost {
  const slug = over.slug ?? "why-gems";
  return {
    id: "p1",
    slug,
    url: `/blog/${slug}`,
    title: "Why GEMS",
    excerpt: "Play money that keeps score.",
    content: "GEMS are points.\n\nThey are never money.",
    author: "Mara Quill",
    date: "2026-03-02T10:00:00.000Z",
    tags: ["GEMS", "Predictions"],
    image: "https://images.example/gems.png",
    ...over,
  };
}

export type Call = { method: string; path: string; search: URLSearchParams; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

/**
 * A fake API: handlers by "METHOD /path"; every call is recorded (with its JSON or
 * FormData body). Unknown calls answer 404.
 */
export function fakeApi(handlers: Record<string, Handler> = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://gemwire.test");
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : typeof raw === "string" ? JSON.parse(raw) : undefined;
    const call: Call = { method: init?.method ?? "GET", path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    return handler ? handler(call) : json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    handlers,
    calls,
    /** The calls made to "METHOD /path". */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/** Renders `ui` at `at` (any path shows it) with a fresh query client; `admin` signs the admin in. */
export function renderAt(ui: ReactNode, { at = "/", admin = false }: { at?: string; admin?: boolean } = {}) {
  return renderAtAs(ui, { me: { user: null, admin }, at });
}
