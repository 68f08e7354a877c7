import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteConfig } from "../../contracts/site.ts";
import { paths } from "../paths.ts";
import { getJson } from "./api-client.ts";

/** DESIGN (FEED_REFRESH_MS): the refresh period used until the server's site settings arrive. */
export const DEFAULT_FEED_REFRESH_MS = 300_000;

export const siteConfigQuery = queryOptions({
  queryKey: ["site"],
  queryFn: ({ signal }) => getJson<SiteConfig>(paths.api.site, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Public site settings from the server: contact address and social links. */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

/**
 * Spec §9: how old a feed, and the stories made from it, may get while its page is open
 * (the server's FEED_REFRESH_MS).
 */
export function useFeedRefreshMs() {
  return useSiteConfig().data?.feedRefreshMs ?? DEFAULT_FEED_REFRESH_MS;
}
