import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteConfig } from "../../contracts/site.ts";
import { paths } from "../paths.ts";
import { getJson } from "./api-client.ts";

/** The server's default FEED_REFRESH_MS: the refresh period used until the server's site settings arrive. */
export const DEFAULT_FEED_REFRESH_MS = 300_000;

export const siteConfigQuery = queryOptions({
  queryKey: ["site"],
  queryFn: ({ signal }) => getJson<SiteConfig>(paths.api.site, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The id of the JSON data block the server puts the site settings in (server/plugins/web-app.ts). */
const INLINED = "gemwire-site";

/**
 * The site settings the server inlined in the page, so the first render has them without
 * a round trip; undefined when there are none (the Vite dev server's page) or they do not
 * read as settings.
 */
export function inlinedSiteConfig(doc: Document = document): SiteConfig | undefined {
  const text = doc.getElementById(INLINED)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    const looksRight =
      typeof value === "object" &&
      value !== null &&
      typeof (value as SiteConfig).name === "string" &&
      typeof (value as SiteConfig).sampleMode === "boolean";
    return looksRight ? (value as SiteConfig) : undefined;
  } catch {
    return undefined;
  }
}

/** Public site settings from the server: contact address and social links. */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

/**
 * How old a feed, and the stories made from it, may get while its page is open
 * (the server's FEED_REFRESH_MS).
 */
export function useFeedRefreshMs() {
  return useSiteConfig().data?.feedRefreshMs ?? DEFAULT_FEED_REFRESH_MS;
}
