/**
 * What the T3–T5 sweeps (ssrf-*.test.ts) share on each database: the stand-in internet,
 * the apps as an operator runs them (reader, analysis and Extract; members' feeds;
 * ALLOW_PRIVATE_SOURCES=1 with the system's resolver), guarded clients as main.ts makes
 * them, and the check every sweep ends with: each address refused for where it points,
 * the canary untouched.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { type Config, loadConfig } from "../../server/config.ts";
import type { Sources } from "../../server/modules/feeds/sources.ts";
import { createGuardedFetch, type GuardedFetch } from "../../server/outbound/guarded-fetch.ts";
import { joinAsMember } from "../../server/test/accounts.ts";
import { buildTestApp } from "../../server/test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, type TestDatabaseTarget } from "../../server/test/databases.ts";
import { type HostileClass, type Recorder, tried } from "../tally.ts";
import {
  feedRefreshContext,
  isPolicyRefusal,
  recording,
  type StandInInternet,
  startStandInInternet,
} from "./outbound-internet.ts";

/** What members, readers and the admin are told when an address points into a private network. */
export const PRIVATE_WORDS = /private or local network/;
export const REDIRECTS = [301, 302, 303, 307, 308] as const;
/** A 400 telling a member, a reader or the admin that the address points into a private network. */
export const REFUSED_AS_PRIVATE = /^400 .*private or local network/;

/** One way in: asks for each address and returns what the app said about it (in order). */
export type EntryPoint = {
  /** What the entry point answers when the address is refused for where it points. */
  refusal: RegExp;
  ask(urls: string[]): Promise<string[]>;
  /** The guarded client's own errors, when the test holds the client: each must be the policy's refusal. */
  errors?: unknown[];
};

/** An error answer as "<status> <message>", what the refusal patterns read. */
export const answerOf = (response: { statusCode: number; body: string; json: () => unknown }) =>
  `${response.statusCode} ${(response.json() as { error?: { message?: string } }).error?.message ?? response.body}`;

/** Asks one at a time. */
export const each =
  (one: (url: string, i: number) => Promise<string>) =>
  async (urls: string[]): Promise<string[]> => {
    const said: string[] = [];
    for (const [i, url] of urls.entries()) said.push(await one(url, i));
    return said;
  };

/** The apps and clients of one database's sweeps; the fields are set before the file's tests run. */
export class SsrfHarness {
  net!: StandInInternet;
  handle!: TestDatabaseHandle;
  /** Reader, analysis, Extract: ALLOW_PRIVATE_SOURCES unset, the stand-in internet. */
  pages!: FastifyInstance;
  /** Members' feeds: ALLOW_PRIVATE_SOURCES=1 (it never applies to them), the stand-in internet. */
  members!: FastifyInstance;
  /** ALLOW_PRIVATE_SOURCES=1 and the system's resolver, no stand-in: what an operator runs. */
  settingOn!: FastifyInstance;
  readonly config: Config = loadConfig({ LOG_LEVEL: "silent" });
  readonly clients: GuardedFetch[] = [];
  /** Numbers the paths, hosts and items of the sweeps apart. */
  feedNumber = 0;
  trendsTick = Date.now();
  private asked = 0;
  private member: Awaited<ReturnType<typeof joinAsMember>> | undefined;
  private memberUses = 0;

  /** A guarded client built as main.ts or app.ts builds it, living in the stand-in internet. */
  client(limits: { timeoutMs?: number; maxBytes?: number } = {}) {
    const made = createGuardedFetch({ allowPrivate: this.config.allowPrivateSources, ...limits, ...this.net.policy });
    this.clients.push(made);
    return recording(made);
  }

  /** A fresh asker (address) per request, so no rate limit is what refuses. */
  nextAddress() {
    return `203.0.113.${(++this.asked % 250) + 1}`;
  }

  /** A member with room left under the adds-per-member limit (30 in 10 minutes). */
  async someMember(on: FastifyInstance) {
    if (!this.member || this.memberUses >= 25) {
      this.member = await joinAsMember(on, this.handle.database);
      this.memberUses = 0;
    }
    this.memberUses++;
    return this.member;
  }

  async add(on: FastifyInstance, address: string) {
    const who = await this.someMember(on);
    return on.inject({ method: "POST", url: "/api/me/feeds", payload: { address }, cookies: who.cookies });
  }

  refreshContext(fetcher: GuardedFetch, sources?: Sources) {
    return feedRefreshContext(this.handle.database, fetcher, sources);
  }

  /** Asks `entry` for every URL, expects each refused for where it points, and the canary untouched. */
  async expectRefused(task: Recorder, kind: HostileClass, entry: EntryPoint, urls: string[], labels: string[]) {
    const canaryBefore = this.net.canaryConnections.length;
    const errorsBefore = entry.errors?.length ?? 0;
    const said = await entry.ask(urls);
    expect(said).toHaveLength(urls.length);
    for (const [i, words] of said.entries()) expect(words, `${labels[i]}: ${urls[i]}`).toMatch(entry.refusal);
    if (entry.errors) {
      const errors = entry.errors.slice(errorsBefore);
      expect(errors.length).toBeGreaterThanOrEqual(urls.length);
      for (const error of errors) expect(error).toSatisfy(isPolicyRefusal);
    }
    expect(this.net.canaryConnections.slice(canaryBefore)).toEqual([]);
    tried(task, kind, urls.length);
  }
}

/** Starts the stand-in internet, the database and the apps before the calling file's tests, and stops them after. */
export function useSsrfHarness(target: TestDatabaseTarget): SsrfHarness {
  const h = new SsrfHarness();

  beforeAll(async () => {
    h.net = await startStandInInternet();
    h.handle = await openTestDatabase(target);
    // The price API and its coin list point at the canary: refused, since the setting is unset.
    const canaryPrices = `http://127.0.0.1:${h.net.canaryPort}/api/v3`;
    h.pages = await buildTestApp(h.handle.database, {
      env: { PRICE_API_URL: canaryPrices },
      analysis: { pageFetch: h.net.policy },
    });
    h.members = await buildTestApp(h.handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: "http://127.0.0.1:1/api/v3" },
      memberFeeds: { fetchPolicy: h.net.policy },
    });
    h.settingOn = await buildTestApp(h.handle.database, {
      env: { ALLOW_PRIVATE_SOURCES: "1", PRICE_API_URL: "http://127.0.0.1:1/api/v3" },
    });
    // Not retried (unlike a 5xx), so the relay is asked at once.
    h.net.route("/gone.xml", (_request, response) => response.writeHead(410).end("gone"));
  });

  afterAll(async () => {
    await Promise.all(h.clients.map((made) => made.close()));
    await Promise.allSettled([h.pages.close(), h.members.close()]);
    await h.settingOn.close();
    await h.handle.dispose();
    await h.net.close();
  });

  return h;
}
