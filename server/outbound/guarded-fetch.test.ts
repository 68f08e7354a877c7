import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch, type OutboundErrorCode, USER_AGENT } from "./guarded-fetch.ts";

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const routes: Record<string, Handler> = {
  "/feed": (req, res) => {
    res.setHeader("content-type", "application/rss+xml");
    res.end(`<rss>${req.headers["user-agent"]}</rss>`);
  },
  "/gzip": (_req, res) => {
    res.setHeader("content-encoding", "gzip");
    res.end(zlib.gzipSync("<rss>gzipped</rss>"));
  },
  "/deflate": (_req, res) => {
    res.setHeader("content-encoding", "deflate");
    res.end(zlib.deflateSync("<rss>deflated</rss>"));
  },
  "/raw-deflate": (_req, res) => {
    res.setHeader("content-encoding", "deflate");
    res.end(zlib.deflateRawSync("<rss>raw deflate</rss>"));
  },
  "/br": (_req, res) => {
    res.setHeader("content-encoding", "br");
    res.end(zlib.brotliCompressSync("<rss>brotli</rss>"));
  },
  "/not-gzip": (_req, res) => {
    res.setHeader("content-encoding", "gzip");
    res.end("this is not gzip");
  },
  "/gzip-bomb": (_req, res) => {
    res.setHeader("content-encoding", "gzip");
    res.end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024)));
  },
  "/huge": (_req, res) => {
    res.end(Buffer.alloc(3 * 1024 * 1024, "a"));
  },
  "/drip": (_req, res) => {
    res.writeHead(200);
    const timer = setInterval(() => res.write("."), 50);
    res.on("close", () => clearInterval(timer));
  },
  "/silent": () => {},
  "/not-modified": (_req, res) => {
    res.writeHead(304);
    res.end();
  },
  "/gone": (_req, res) => {
    res.writeHead(410);
    res.end("gone");
  },
  "/to-private": (_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.2:${port}/feed` });
    res.end();
  },
  "/to-file": (_req, res) => {
    res.writeHead(302, { location: "file:///etc/passwd" });
    res.end();
  },
  "/to-refused": (_req, res) => {
    res.writeHead(302, { location: `${base}/refused/page` });
    res.end();
  },
  "/refused/page": (_req, res) => {
    refusedHits++;
    res.end("should never be asked for");
  },
  "/echo": (req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => res.end(`${req.method} ${req.headers["content-type"]} ${body}`));
  },
};
let refusedHits = 0;

let server: http.Server;
let port: number;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
    if (hops) {
      const left = Number(hops[1]);
      res.writeHead(301, { location: left > 0 ? `/hops/${left - 1}` : "/feed" });
      res.end();
      return;
    }
    const handler = routes[url.pathname];
    if (handler) handler(req, res);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The test server lives on 127.0.0.1: allow exactly that address, as a public one would be. */
const onlyTestServer = (address: string) => address === "127.0.0.1";

async function failure(promise: Promise<unknown>): Promise<{ code: OutboundErrorCode; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: OutboundErrorCode; message: string };
  }
  throw new Error("expected the fetch to fail");
}

describe("guarded fetch", () => {
  const fetcher = createGuardedFetch({ isAllowedAddress: onlyTestServer, timeoutMs: 2_000, maxBytes: 1024 * 1024 });
  afterAll(() => fetcher.close());

  it("fetches a body and identifies itself", async () => {
    const response = await fetcher(`${base}/feed`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/rss+xml");
    expect(response.body.toString()).toBe(`<rss>${USER_AGENT}</rss>`);
  });

  it.each([
    ["/gzip", "<rss>gzipped</rss>"],
    ["/deflate", "<rss>deflated</rss>"],
    ["/raw-deflate", "<rss>raw deflate</rss>"],
    ["/br", "<rss>brotli</rss>"],
  ])("decompresses %s", async (path, text) => {
    expect((await fetcher(`${base}${path}`)).body.toString()).toBe(text);
  });

  it("follows up to 5 redirects and reports where it ended", async () => {
    const response = await fetcher(`${base}/hops/4`);
    expect(response.url).toBe(`${base}/feed`);
    expect(response.body.toString()).toContain("<rss>");
  });

  it("stops after 5 redirects", async () => {
    expect((await failure(fetcher(`${base}/hops/5`))).code).toBe("too_many_redirects");
  });

  it("checks the address again after a redirect", async () => {
    expect((await failure(fetcher(`${base}/to-private`))).code).toBe("blocked_address");
  });

  it("asks refuseUrl about every address, the first and each redirect, before connecting", async () => {
    const asked: string[] = [];
    const refusing = createGuardedFetch({
      isAllowedAddress: onlyTestServer,
      timeoutMs: 2_000,
      refuseUrl: (url) => {
        asked.push(url.pathname);
        return url.pathname.startsWith("/refused/") ? "that site is never read" : null;
      },
    });
    expect(await failure(refusing(`${base}/to-refused`))).toMatchObject({
      code: "refused_url",
      message: "that site is never read",
    });
    expect((await failure(refusing(`${base}/refused/page`))).code).toBe("refused_url");
    expect(asked).toEqual(["/to-refused", "/refused/page", "/refused/page"]);
    expect(refusedHits).toBe(0);
    expect((await refusing(`${base}/feed`)).status).toBe(200);
    await refusing.close();
  });

  it("sends a POST with its body, and never follows a POST's redirect", async () => {
    const posted = await fetcher(`${base}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(posted.body.toString()).toBe('POST application/json {"a":1}');
    expect(await failure(fetcher(`${base}/hops/1`, { method: "POST", body: "{}" }))).toMatchObject({
      code: "redirect_refused",
      message: "A POST is never redirected",
    });
  });

  it("refuses a redirect to another scheme", async () => {
    expect((await failure(fetcher(`${base}/to-file`))).code).toBe("bad_url");
  });

  it("passes 304 and error statuses to the caller", async () => {
    expect((await fetcher(`${base}/not-modified`)).status).toBe(304);
    expect((await fetcher(`${base}/gone`)).status).toBe(410);
  });

  it("caps the body", async () => {
    expect(await failure(fetcher(`${base}/huge`))).toMatchObject({ code: "too_large", message: /larger than 1 MiB/ });
  });

  it("caps the body after decompression (gzip bomb)", async () => {
    expect((await failure(fetcher(`${base}/gzip-bomb`))).code).toBe("too_large");
  });

  it("reports a deadline that falls while a big body is being decompressed as a timeout", async () => {
    // 256 MiB of zeros in 16 gzip members: arrives at once, takes far longer than 50 ms to inflate.
    const member = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024));
    const bomb = Buffer.concat(Array.from({ length: 16 }, () => member));
    const slow = http.createServer((_req, res) => {
      res.setHeader("content-encoding", "gzip");
      res.end(bomb);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const hurried = createGuardedFetch({
      isAllowedAddress: onlyTestServer,
      timeoutMs: 50,
      maxBytes: 512 * 1024 * 1024,
    });
    try {
      const { port: slowPort } = slow.address() as AddressInfo;
      expect((await failure(hurried(`http://127.0.0.1:${slowPort}/`))).code).toBe("timeout");
    } finally {
      await hurried.close();
      slow.close();
    }
  });

  it("reports a body that is not what its encoding says", async () => {
    expect((await failure(fetcher(`${base}/not-gzip`))).code).toBe("bad_encoding");
  });

  it("gives up on a server that drips bytes past the deadline", async () => {
    const started = Date.now();
    expect(await failure(fetcher(`${base}/drip`))).toMatchObject({ code: "timeout", message: /within 2 s/ });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("gives up on a server that never answers", async () => {
    expect((await failure(fetcher(`${base}/silent`))).code).toBe("timeout");
  });

  it("reports a refused connection", async () => {
    const closed = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
    expect((await failure(closed("http://127.0.0.1:1/feed"))).code).toBe("network");
    await closed.close();
  });
});

describe("guarded fetch address policy (no private sources)", () => {
  const resolveTable: Record<string, string> = {
    "rebind.test": "10.0.0.7",
    "metadata.test": "169.254.169.254",
    "mixed.test": "127.0.0.1",
  };
  const fetcher = createGuardedFetch({
    timeoutMs: 2_000,
    resolve: async (hostname) => {
      const address = resolveTable[hostname];
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return [{ address, family: 4 }];
    },
  });
  afterAll(() => fetcher.close());

  it.each([
    ["http://127.0.0.1/feed", "loopback"],
    ["http://2130706433/feed", "decimal loopback"],
    ["http://0x7f.0.0.1/feed", "hex loopback"],
    ["http://0177.0.0.1/feed", "octal loopback"],
    ["http://[::1]/feed", "IPv6 loopback"],
    ["http://[::ffff:127.0.0.1]/feed", "IPv4-mapped loopback"],
    ["http://[::127.0.0.1]/feed", "IPv4-compatible loopback"],
    ["http://[::ffff:a9fe:a9fe]/latest", "IPv4-mapped metadata address"],
    ["http://10.0.0.1/feed", "private"],
    ["http://0.0.0.0/feed", "unspecified"],
    ["http://rebind.test/feed", "a name resolving to a private address"],
    ["http://metadata.test/latest", "a name resolving to the metadata address"],
  ])("refuses %s (%s)", async (url) => {
    expect((await failure(fetcher(url))).code).toBe("blocked_address");
  });

  it.each([
    ["file:///etc/passwd"],
    ["ftp://example.com/feed"],
    ["gopher://x"],
    ["not a url"],
    ["http://user:pw@example.com/"],
  ])("refuses %s as a bad address", async (url) => {
    expect((await failure(fetcher(url))).code).toBe("bad_url");
  });
});
