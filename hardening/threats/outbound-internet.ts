/**
 * The stand-in internet of the outbound threat tests (T3–T7): a "public" web server on
 * 127.0.0.2 that the tests program route by route, a canary listening on every local
 * address (all interfaces at its own port, and 127.0.0.1 and ::1 at the public server's
 * port, so a rebound name lands on it too) that must never see a connection, the private
 * and disguised address forms aimed at the canary, and a name resolver the guarded
 * clients take in place of the system's.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "../../server/db/database.ts";
import { createLogger } from "../../server/logger.ts";
import type { Sources } from "../../server/modules/feeds/sources.ts";
import { isPublicAddress } from "../../server/outbound/address-policy.ts";
import { type GuardedFetch, type GuardedFetchOptions, OutboundError } from "../../server/outbound/guarded-fetch.ts";
import { type FeedHandler, startFeedServer } from "../../server/test/feed-server.ts";

/** The address standing for a public server; every other address is judged by the real policy. */
export const PUBLIC_ADDRESS = "127.0.0.2";
/** A name of the stand-in internet that resolves to the public server. */
export const PUBLIC_NAME = "news.public.test";

export type Route = FeedHandler;

/** One private or disguised way of writing an address; `host` goes between `http://` and `:port`. */
export type AddressForm = {
  label: string;
  host: string;
  /** A name only the stand-in resolver knows (the system's would not find it). */
  needsResolver?: boolean;
};

/**
 * The address forms every outbound entry point must refuse, each aimed at the canary's
 * port: loopback, unspecified, private, carrier-grade NAT, unique- and link-local, cloud
 * metadata, IPv4 written in decimal, hex and octal, IPv4 inside IPv6 (mapped, compatible,
 * NAT64, 6to4), and names that resolve into a private network.
 */
export const ADDRESS_FORMS: readonly AddressForm[] = [
  { label: "loopback", host: "127.0.0.1" },
  { label: "loopback range", host: "127.1.2.3" },
  { label: "loopback with a trailing dot", host: "127.0.0.1." },
  { label: "IPv6 loopback", host: "[::1]" },
  { label: "IPv6 loopback written out", host: "[0:0:0:0:0:0:0:1]" },
  { label: "unspecified", host: "0.0.0.0" },
  { label: "unspecified as one number", host: "0" },
  { label: "private 10/8", host: "10.0.0.1" },
  { label: "private 172.16/12", host: "172.16.0.1" },
  { label: "private 172.16/12, its last network", host: "172.31.255.254" },
  { label: "private 192.168/16", host: "192.168.1.1" },
  { label: "carrier-grade NAT 100.64/10", host: "100.64.0.1" },
  { label: "unique-local fc00::/7", host: "[fc00::1]" },
  { label: "unique-local fd00::/8", host: "[fd12:3456::1]" },
  { label: "link-local fe80::/10", host: "[fe80::1]" },
  { label: "link-local, cloud metadata", host: "169.254.169.254" },
  { label: "decimal IPv4", host: "2130706433" },
  { label: "hex IPv4", host: "0x7f000001" },
  { label: "dotted hex IPv4", host: "0x7f.0.0.1" },
  { label: "octal IPv4", host: "0177.0.0.1" },
  { label: "octal IPv4 as one number", host: "017700000001" },
  { label: "IPv4-mapped IPv6", host: "[::ffff:127.0.0.1]" },
  { label: "IPv4-mapped IPv6 in hex", host: "[::ffff:7f00:1]" },
  { label: "IPv4-mapped metadata address", host: "[::ffff:a9fe:a9fe]" },
  { label: "IPv4-compatible IPv6", host: "[::127.0.0.1]" },
  { label: "NAT64 of loopback", host: "[64:ff9b::7f00:1]" },
  { label: "NAT64 of 0.0.0.0", host: "[64:ff9b::]" },
  { label: "6to4 of loopback", host: "[2002:7f00:1::1]" },
  { label: "localhost", host: "localhost" },
  { label: "metadata.google.internal", host: "metadata.google.internal", needsResolver: true },
  { label: "a name resolving to 10.0.0.7", host: "intranet.test", needsResolver: true },
  { label: "a name resolving to unique-local IPv6", host: "intranet6.test", needsResolver: true },
  { label: "a name resolving to several private addresses", host: "everywhere-private.test", needsResolver: true },
];

/** What the stand-in resolver answers for names that are not the public one. */
const PRIVATE_NAMES: Record<string, Array<{ address: string; family: number }>> = {
  localhost: [
    { address: "127.0.0.1", family: 4 },
    { address: "::1", family: 6 },
  ],
  "metadata.google.internal": [{ address: "169.254.169.254", family: 4 }],
  "intranet.test": [{ address: "10.0.0.7", family: 4 }],
  "intranet6.test": [{ address: "fd00::7", family: 6 }],
  "everywhere-private.test": [
    { address: "192.168.0.10", family: 4 },
    { address: "127.0.0.1", family: 4 },
    { address: "::1", family: 6 },
  ],
};

/** The refusal messages of the guarded client's address policy. */
export const PRIVATE_REFUSAL = /is a private or reserved address|resolves only to private or reserved addresses/;

/** Whether `error` is the guarded client refusing an address for where it points. */
export const isPolicyRefusal = (error: unknown) =>
  error instanceof OutboundError && error.code === "blocked_address" && PRIVATE_REFUSAL.test(error.message);

async function listen(server: http.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** The stand-in internet, started; `close()` when done. */
export async function startStandInInternet() {
  // The public server: routes set by the tests, each answering its path and every path under it.
  const routes: Record<string, Route> = {};
  const site = await startFeedServer(routes, { host: PUBLIC_ADDRESS, nested: true });
  const sitePort = site.port;

  // The canary: every connection counts, whatever it asks.
  const canaryConnections: string[] = [];
  const canaryServers: http.Server[] = [];
  const canaryAt = async (port: number, host: string) => {
    const server = http.createServer((request, response) => {
      response
        .writeHead(200, { "content-type": "application/rss+xml" })
        .end("<rss><channel><title>canary</title></channel></rss>");
      void request;
    });
    server.on("connection", (socket) => canaryConnections.push(`${host}:${port} from ${socket.remoteAddress}`));
    canaryServers.push(server);
    return listen(server, port, host);
  };
  const canaryPort = await canaryAt(0, "::");
  await canaryAt(sitePort, "127.0.0.1");
  await canaryAt(sitePort, "::1");

  const lookups: string[] = [];
  /** Names resolving otherwise for one test (rebinding): the answer for each lookup in turn. */
  const rebound = new Map<string, (lookup: number) => Array<{ address: string; family: number }>>();
  const resolve: NonNullable<GuardedFetchOptions["resolve"]> = async (name) => {
    lookups.push(name);
    const changing = rebound.get(name);
    if (changing) return changing(lookups.filter((n) => n === name).length);
    if (name === PUBLIC_NAME) return [{ address: PUBLIC_ADDRESS, family: 4 }];
    const answer = PRIVATE_NAMES[name];
    if (answer) return answer;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  };

  return {
    /** The public server's origin by address (`http://127.0.0.2:port`) and by name. */
    origin: `http://${PUBLIC_ADDRESS}:${sitePort}`,
    named: `http://${PUBLIC_NAME}:${sitePort}`,
    sitePort,
    canaryPort,
    /** The policy a guarded client takes to live in this internet: the real one, plus the public server. */
    policy: {
      isAllowedAddress: (address: string) => address === PUBLIC_ADDRESS || isPublicAddress(address),
      resolve,
    } satisfies Pick<GuardedFetchOptions, "isAllowedAddress" | "resolve">,
    /** An address form aimed at the canary: `http://<form>:<canary port><path>`. */
    at: (form: AddressForm, path = "/feed.xml", port = canaryPort) => `http://${form.host}:${port}${path}`,
    route(path: string, handler: Route) {
      routes[path] = handler;
    },
    /** Requests for `path` and the paths under it. */
    hits: site.hitsUnder,
    /** Connections the canary has seen: must stay empty. */
    canaryConnections,
    rebind(name: string, answer: (lookup: number) => Array<{ address: string; family: number }>) {
      rebound.set(name, answer);
    },
    lookups: (name: string) => lookups.filter((n) => n === name).length,
    async close() {
      await Promise.all([site.close(), ...canaryServers.map(closeServer)]);
    },
  };
}

export type StandInInternet = Awaited<ReturnType<typeof startStandInInternet>>;

/**
 * A guarded client that keeps every error it threw, so a test can tell the address
 * policy's refusal from a connection that failed for another reason.
 */
export function recording(fetcher: GuardedFetch) {
  const errors: unknown[] = [];
  const urls: string[] = [];
  const wrapped = Object.assign(
    async (address: string, init?: Parameters<GuardedFetch>[1]) => {
      urls.push(address);
      try {
        return await fetcher(address, init);
      } catch (error) {
        errors.push(error);
        throw error;
      }
    },
    { close: () => fetcher.close() },
  ) as GuardedFetch;
  return { fetcher: wrapped, errors, urls };
}

/** The logger handed to what the tests run: their output is the assertions, not log lines. */
export const silent = createLogger({ logLevel: "silent" });

/**
 * What the feeds' refresh is given, as main.ts gives it, with `fetcher` in the stand-in
 * internet: no waiting between retries, so a refused or cut-off fetch fails at once.
 */
export const feedRefreshContext = (
  database: Database,
  fetcher: GuardedFetch,
  sources: Sources = { feeds: [], relays: [] },
) => ({
  database,
  sources,
  fetcher,
  refreshMs: 300_000,
  retention: { maxItems: 100, maxAgeMs: 30 * 86_400_000 },
  holder: "hardening",
  log: silent,
  sleep: async () => {},
});
