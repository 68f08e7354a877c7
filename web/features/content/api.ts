import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Event } from "../../../contracts/content.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

export const eventsQuery = queryOptions({
  queryKey: ["events"],
  queryFn: ({ signal }) => getJson<{ events: Event[]; sample: boolean }>(paths.api.events, signal),
  staleTime: 10 * 60_000,
});

export const useEvents = () => useQuery(eventsQuery);
