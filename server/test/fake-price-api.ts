import http from "node:http";
import type { AddressInfo } from "node:net";

/** `held`: every answer waits until `release()` (a test decides when prices arrive). */
export type FakePriceMode = "ok" | "error500" | "garbage" | "slow" | "wrong-shape" | "held";

/**
 * A CoinGecko-compatible /simple/price on 127.0.0.1 that counts the calls it gets and
 * the ids each asked for. `quotes` says what it answers per id (ids it lacks are left
 * out, as CoinGecko does); `mode` makes it fail in the ways a real source does.
 */
export async function startFakePriceApi(quotes: Record<string, unknown>) {
  const calls: string[][] = [];
  /** The API key each call carried in its query (CoinGecko's pro key parameter), if any. */
  const keys: string[] = [];
  const state = { mode: "ok" as FakePriceMode, slowMs: 1_000 };
  const held: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/api/v3/simple/price") {
      response.writeHead(404).end();
      return;
    }
    const ids = (url.searchParams.get("ids") ?? "").split(",");
    calls.push(ids);
    const key = url.searchParams.get("x_cg_pro_api_key");
    if (key !== null) keys.push(key);
    const answer = () => {
      if (state.mode === "error500") return response.writeHead(500).end("oops");
      if (state.mode === "garbage") return response.writeHead(200, { "content-type": "application/json" }).end("{nope");
      if (state.mode === "wrong-shape") return response.writeHead(200).end("[1,2,3]");
      const body = Object.fromEntries(ids.filter((id) => Object.hasOwn(quotes, id)).map((id) => [id, quotes[id]]));
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    };
    if (state.mode === "held") held.push(answer);
    else if (state.mode === "slow") setTimeout(answer, state.slowMs).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    host: `127.0.0.1:${port}`,
    calls,
    keys,
    state,
    /** Answers the calls held so far and those to come (mode back to ok). */
    release() {
      state.mode = "ok";
      for (const answer of held.splice(0)) answer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address on 127.0.0.1 where nothing listens (connection refused). */
export async function deadAddress(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api/v3`;
}
