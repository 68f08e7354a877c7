import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Analytics } from "../../../contracts/content.ts";
import { ANALYTICS_DAYS } from "../../../contracts/content-catalog.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

const analyticsQuery = queryOptions({
  queryKey: ["admin", "analytics", ANALYTICS_DAYS],
  queryFn: ({ signal }) => getJson<Analytics>(paths.api.analytics(ANALYTICS_DAYS), signal),
});

/** Page views of the last 30 days: per day, the top pages, the total (admin only). */
export const useAnalytics = () => useQuery(analyticsQuery);
