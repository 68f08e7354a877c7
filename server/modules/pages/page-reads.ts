import type { FastifyBaseLogger } from "fastify";
import { ANALYSIS_CACHE_MS, canAnalyze } from "../../../contracts/analysis-catalog.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";
import { createPageFetch, fetchPage, readPageIn, UnreadablePage } from "../../lib/article-page.ts";
import { workerBeside } from "../../lib/worker.ts";
import type { GuardedFetch, GuardedFetchOptions } from "../../outbound/guarded-fetch.ts";
import { cacheKey } from "./addresses.ts";
import { PageSlots } from "./page-slots.ts";
import { findRead, type PageRead, type ReadOutcome, storeRead } from "./repository.ts";

/*
 * One fetch and one read of an article page for the reader view and the analysis alike
 * (docs/decisions/022). The page is fetched through the guarded client and read in a
 * worker once, which yields both the text the analysis ranks and the reader view's blocks;
 * the read is kept in the database for 24 hours (a page's failure for 10 minutes) so every
 * process shares it, and asks for an address being read in this process wait for that read.
 */

/** A page that failed is not fetched again for this long, whoever asks. */
export const READ_FAILURE_MS = 10 * 60_000;
/** A page read is kept this long: as long as its analysis. */
export const READ_KEPT_MS = ANALYSIS_CACHE_MS;

/** A kept read and when it was read (epoch ms). */
export type TimedRead = { read: PageRead; readAt: number };

/**
 * Lets a new read start (a slot and a charge against the asker's rate limit) and returns
 * what gives the slot back; throws to refuse. Only asked when the page must be fetched.
 */
export type Admit = () => Promise<() => void>;

/** The page clients' policy: how names resolve and which addresses they reach (tests stand in for the internet). */
export type PageFetchPolicy = Pick<GuardedFetchOptions, "resolve" | "isAllowedAddress">;

export type PageReadsOptions = {
  database: Database;
  config: Pick<Config, "sampleMode" | "samplesUrl">;
  log: FastifyBaseLogger;
  /** The guarded client for article pages (public addresses, off the refused sites). */
  pages: GuardedFetch;
  /** In sample mode, the client for this server's own sample articles (on loopback). */
  samples?: GuardedFetch;
  now?: () => number;
};

const readWorker = workerBeside(import.meta.url, "read-worker");

/** Thrown to the asks that joined a read whose starter was refused: they start their own. */
class NotStarted extends Error {
  constructor(readonly refusal: unknown) {
    super("the read was not started");
  }
}

/** Why an address is never fetched, checked on each redirect too. */
function refuseUnread(url: URL): string | null {
  return canAnalyze(url.href)
    ? null
    : `it leads to ${url.hostname.replace(/\.$/, "")}, whose pages Gemwire does not analyse`;
}

/**
 * The page clients: public addresses only, whatever ALLOW_PRIVATE_SOURCES says (any
 * visitor may ask, and an intranet page's text would be read back to them); in sample
 * mode, also this server's own sample articles on loopback, and nothing else.
 */
export function createPageClients(config: Pick<Config, "sampleMode" | "samplesUrl">, policy: PageFetchPolicy = {}) {
  const pages = createPageFetch({ refuseUrl: refuseUnread, ...policy });
  const samples = config.sampleMode
    ? createPageFetch({
        isAllowedAddress: (address) => address === "127.0.0.1",
        refuseUrl: (url) =>
          url.href.startsWith(`${config.samplesUrl}/`) ? null : "it leads away from Gemwire's sample articles",
      })
    : undefined;
  return { pages, samples, close: async () => void (await Promise.all([pages.close(), samples?.close()])) };
}

export class PageReads {
  /**
   * The process's one pool of page slots, held by the reader view and the analysis alike
   * (page-slots.ts): its caps are the process's and each asker's, whichever feature asks.
   */
  readonly slots = new PageSlots();
  readonly #options: PageReadsOptions;
  readonly #now: () => number;
  /** Reads running in this process, by cache key. */
  readonly #running = new Map<string, Promise<TimedRead>>();

  constructor(options: PageReadsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The page at `address` (an http(s) address without its #fragment), read: the kept read,
   * else the one running (joined free), else a new one once `admit` lets it start. Throws
   * UnreadablePage when the page cannot be read (kept 10 minutes when it was the page's fault).
   */
  async read(address: string, admit: Admit): Promise<TimedRead> {
    const key = cacheKey(address);
    const kept = await findRead(this.#options.database, key, this.#now());
    if (kept) return fromOutcome(kept.outcome, kept.readAt);
    for (let running = this.#running.get(key); running; running = this.#running.get(key)) {
      try {
        return await running;
      } catch (error) {
        if (!(error instanceof NotStarted)) throw error;
      }
    }
    // Registered before `admit` is awaited, so an ask meanwhile joins this one.
    const run = this.#admitAndRead(key, address, admit).finally(() => this.#running.delete(key));
    this.#running.set(key, run);
    try {
      return await run;
    } catch (error) {
      throw error instanceof NotStarted ? error.refusal : error;
    }
  }

  async #admitAndRead(key: string, address: string, admit: Admit): Promise<TimedRead> {
    let release: () => void;
    try {
      release = await admit();
    } catch (error) {
      throw new NotStarted(error);
    }
    try {
      const read = await this.#fetchAndRead(address);
      const readAt = await this.#keep(key, { read }, READ_KEPT_MS);
      return { read, readAt };
    } catch (error) {
      // What the page itself did is kept a while; an address refused before any fetch is not.
      if (error instanceof UnreadablePage && error.status === 502) {
        await this.#keep(key, { failure: { status: 502, reason: error.reason } }, READ_FAILURE_MS);
      }
      throw error;
    } finally {
      release();
    }
  }

  async #fetchAndRead(address: string): Promise<PageRead> {
    const { config, pages, samples } = this.#options;
    const ownSample = config.sampleMode && samples && address.startsWith(`${config.samplesUrl}/`);
    const page = await fetchPage(ownSample ? samples : pages, address);
    return (await readPageIn<{ read: PageRead }>(readWorker, page)).read;
  }

  /** Keeps an outcome and returns when it was read; a database hiccup costs only the next ask a new read. */
  async #keep(key: string, outcome: ReadOutcome, forMs: number): Promise<number> {
    const now = this.#now();
    try {
      await storeRead(this.#options.database, key, outcome, now, now + forMs);
    } catch (error) {
      this.#options.log.error({ err: error }, "could not keep a page read");
    }
    return now;
  }
}

function fromOutcome(outcome: ReadOutcome, readAt: number): TimedRead {
  if ("read" in outcome) return { read: outcome.read, readAt };
  throw new UnreadablePage(outcome.failure.status, outcome.failure.reason);
}
