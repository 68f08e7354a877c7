import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { meQuery } from "../../lib/session.ts";
import type { StreamState } from "./notification-stream.ts";
import {
  applySummary,
  isSignedOutError,
  receiveNotification,
  refreshListIfBehind,
  refreshSummary,
  summaryQuery,
} from "./notifications-api.ts";
import { type BrowserParts, shareNotificationStream } from "./shared-notification-stream.ts";

/** While the stream is not open, the unread count (and through it the list) is asked for this often. */
export const NOTIFICATIONS_POLL_MS = 30_000;
/**
 * A deleted comment takes its notifications away with no event on the stream: the count
 * is asked for again when the member comes back to the window, unless learned this recently.
 */
export const FOCUS_REFRESH_MS = 10_000;

/**
 * The stream ended with its session (signed out elsewhere): who is signed in is asked
 * again, so the page shows the visitor. True when the member is in fact signed in still,
 * with a newer session (signed out and in again in another tab).
 */
async function stillSignedIn(client: QueryClient, memberId: string): Promise<boolean> {
  try {
    const me = await client.fetchQuery({ ...meQuery, staleTime: 0 });
    return me.user?.id === memberId;
  } catch {
    return false;
  }
}

/**
 * Keeps the member's notifications current without a reload: one stream per browser,
 * shared by its tabs, opened after the latest notification the count query saw; while it
 * is not open (evicted included), polling every 30 s. Nothing for a visitor; signing out
 * closes the stream, and so does the session ending elsewhere (then nothing is polled).
 * Coming back to the window asks for the unread count again.
 */
export function useLiveNotifications(memberId: string | null, browser?: BrowserParts): StreamState {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>("closed");
  // Counts the times the stream was opened again after a "signed-out" the session outlived.
  const [round, setRound] = useState(0);
  const summary = useQuery({
    ...summaryQuery(memberId ?? ""),
    enabled: memberId !== null,
    refetchInterval: (query) =>
      memberId === null || state === "open" || state === "signed-out" || isSignedOutError(query.state.error)
        ? false
        : NOTIFICATIONS_POLL_MS,
  });
  const seq = summary.data?.seq;
  const latest = useRef(seq ?? 0);
  latest.current = seq ?? 0;
  const known = seq !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round opens the stream again, by design
  useEffect(() => {
    if (memberId === null || !known) return undefined;
    const close = shareNotificationStream({
      member: memberId,
      after: () => latest.current,
      onReady: (ready) => applySummary(client, memberId, ready),
      onNotification: (event) => receiveNotification(client, memberId, event),
      onState: (next) => {
        setState(next);
        if (next === "signed-out")
          void stillSignedIn(client, memberId).then((still) => still && setRound((n) => n + 1));
      },
      onTakeOver: () => refreshSummary(client, memberId),
      browser,
    });
    return () => {
      close();
      setState("closed");
    };
  }, [memberId, known, client, browser, round]);

  useEffect(() => {
    if (memberId === null) return undefined;
    const refresh = () => {
      if (document.visibilityState !== "hidden") refreshSummary(client, memberId, FOCUS_REFRESH_MS);
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [memberId, client]);

  useEffect(() => {
    if (memberId !== null && seq !== undefined) refreshListIfBehind(client, memberId, seq);
  }, [memberId, seq, client]);

  return state;
}

/**
 * The member's live notifications as a part of the layout, so the layout can fetch this
 * code only for a member, after the first render (the home page's first download has a budget).
 */
export function LiveNotifications({ memberId }: { memberId: string }) {
  useLiveNotifications(memberId);
  return null;
}
