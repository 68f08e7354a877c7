import { queryOptions, useQuery } from "@tanstack/react-query";
import type { FeedStatus } from "../../contracts/feeds.ts";
import { paths } from "../paths.ts";
import { getJson } from "./api-client.ts";
import { useFeedRefreshMs } from "./site-config.ts";

export const feedCatalogQuery = queryOptions({
  queryKey: ["feeds", "catalog"],
  queryFn: ({ signal }) => getJson<{ feeds: FeedStatus[]; error: string | null }>(paths.api.feeds, signal),
});

/** Every feed with its title, tags and state: for the dashboard's sections and the feed pickers. */
export const useFeedCatalog = () => useQuery({ ...feedCatalogQuery, staleTime: useFeedRefreshMs() });
