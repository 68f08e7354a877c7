/* The Search Trends page tests' answers and helpers: a page of trends, the API standing in for the server. */
import { screen } from "@testing-library/react";
import { vi } from "vitest";
import type { Trend, Trends } from "../../../../contracts/trends.ts";
import { apiError } from "../../../test/api-fixtures.ts";
import { renderAt } from "../../../test/render.tsx";
import { SearchTrendsPage } from "../components/search-trends-page.tsx";

export const now = Date.now();
export const ok = (source: string) => ({
  source,
  lastSuccessAt: new Date(now - 5 * 60_000).toISOString(),
  lastError: null,
});

export function trend(over: Partial<Trend> = {}): Trend {
  return {
    title: "digital pound",
    traffic: "200K+",
    trafficNumber: 200_000,
    picture: null,
    pictureSource: null,
    newsItems: [],
    pubDate: new Date(now - 2 * 3_600_000).toISOString(),
    country: "GB",
    ...over,
  };
}

export function answer(over: Partial<Trends> = {}): Trends {
  const trends = over.trends ?? [trend()];
  return {
    trends,
    page: 1,
    pages: 1,
    total: trends.length,
    updatedAt: new Date(now - 5 * 60_000).toISOString(),
    nextUpdateAt: new Date(now + 25 * 60_000).toISOString(),
    sources: ["US", "GB", "CA", "AU", "IN"].map(ok),
    sample: false,
    ...over,
  };
}

/** Answers GET /api/trends with `respond` and records each query asked. */
export function trendsApi(respond: (query: URLSearchParams) => Response | Promise<Response>) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://gemwire.test");
      if (url.pathname !== "/api/trends") return apiError(404, "not_found", "Not found");
      asked.push(url.searchParams);
      return respond(url.searchParams);
    }),
  );
  return asked;
}

export const show = (at = "/google-trends") => renderAt(<SearchTrendsPage />, { me: { user: null, admin: false }, at });
export const where = () => screen.getByTestId("where").textContent;
export const trendList = () => screen.findByRole("list", { name: /^Search trends, page/ });
