import { useQuery } from "@tanstack/react-query";
import type { Reader } from "../../../contracts/reading.ts";
import { getJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";

/** The failure of the reader view's request itself (not of the page: that comes as status "failed"). */
export const READER_FAILED = "The reader view could not be loaded";

/**
 * The reader view of `url`: the server keeps a page's read for a day, so within a visit the
 * first answer is reused; a failed request is not retried by itself (it may be a rate limit).
 */
export function useReader(url: string | null) {
  return useQuery({
    queryKey: ["reader", url],
    queryFn: ({ signal }) => getJson<Reader>(paths.api.reader(url ?? ""), signal),
    enabled: url !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
