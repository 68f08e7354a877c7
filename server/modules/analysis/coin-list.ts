import type { FastifyBaseLogger } from "fastify";
import { type GuardedFetch, OutboundError } from "../../outbound/guarded-fetch.ts";
import { builtInIndex, CoinIndex, type CoinListEntry } from "../coins/index.ts";

/*
 * The price API's list of every coin (CoinGecko's /coins/list?include_platform=true:
 * ~17,000 coins, a few MB), fetched when an analysis first needs it, kept in memory as an
 * index and fetched again at most daily. While it cannot be had, Gemwire's own coins
 * stand in, and the list is asked for again only after a while, not on every analysis.
 */

const HOUR = 3_600_000;

/** What fetching the list may take: it is big, and asked for once a day. */
export const COIN_LIST_FETCH = { timeoutMs: 20_000, maxBytes: 16 * 1024 * 1024 };
/** More entries than any real list has: the rest of an answer this long is ignored. */
const MAX_ENTRIES = 50_000;

export type CoinListOptions = {
  fetcher: GuardedFetch;
  /** The price API's base (PRICE_API_URL), e.g. https://api.coingecko.com/api/v3. */
  baseUrl: string;
  log: FastifyBaseLogger;
  /** A list this old is fetched again (the old one serves meanwhile). */
  refreshMs?: number;
  /** After a failed fetch, the list is asked for again this much later. */
  retryMs?: number;
  now?: () => number;
};

/** The /coins/list address, keeping any query the operator put on the base URL (an API key, say). */
export function coinListUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/coins/list`;
  url.searchParams.set("include_platform", "true");
  return url.href;
}

/** The list's entries that have a symbol and a name; `solana` when the coin has a Solana address. */
export function readCoinList(body: unknown): CoinListEntry[] {
  if (!Array.isArray(body)) throw new Error("the coin list is not a JSON array");
  const entries: CoinListEntry[] = [];
  for (const item of body.slice(0, MAX_ENTRIES)) {
    if (typeof item !== "object" || item === null) continue;
    const { symbol, name, platforms } = item as Record<string, unknown>;
    if (typeof symbol !== "string" || typeof name !== "string") continue;
    const solana =
      typeof platforms === "object" &&
      platforms !== null &&
      typeof (platforms as { solana?: unknown }).solana === "string"
        ? (platforms as { solana: string }).solana.trim() !== ""
        : false;
    entries.push({ symbol: symbol.slice(0, 40), name: name.slice(0, 200), solana });
  }
  if (entries.length === 0) throw new Error("the coin list names no coins");
  return entries;
}

export class CoinList {
  #index: CoinIndex | undefined;
  /** Gemwire's own coins, indexed once, for while the list cannot be had. */
  #builtIn: CoinIndex | undefined;
  /** When the list is next asked for: a day after it came, a while after it did not. */
  #nextAttemptAt = 0;
  #loading: Promise<void> | undefined;
  readonly #options: Required<Omit<CoinListOptions, "now">> & { now: () => number };

  constructor(options: CoinListOptions) {
    this.#options = { refreshMs: 24 * HOUR, retryMs: 10 * 60_000, now: Date.now, ...options };
  }

  /**
   * The coin index: the list's, fetched now if there is none yet; Gemwire's own coins
   * while the list cannot be had. A stale list serves while a fresh one is fetched.
   */
  async index(): Promise<CoinIndex> {
    this.#loadIfDue();
    // Only the first analysis waits; later ones go on with what is kept.
    if (!this.#index) await this.#loading;
    return this.#index ?? this.#fallback();
  }

  /**
   * The index at hand now, never waiting: the list's once it has come, Gemwire's own
   * coins until then. Asks for the list when it is due, as index() does. For work that
   * must not wait on a download of megabytes (tagging articles as a feed refresh stores them).
   */
  current(): CoinIndex {
    this.#loadIfDue();
    return this.#index ?? this.#fallback();
  }

  #loadIfDue(): void {
    if (this.#options.now() < this.#nextAttemptAt || this.#loading) return;
    this.#loading = this.#load().finally(() => {
      this.#loading = undefined;
    });
  }

  #fallback(): CoinIndex {
    this.#builtIn ??= builtInIndex();
    return this.#builtIn;
  }

  async #load(): Promise<void> {
    const { fetcher, baseUrl, log, now } = this.#options;
    try {
      const response = await fetcher(coinListUrl(baseUrl), { headers: { accept: "application/json" } });
      if (response.status !== 200) throw new Error(`the price API answered HTTP ${response.status}`);
      const entries = readCoinList(JSON.parse(response.body.toString("utf8")));
      this.#index = new CoinIndex(entries, "coin list");
      this.#nextAttemptAt = now() + this.#options.refreshMs;
      log.info({ coins: entries.length, symbols: this.#index.symbols.size }, "loaded the coin list for analyses");
    } catch (error) {
      this.#nextAttemptAt = now() + this.#options.retryMs;
      this.#index ??= this.#fallback();
      // The address is left out: it may carry the operator's API key.
      const reason = error instanceof OutboundError ? error.code : (error as Error).message;
      log.warn(
        { reason, retryInMs: this.#options.retryMs },
        "could not load the coin list; analyses use Gemwire's own coins meanwhile",
      );
    }
  }
}
