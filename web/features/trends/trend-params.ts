import {
  DEFAULT_TREND_PERIOD,
  DEFAULT_TREND_SORT,
  type TrendPeriod,
  type TrendSort,
  trendPeriods,
  trendSorts,
} from "../../../contracts/trends-catalog.ts";

/*
 * The Search Trends page keeps its period, sort and page in the address (each left out at
 * its default), so a reload, a shared link and back/forward show the same list. Reading
 * is forgiving: a value we would not write counts as the default.
 */

export type TrendParams = { period: TrendPeriod; sort: TrendSort; page: number };

const isPeriod = (value: string | null): value is TrendPeriod => trendPeriods.includes(value as TrendPeriod);
const isSort = (value: string | null): value is TrendSort => trendSorts.includes(value as TrendSort);
/** The API's own bound on `page`. */
const MAX_PAGE = 10_000;

export function readTrendParams(params: URLSearchParams): TrendParams {
  const period = params.get("period");
  const sort = params.get("sort");
  const page = params.get("page") ?? "";
  const number = /^\d{1,5}$/.test(page) ? Number(page) : 1;
  return {
    period: isPeriod(period) ? period : DEFAULT_TREND_PERIOD,
    sort: isSort(sort) ? sort : DEFAULT_TREND_SORT,
    page: number >= 1 && number <= MAX_PAGE ? number : 1,
  };
}

/**
 * The address parameters after a change. Another period or sort starts again at page 1;
 * parameters that are not the page's own are kept.
 */
export function withTrendParams(params: URLSearchParams, change: Partial<TrendParams>): URLSearchParams {
  const current = readTrendParams(params);
  const listChanged =
    (change.period !== undefined && change.period !== current.period) ||
    (change.sort !== undefined && change.sort !== current.sort);
  const next: TrendParams = {
    period: change.period ?? current.period,
    sort: change.sort ?? current.sort,
    page: change.page ?? (listChanged ? 1 : current.page),
  };
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (name !== "period" && name !== "sort" && name !== "page") kept.append(name, value);
  }
  if (next.period !== DEFAULT_TREND_PERIOD) kept.set("period", next.period);
  if (next.sort !== DEFAULT_TREND_SORT) kept.set("sort", next.sort);
  if (next.page !== 1) kept.set("page", String(next.page));
  return kept;
}
