import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SiteConfig } from "../../contracts/site.ts";
import { paths } from "../paths.ts";
import { getJson } from "./api-client.ts";

export const siteConfigQuery = queryOptions({
  queryKey: ["site"],
  queryFn: ({ signal }) => getJson<SiteConfig>(paths.api.site, signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Public site settings from the server: contact address and social links. */
export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}
