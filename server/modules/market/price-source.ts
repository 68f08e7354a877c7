import type { GuardedFetch } from "../../outbound/guarded-fetch.ts";
import { OutboundError } from "../../outbound/guarded-fetch.ts";

/** One coin's price as the source gave it, checked: a finite, non-negative usd, the rest finite or null. */
export type RawQuote = { usd: number; change24h: number | null; marketCap: number | null; volume24h: number | null };

/** Why the price source could not be read, in words fit for the API's `unavailable.reason`. */
export class PriceSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PriceSourceError";
  }
}

/**
 * The /simple/price address for these ids, with every field the API answers. A query
 * the operator put on the base URL (an API key, say) is kept.
 */
export function simplePriceUrl(baseUrl: string, ids: string[]): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/simple/price`;
  url.searchParams.set("ids", ids.join(","));
  url.searchParams.set("vs_currencies", "usd");
  url.searchParams.set("include_24hr_change", "true");
  url.searchParams.set("include_market_cap", "true");
  url.searchParams.set("include_24hr_vol", "true");
  return url.href;
}

const finiteOrNull = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** A quote from one entry of the answer, or null when it carries no usable price. */
export function readQuote(entry: unknown): RawQuote | null {
  if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return null;
  const fields = entry as Record<string, unknown>;
  const usd = finiteOrNull(fields.usd);
  // A zero price is a glitch, not a price: as an entry or exit it would decide every prediction.
  if (usd === null || usd <= 0) return null;
  const marketCap = finiteOrNull(fields.usd_market_cap);
  const volume24h = finiteOrNull(fields.usd_24h_vol);
  return {
    usd,
    change24h: finiteOrNull(fields.usd_24h_change),
    marketCap: marketCap !== null && marketCap >= 0 ? marketCap : null,
    volume24h: volume24h !== null && volume24h >= 0 ? volume24h : null,
  };
}

/** Plain words for what went wrong underneath, without the address (it may carry a key). */
function plainReason(error: unknown): string {
  if (error instanceof OutboundError) {
    switch (error.code) {
      case "timeout":
        return "The price source did not answer in time";
      case "too_large":
        return "The price source's answer was too large";
      case "blocked_address":
        return "The price source's address is not allowed (private or reserved)";
      case "bad_url":
        return "The price source's address is not valid";
      default:
        return "The price source could not be reached";
    }
  }
  return "The price source could not be reached";
}

/**
 * Asks the CoinGecko-compatible API for every id in one call. Ids the answer leaves out
 * (or gives no usable price for) come back null; anything wrong with the exchange as a
 * whole throws a PriceSourceError.
 */
export async function fetchQuotes(
  fetcher: GuardedFetch,
  baseUrl: string,
  ids: string[],
): Promise<Map<string, RawQuote | null>> {
  let response: Awaited<ReturnType<GuardedFetch>>;
  try {
    response = await fetcher(simplePriceUrl(baseUrl, ids), { headers: { accept: "application/json" } });
  } catch (error) {
    throw new PriceSourceError(plainReason(error), { cause: error });
  }
  if (response.status < 200 || response.status > 299) {
    throw new PriceSourceError(`The price source answered HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body.toString("utf8"));
  } catch (error) {
    throw new PriceSourceError("The price source's answer was not valid JSON", { cause: error });
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new PriceSourceError("The price source's answer was not a list of prices");
  }
  const answer = body as Record<string, unknown>;
  return new Map(ids.map((id) => [id, Object.hasOwn(answer, id) ? readQuote(answer[id]) : null]));
}
