import type { Trend, Trends } from "../../../contracts/trends.ts";
import {
  TRENDS_PAGE_SIZE,
  type TrendPeriod,
  type TrendSort,
  trendPeriodMs,
} from "../../../contracts/trends-catalog.ts";
import type { Database } from "../../db/database.ts";
import { dedupeByContainment } from "./dedupe.ts";
import { presentSource, presentTrend } from "./presenter.ts";
import { sourceRows, type TrendSourceRow, trendsSince } from "./repository.ts";
import type { TrendSource } from "./sources.ts";

/** At most this many stored trends are read for one period (the newest): a bound on each rebuild. */
export const MAX_ROWS_PER_PERIOD = 2_000;
/**
 * A period's list is rebuilt when a source was read since it was built, and at least this
 * often, so trends leave a period as it slides on.
 */
export const LIST_MAX_AGE_MS = 60_000;

type Built = { signature: string; builtAt: number; byTraffic: Trend[]; byTime: Trend[] };

export type TrendsServiceOptions = {
  database: Database;
  sources: readonly TrendSource[];
  refreshMs: number;
  sample: boolean;
  now?: () => number;
  maxRows?: number;
};

/**
 * Answers GET /api/trends. Each period's de-duplicated, sorted list is built once and
 * shared by every request until a source has been read again (the signature: every
 * source's last read, which the answer needs anyway) or it is a minute old; concurrent
 * requests for a stale period wait for one rebuild.
 */
export function createTrendsService(options: TrendsServiceOptions) {
  const { database, sources, refreshMs, sample, now = Date.now, maxRows = MAX_ROWS_PER_PERIOD } = options;
  const lists = new Map<TrendPeriod, Built>();
  const building = new Map<TrendPeriod, Promise<Built>>();
  const stats = { builds: 0 };

  async function build(period: TrendPeriod, signature: string, at: number): Promise<Built> {
    stats.builds++;
    const rows = await trendsSince(database, at - trendPeriodMs[period], maxRows);
    const ranked = rows.map((row) => ({
      title: row.title,
      trafficNumber: Number(row.traffic_number),
      pubDate: Number(row.pub_date),
      row,
    }));
    const byTraffic = dedupeByContainment(ranked).map((entry) => ({ ...entry, trend: presentTrend(entry.row) }));
    const byTime = [...byTraffic].sort((a, b) => b.pubDate - a.pubDate || b.trafficNumber - a.trafficNumber);
    return {
      signature,
      builtAt: at,
      byTraffic: byTraffic.map((entry) => entry.trend),
      byTime: byTime.map((entry) => entry.trend),
    };
  }

  async function list(period: TrendPeriod, signature: string, at: number): Promise<Built> {
    const cached = lists.get(period);
    if (cached && cached.signature === signature && at - cached.builtAt < LIST_MAX_AGE_MS) return cached;
    const pending = building.get(period);
    if (pending) return pending;
    const next = build(period, signature, at)
      .then((built) => {
        lists.set(period, built);
        return built;
      })
      .finally(() => building.delete(period));
    building.set(period, next);
    return next;
  }

  return {
    stats,
    async trends(query: { period: TrendPeriod; sort: TrendSort; page: number }): Promise<Trends> {
      const at = now();
      const rows = new Map((await sourceRows(database)).map((row) => [row.source, row]));
      const configured = sources.map((source) => rows.get(source.id));
      const signature = JSON.stringify(configured.map((row) => [row?.last_attempt_at, row?.last_success_at]));
      const built = await list(query.period, signature, at);
      const all = query.sort === "time" ? built.byTime : built.byTraffic;
      const start = (query.page - 1) * TRENDS_PAGE_SIZE;
      return {
        trends: all.slice(start, start + TRENDS_PAGE_SIZE),
        page: query.page,
        pages: Math.max(1, Math.ceil(all.length / TRENDS_PAGE_SIZE)),
        total: all.length,
        ...readTimes(configured, refreshMs),
        sources: sources.map((source) => presentSource(source.id, rows.get(source.id))),
        sample,
      };
    },
  };
}

export type TrendsService = ReturnType<typeof createTrendsService>;

/** When trends were last read from any source, and when the next read is due (the soonest source). */
function readTimes(rows: ReadonlyArray<TrendSourceRow | undefined>, refreshMs: number) {
  const successes = rows.flatMap((row) => (row?.last_success_at == null ? [] : [Number(row.last_success_at)]));
  const attempts = rows.flatMap((row) => (row?.last_attempt_at == null ? [] : [Number(row.last_attempt_at)]));
  const iso = (times: number[], pick: (...values: number[]) => number) =>
    times.length === 0 ? null : new Date(pick(...times)).toISOString();
  return {
    updatedAt: iso(successes, Math.max),
    nextUpdateAt: iso(
      attempts.map((time) => time + refreshMs),
      Math.min,
    ),
  };
}
