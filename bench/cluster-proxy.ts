/** Part of `npm run bench:cluster`: the round-robin proxy in front of the two processes. */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Upstream = { name: string; origin: string; alive: boolean };

/**
 * A round-robin HTTP proxy: each request goes to the next live upstream; one that refuses
 * a connection is dropped (as a load balancer's health check would) and the request
 * answered 502. Streams (SSE) pass through as they come.
 */
export async function startProxy(upstreams: Upstream[]) {
  let next = 0;
  let droppedAt: number | undefined;
  const server = http.createServer((req, res) => {
    const live = upstreams.filter((u) => u.alive);
    const upstream = live[next++ % Math.max(1, live.length)];
    if (!upstream) return void res.writeHead(503).end("no upstream");
    const target = new URL(req.url ?? "/", upstream.origin);
    const forward = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-upstream": upstream.name });
        answer.pipe(res);
      },
    );
    forward.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" && upstream.alive) {
        upstream.alive = false;
        droppedAt = Date.now();
      }
      if (!res.headersSent) res.writeHead(502).end(`upstream ${upstream.name}: ${error.code ?? error.message}`);
      else res.destroy();
    });
    res.on("close", () => forward.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    droppedAt: () => droppedAt,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
