import type { Prediction } from "../../contracts/gems.ts";

/** An API answer as fetch returns it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** An API error answer in the API's error shape. */
export const apiError = (status: number, code: string, message: string) => json({ error: { code, message } }, status);

/** A prediction as the API sends it; by default satoshi's open 5m BTC call placed a minute ago. */
export function prediction(over: Partial<Prediction> = {}): Prediction {
  const created = Date.now() - 60_000;
  return {
    id: "p1",
    username: "Satoshi",
    handle: "satoshi",
    avatar: null,
    token: "BTC",
    direction: "up",
    percentage: 1,
    timeFrame: "5m",
    wager: 100,
    status: "active",
    created_at: new Date(created).toISOString(),
    completed_at: null,
    endsAt: new Date(created + 5 * 60_000).toISOString(),
    entry: { usd: 97_000, source: "api.coingecko.com", at: new Date(created).toISOString() },
    exit: null,
    payout: null,
    note: null,
    ...over,
  };
}
