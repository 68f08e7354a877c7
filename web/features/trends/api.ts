import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Trends } from "../../../contracts/trends.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";
import type { TrendParams } from "./trend-params.ts";

/** The server reads its sources every half hour by default; a minute keeps a page that stays open current. */
export const TRENDS_STALE_MS = 60_000;
/** Before the server's first read (just started), the page looks again soon rather than in a minute. */
export const FIRST_READ_POLL_MS = 5_000;

/** `GET /api/trends` for one period, sort and page. */
export function trendsQuery(params: TrendParams) {
  return queryOptions({
    queryKey: ["trends", params.period, params.sort, params.page],
    queryFn: ({ signal }) => getJson<Trends>(paths.api.trends(params), signal),
    staleTime: TRENDS_STALE_MS,
    refetchInterval: (query) => (query.state.data?.updatedAt === null ? FIRST_READ_POLL_MS : TRENDS_STALE_MS),
    // The list on screen stays while another page or order loads, so the page does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useTrends(params: TrendParams) {
  return useQuery(trendsQuery(params));
}
