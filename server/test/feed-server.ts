import http from "node:http";
import type { AddressInfo } from "node:net";

/** A local web server for feed tests on 127.0.0.1: fixed answers per path, and a count of requests per path. */
export async function startFeedServer(
  routes: Record<string, { type: string; body: string; status?: number; delayMs?: number; location?: string }>,
) {
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    const answer = () => {
      response.writeHead(route.status ?? 200, {
        "content-type": route.type,
        ...(route.location ? { location: route.location } : {}),
      });
      response.end(route.body);
    };
    if (route.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits: (path: string) => hits.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const rss = (title: string, items: Array<{ id: string; title: string; link: string; hoursAgo?: number }>) => ({
  type: "application/rss+xml; charset=utf-8",
  body: `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title>${items
    .map(
      (item) =>
        `<item><guid isPermaLink="false">${item.id}</guid><title>${item.title}</title><link>${item.link}</link><pubDate>${new Date(
          Date.now() - (item.hoursAgo ?? 1) * 3_600_000,
        ).toUTCString()}</pubDate><description>About ${item.title}</description></item>`,
    )
    .join("")}</channel></rss>`,
});

export const htmlPage = (head: string) => ({
  type: "text/html; charset=utf-8",
  body: `<!doctype html><html><head><title>A site</title>${head}</head><body><p>Hello</p></body></html>`,
});
