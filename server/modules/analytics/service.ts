import type { IncomingHttpHeaders } from "node:http";
import type { Analytics } from "../../../contracts/content.ts";
import { ANALYTICS_TOP_PAGES } from "../../../contracts/content-catalog.ts";
import { pageRouteOf } from "../../../contracts/pages.ts";
import type { Database } from "../../db/database.ts";
import { DAY_MS, dayOf } from "../../lib/days.ts";
import { limitAddress } from "../../lib/rate-limit/client-address.ts";
import { limits } from "../../lib/rate-limit/limits.ts";
import { hitRateLimit } from "../../lib/rate-limit/rate-limit.ts";
import { isAutomated, isPrefetch } from "./automated.ts";
import { countPageView, readDailyViews, readTopRoutes } from "./repository.ts";

/** What the page-view call knows about a view; only the route pattern and the day are kept. */
export type PageViewReport = {
  path: string;
  address: string;
  userAgent: string | undefined;
  headers: IncomingHttpHeaders;
};

/** The page pattern of a reported path (its query and fragment dropped), if the app has such a page. */
export function routeOfPath(path: string): string | undefined {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  return pathname.startsWith("/") ? pageRouteOf(pathname) : undefined;
}

/**
 * Counts a page view under today's date (UTC) and the page's route pattern — unless it
 * came from a crawler or script, was a prefetch, names no page of the app, or its
 * address has already sent its share this minute. Whether it counted is for tests and
 * logs only: the caller answers the same either way.
 */
export async function recordPageView(
  database: Database,
  view: PageViewReport,
  now: number = Date.now(),
): Promise<boolean> {
  if (isAutomated(view.userAgent) || isPrefetch(view.headers)) return false;
  const route = routeOfPath(view.path);
  if (route === undefined) return false;
  // Keyed by address alone, in a namespace of its own: no account's limits are touched.
  const key = `pageviews:ip:${limitAddress(view.address)}`;
  const { allowed } = await hitRateLimit(database, key, limits.pageViewsPerAddress, now);
  if (!allowed) return false;
  await countPageView(database, dayOf(now), route);
  return true;
}

/**
 * The last `days` days up to today (UTC): every day oldest first, zero where nothing was
 * counted; the most viewed routes of the period; and its total.
 */
export async function analyticsReport(database: Database, days: number, now: number = Date.now()): Promise<Analytics> {
  const last = dayOf(now);
  const first = dayOf(now - (days - 1) * DAY_MS);
  const [counted, top] = await Promise.all([
    readDailyViews(database, first, last),
    readTopRoutes(database, first, last, ANALYTICS_TOP_PAGES),
  ]);
  const byDay = new Map(counted.map((row) => [row.day, row.views]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = dayOf(now - (days - 1 - i) * DAY_MS);
    return { day, views: byDay.get(day) ?? 0 };
  });
  return { days: series, top, total: series.reduce((sum, { views }) => sum + views, 0) };
}
