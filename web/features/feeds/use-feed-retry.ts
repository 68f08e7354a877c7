import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { FeedStatus } from "../../../contracts/feeds.ts";
import { toast } from "../../components/ui/toast/toast-store.ts";
import { sendJson } from "../../lib/api-client.ts";
import { feedCatalogQuery } from "../../lib/feed-catalog.ts";
import { paths } from "../../paths.ts";
import type { AnyFeedKey } from "./api.ts";

/** How often the feed list is read again while waiting for the server's new attempt. */
const POLL_MS = 2_000;
/** Give up waiting this long after the attempt was due (a fetch tries 3 times, then relays). */
const WAIT_PAST_DUE_MS = 120_000;

/**
 * 'Refresh Feed' for a feed that failed: asks the server to fetch it again (it does so
 * at once, or once half the scheduler's wait has passed — docs/decisions/012), then follows the
 * feed list until the new attempt is recorded and reloads the feed's items.
 */
export function useFeedRetry(key: AnyFeedKey, status: FeedStatus | undefined) {
  const client = useQueryClient();
  // The last attempt's time when the reader asked; undefined while not waiting.
  const [waitingSince, setWaitingSince] = useState<{ lastAttempt: string | null; until: number } | undefined>();
  const waiting = waitingSince !== undefined;

  const request = useMutation({
    mutationFn: () => sendJson<{ feed: FeedStatus }>("POST", paths.api.feedRefresh(key), undefined),
    onSuccess: ({ feed }) => {
      const due = feed.nextAttempt ? Date.parse(feed.nextAttempt) : Date.now();
      setWaitingSince({ lastAttempt: feed.lastAttempt, until: Math.max(due, Date.now()) + WAIT_PAST_DUE_MS });
      client.setQueryData(feedCatalogQuery.queryKey, (data) =>
        data ? { ...data, feeds: data.feeds.map((f) => (f.key === key ? feed : f)) } : data,
      );
    },
    onError: (error) =>
      toast({ title: "Could not ask for a refresh", description: error.message, variant: "destructive" }),
  });

  // While waiting, the feed list is read again every few seconds.
  useQuery({ ...feedCatalogQuery, enabled: waiting, refetchInterval: waiting ? POLL_MS : false });

  const lastAttempt = status?.lastAttempt ?? null;
  useEffect(() => {
    if (!waitingSince || lastAttempt === waitingSince.lastAttempt) return;
    setWaitingSince(undefined);
    // Gemwire's own feed is built from the others, so every list may change.
    void client.invalidateQueries({ queryKey: ["feeds", "items"] });
  }, [lastAttempt, waitingSince, client]);

  useEffect(() => {
    if (!waitingSince) return;
    const timer = setTimeout(() => setWaitingSince(undefined), Math.max(0, waitingSince.until - Date.now()));
    return () => clearTimeout(timer);
  }, [waitingSince]);

  return { retry: () => request.mutate(), busy: request.isPending || waiting };
}
