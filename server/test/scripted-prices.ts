import type { Prices } from "../../contracts/market.ts";
import type { PriceService } from "../modules/market/price-service.ts";

/**
 * A price service whose quotes a test sets directly: per symbol a price and the time it
 * was observed (asOf), or nothing (the source has no price / is down). For rules about
 * which observation may be used; server/test/fake-price-api.ts covers the real service.
 */
export function scriptedPrices(source = "prices.example") {
  const quotes = new Map<string, { usd: number; asOf: number }>();
  const calls: string[][] = [];
  let down = false;
  const service: PriceService = {
    source,
    generation: 0,
    async prices(symbols: readonly string[]): Promise<Prices> {
      calls.push([...symbols]);
      const prices: Prices["prices"] = {};
      for (const symbol of symbols) {
        const quote = down ? undefined : quotes.get(symbol);
        prices[symbol] = quote
          ? {
              usd: quote.usd,
              change24h: null,
              marketCap: null,
              volume24h: null,
              asOf: new Date(quote.asOf).toISOString(),
              source,
            }
          : null;
      }
      const unavailable = down
        ? { reason: "The price source is down", lastGood: {}, retryAt: new Date(Date.now() + 30_000).toISOString() }
        : null;
      return { prices, unavailable };
    },
  };
  return {
    service,
    calls,
    set(symbol: string, usd: number, asOf: number) {
      quotes.set(symbol, { usd, asOf });
    },
    clear(symbol: string) {
      quotes.delete(symbol);
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}
