import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { escapeMarkup } from "../lib/markup.ts";

/** A trend item of the daily RSS, as a test writes it. */
export type RssItem = {
  title?: string;
  traffic?: string;
  pubDate?: string;
  picture?: string;
  pictureSource?: string;
  news?: Array<{ title?: string; url?: string; source?: string }>;
};

const element = (name: string, value: string | undefined) =>
  value === undefined ? "" : `<${name}>${escapeMarkup(value)}</${name}>`;

/** Google Trends' daily RSS around these items. */
export function rss(items: RssItem[]): string {
  const body = items
    .map(
      (item) =>
        `<item>${element("title", item.title)}${element("ht:approx_traffic", item.traffic)}${element("pubDate", item.pubDate)}${element("ht:picture", item.picture)}${element("ht:picture_source", item.pictureSource)}${(
          item.news ?? []
        )
          .map(
            (news) =>
              `<ht:news_item>${element("ht:news_item_title", news.title)}${element("ht:news_item_url", news.url)}${element("ht:news_item_source", news.source)}</ht:news_item>`,
          )
          .join("")}</item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:ht="https://trends.google.com/trending/rss"><channel><title>Daily Search Trends</title>
${body}
</channel></rss>`;
}

/** What the local source answers for one path and `geo`: a body, or a status with a body. */
export type Answer = string | { status: number; body?: string; type?: string; delayMs?: number };

/**
 * Trends sources on 127.0.0.1: `/rss?geo=XX` answers `answers.rss[XX]` (404 for a country
 * it lacks), `/realtime` answers `answers.realtime`. Counts the requests per path and geo.
 */
export async function startTrendsSources() {
  const answers: { rss: Record<string, Answer>; realtime: Answer | undefined } = { rss: {}, realtime: undefined };
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push(`${url.pathname}${url.search}`);
    const answer = url.pathname === "/realtime" ? answers.realtime : answers.rss[url.searchParams.get("geo") ?? ""];
    if (answer === undefined) return void response.writeHead(404).end("not here");
    const {
      status = 200,
      body = "",
      type = "application/rss+xml; charset=utf-8",
      delayMs = 0,
    } = typeof answer === "string" ? { body: answer } : answer;
    const send = () => response.writeHead(status, { "content-type": type }).end(body);
    if (delayMs > 0) setTimeout(send, delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    rssUrl: `${origin}/rss`,
    realtimeUrl: `${origin}/realtime`,
    answers,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A logger that keeps the warnings, for tests that check what was said. */
export function recordingLog() {
  const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
  const log = {
    warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }),
    error: () => {},
    info: () => {},
    debug: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}
