/*
 * The token page's sample data: the 50 generated chart
 * points shown until enough real history is recorded, and the holder analytics no source
 * gives us. Every value is seeded by the token (and range), so a page shows the same
 * numbers on every visit instead of new noise each time — and each is labelled as sample
 * data where it is shown.
 */
import { type HistoryRange, MIN_RECORDED_HISTORY_MS } from "../../../contracts/market-catalog.ts";

/** The generated chart has 50 points. */
export const SAMPLE_POINTS = 50;

/** A pseudo-random number source in [0, 1), the same sequence for the same seed text. */
export function seededRandom(seed: string): () => number {
  // FNV-1a folds the text into 32 bits; mulberry32 draws from it.
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const rangeMs: Record<HistoryRange, number> = {
  "1h": 3_600_000,
  "24h": 24 * 3_600_000,
  "7d": 7 * 24 * 3_600_000,
  "30d": 30 * 24 * 3_600_000,
};

/** How far the sample line wanders over each range, as a share of the price. */
const swing: Record<HistoryRange, number> = { "1h": 0.006, "24h": 0.03, "7d": 0.07, "30d": 0.15 };

export type ChartPoint = { t: number; usd: number };

/**
 * The 50 generated points for a range: a seeded random walk that ends at the current
 * price, spread evenly over the range up to `now`.
 */
export function sampleSeries(symbol: string, range: HistoryRange, price: number, now: number): ChartPoint[] {
  const random = seededRandom(`${symbol.toUpperCase()}:${range}`);
  const walk = [0];
  for (let i = 1; i < SAMPLE_POINTS; i++) walk.push((walk[i - 1] ?? 0) + (random() - 0.5));
  const end = walk[SAMPLE_POINTS - 1] ?? 0;
  const spread = Math.max(...walk) - Math.min(...walk) || 1;
  const step = rangeMs[range] / (SAMPLE_POINTS - 1);
  return walk.map((value, i) => ({
    t: now - (SAMPLE_POINTS - 1 - i) * step,
    usd: price * (1 + (swing[range] * (value - end)) / spread),
  }));
}

/** Whether the recorded history is too short to chart (the sample points stand in meanwhile). */
export function needsSampleChart(recordedSince: string | null, now: number): boolean {
  if (recordedSince === null) return true;
  const since = Date.parse(recordedSince);
  return Number.isNaN(since) || since > now - MIN_RECORDED_HISTORY_MS;
}

export type SampleHolders = {
  totalHolders: number;
  uniqueHolders: number;
  averageHoldingDays: number;
  /** Percent of the supply the largest holder has. */
  topHolderShare: number;
  /** Percent of the supply the ten largest holders have together. */
  top10Share: number;
};

/** Plausible holder analytics for a token, the same on every visit (sample data). */
export function sampleHolders(symbol: string): SampleHolders {
  const random = seededRandom(`holders:${symbol.toUpperCase()}`);
  // Between a hundred thousand and fifty million holders, spread on a log scale.
  const totalHolders = Math.round(10 ** (5 + random() * 2.7));
  const topHolderShare = 0.5 + random() * 4.5;
  return {
    totalHolders,
    uniqueHolders: Math.round(totalHolders * (0.78 + random() * 0.17)),
    averageHoldingDays: Math.round(40 + random() * 600),
    topHolderShare,
    top10Share: topHolderShare + 5 + random() * 25,
  };
}
