import type { PriceQuote, Prices } from "../../../../contracts/market.ts";

/** A quote as /api/prices sends it. */
export function quote(usd: number, change24h: number | null = 1.5, over: Partial<PriceQuote> = {}): PriceQuote {
  return {
    usd,
    change24h,
    marketCap: usd * 19_000_000,
    volume24h: usd * 400_000,
    asOf: new Date().toISOString(),
    source: "api.coingecko.com",
    ...over,
  };
}

/** An answer of /api/prices: the given quotes, every other coin asked for without a price. */
export function pricesAnswer(
  url: URL,
  quotes: Record<string, PriceQuote | null>,
  unavailable: Prices["unavailable"] = null,
): Prices {
  const asked = (url.searchParams.get("symbols") ?? "").split(",");
  return { prices: Object.fromEntries(asked.map((symbol) => [symbol, quotes[symbol] ?? null])), unavailable };
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
