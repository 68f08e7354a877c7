import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { StreamState } from "./notification-stream.ts";
import {
  applySummary,
  isSignedOutError,
  receiveNotification,
  refreshListIfBehind,
  summaryQuery,
} from "./notifications-api.ts";
import { type BrowserParts, shareNotificationStream } from "./shared-notification-stream.ts";

/** While the stream is not open, the unread count (and through it the list) is asked for this often. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * Keeps the member's notifications current without a reload: one stream per browser,
 * shared by its tabs, opened after the latest notification the count query saw; while it
 * is not open (evicted included), polling every 30 s. Nothing for a visitor; signing out
 * closes the stream.
 */
export function useLiveNotifications(memberId: string | null, browser?: BrowserParts): StreamState {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>("closed");
  const summary = useQuery({
    ...summaryQuery(memberId ?? ""),
    enabled: memberId !== null,
    refetchInterval: (query) =>
      memberId === null || state === "open" || isSignedOutError(query.state.error) ? false : NOTIFICATIONS_POLL_MS,
  });
  const seq = summary.data?.seq;
  const latest = useRef(seq ?? 0);
  latest.current = seq ?? 0;
  const known = seq !== undefined;

  useEffect(() => {
    if (memberId === null || !known) return undefined;
    const close = shareNotificationStream({
      member: memberId,
      after: () => latest.current,
      onReady: (ready) => applySummary(client, memberId, ready),
      onNotification: (event) => receiveNotification(client, memberId, event),
      onState: setState,
      browser,
    });
    return () => {
      close();
      setState("closed");
    };
  }, [memberId, known, client, browser]);

  useEffect(() => {
    if (memberId !== null && seq !== undefined) refreshListIfBehind(client, memberId, seq);
  }, [memberId, seq, client]);

  return state;
}
