import http from "node:http";
import type { AddressInfo } from "node:net";

export type FeedRoute = {
  type: string;
  body: string;
  status?: number;
  delayMs?: number;
  /** Sends the first half of the body at once and the rest this much later: a refresh stays in flight. */
  dripMs?: number;
  location?: string;
};

/** A route answered by code, for answers a fixed one cannot give (endless, dripping, bombs). */
export type FeedHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export type FeedServerOptions = {
  /** The local address to listen on; 127.0.0.1 unless given. */
  host?: string;
  /** A route also answers every path under it (a price API's base address, say). */
  nested?: boolean;
};

/**
 * A local web server for feed tests: fixed answers or handlers per path (read at each
 * request, so a test may add or swap a route), a count of requests per path, and how many
 * answers to a path are still being sent.
 */
export async function startFeedServer(
  routes: Record<string, FeedRoute | FeedHandler>,
  { host = "127.0.0.1", nested = false }: FeedServerOptions = {},
) {
  const hits = new Map<string, number>();
  const open = new Map<string, number>();
  const routeFor = (path: string) => {
    let route = routes[path];
    for (let at = path.lastIndexOf("/"); nested && !route && at > 0; at = path.lastIndexOf("/", at - 1)) {
      route = routes[path.slice(0, at)];
    }
    return route;
  };
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routeFor(path);
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    open.set(path, (open.get(path) ?? 0) + 1);
    response.once("close", () => open.set(path, (open.get(path) ?? 1) - 1));
    if (typeof route === "function") {
      route(request, response);
      return;
    }
    const answer = () => {
      response.writeHead(route.status ?? 200, {
        "content-type": route.type,
        ...(route.location ? { location: route.location } : {}),
      });
      if (!route.dripMs) {
        response.end(route.body);
        return;
      }
      const half = Math.floor(route.body.length / 2);
      response.write(route.body.slice(0, half));
      const rest = setTimeout(() => response.end(route.body.slice(half)), route.dripMs);
      rest.unref();
      response.once("close", () => clearTimeout(rest));
    };
    if (route.delayMs) setTimeout(answer, route.delayMs).unref();
    else answer();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    hits: (path: string) => hits.get(path) ?? 0,
    /** Requests for `path` and the paths under it. */
    hitsUnder: (path: string) =>
      [...hits].reduce((sum, [at, count]) => (at === path || at.startsWith(`${path}/`) ? sum + count : sum), 0),
    /** Answers to `path` begun and not yet finished or cut. */
    inFlight: (path: string) => open.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
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
