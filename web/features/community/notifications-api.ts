import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { Notification, NotificationEvent, Notifications, Unread } from "../../../contracts/community.ts";
import { ApiError, getJson, sendJson } from "../../lib/api-client.ts";
import { paths } from "../../paths.ts";
import type { NotificationSummary } from "./types.ts";

/*
 * The member's notifications: the list, the unread count (badge) and the changes the
 * stream and the member's clicks make to both. Keys carry the member's id, so nothing of
 * one member's shows to the next one signing in on the same tab.
 */

export const notificationsKey = (memberId: string) => ["community", "notifications", memberId] as const;
const summaryKey = (memberId: string) => [...notificationsKey(memberId), "summary"] as const;
const listKey = (memberId: string) => [...notificationsKey(memberId), "list"] as const;

type NotificationPages = InfiniteData<Notifications, number | undefined>;

/**
 * Records what the server said about the unread count and the latest notification number,
 * unless something newer is already known (a poll sent before a streamed event can answer after it).
 */
export function applySummary(client: QueryClient, memberId: string, next: NotificationSummary) {
  client.setQueryData<NotificationSummary>(summaryKey(memberId), (current) =>
    current && current.seq > next.seq ? current : { unread: Math.max(0, next.unread), seq: next.seq },
  );
}

/** The unread count and latest number, from the newest notification alone. */
export function summaryQuery(memberId: string) {
  return queryOptions({
    queryKey: summaryKey(memberId),
    queryFn: async ({ signal, client }): Promise<NotificationSummary> => {
      const page = await getJson<Notifications>(paths.api.notifications({ limit: 1 }), signal);
      const current = client.getQueryData<NotificationSummary>(summaryKey(memberId));
      if (current && current.seq > page.seq) return current;
      return { unread: Math.max(0, page.unread), seq: page.seq };
    },
    staleTime: 30_000,
  });
}

/**
 * Asks for the unread count again, unless it was learned less than `fresherThan` ms ago;
 * a request already on its way is joined rather than started again.
 */
export function refreshSummary(client: QueryClient, memberId: string, fresherThan = 0) {
  const known = client.getQueryState(summaryKey(memberId));
  if (known && Date.now() - known.dataUpdatedAt < fresherThan) return;
  void client.refetchQueries({ queryKey: summaryKey(memberId), exact: true }, { cancelRefetch: false });
}

/** How many notifications the member has not read; 0 for a visitor, never below 0. */
export function useUnreadCount(memberId: string | null): number {
  const summary = useQuery({ ...summaryQuery(memberId ?? ""), enabled: memberId !== null });
  return memberId === null ? 0 : Math.max(0, summary.data?.unread ?? 0);
}

/** `GET /api/notifications`: the member's notifications, newest first, page by page. */
export function notificationsQuery(memberId: string) {
  return infiniteQueryOptions({
    queryKey: listKey(memberId),
    queryFn: async ({ signal, pageParam, client }) => {
      const page = await getJson<Notifications>(paths.api.notifications({ before: pageParam }), signal);
      if (pageParam === undefined) applySummary(client, memberId, page);
      return page;
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

export const useNotifications = (memberId: string) => useInfiniteQuery(notificationsQuery(memberId));

/** The list with one more notification in its place (newest first); one already there is not added twice. */
export function mergeNotification(
  data: NotificationPages | undefined,
  notification: Notification,
): NotificationPages | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.notifications.some((n) => n.id === notification.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const notifications = [...first.notifications];
  const at = notifications.findIndex((n) => n.seq < notification.seq);
  notifications.splice(at === -1 ? notifications.length : at, 0, notification);
  return { ...data, pages: [{ ...first, notifications, seq: Math.max(first.seq, notification.seq) }, ...rest] };
}

/** A notification that arrived on the stream: into the list (once) and the unread count. */
export function receiveNotification(client: QueryClient, memberId: string, event: NotificationEvent) {
  client.setQueryData<NotificationPages>(listKey(memberId), (data) => mergeNotification(data, event.notification));
  applySummary(client, memberId, { unread: event.unread, seq: event.notification.seq });
}

/** The newest notification number the loaded list holds (0 when it holds none or is not loaded). */
function listedSeq(client: QueryClient, memberId: string): number | undefined {
  const data = client.getQueryData<NotificationPages>(listKey(memberId));
  if (!data) return undefined;
  return data.pages[0]?.notifications[0]?.seq ?? 0;
}

/** After a poll: when the server has newer notifications than the list shows, the list is fetched again. */
export function refreshListIfBehind(client: QueryClient, memberId: string, seq: number) {
  const listed = listedSeq(client, memberId);
  if (listed !== undefined && listed < seq) void client.invalidateQueries({ queryKey: listKey(memberId) });
}

function setUnread(client: QueryClient, memberId: string, change: (unread: number) => number) {
  client.setQueryData<NotificationSummary>(summaryKey(memberId), (current) =>
    current ? { ...current, unread: Math.max(0, change(current.unread)) } : current,
  );
}

function markListed(client: QueryClient, memberId: string, read: (n: Notification) => boolean) {
  client.setQueryData<NotificationPages>(listKey(memberId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) => (!n.read && read(n) ? { ...n, read: true } : n)),
          })),
        }
      : data,
  );
}

/** The server's count after a change, when it sent one. */
const unreadOf = (answer: Unread | undefined) => (typeof answer?.unread === "number" ? answer.unread : undefined);

/** After a refused change the list and count are fetched again: what shows must be what is stored. */
function resync(client: QueryClient, memberId: string) {
  void client.invalidateQueries({ queryKey: notificationsKey(memberId) });
}

/** `POST /api/notifications/:id/read`: shown as read at once, the count one lower (never below 0). */
export function useMarkRead(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) =>
      sendJson<Unread | undefined>("POST", paths.api.notificationRead(notification.id), {}),
    onMutate: (notification) => {
      if (notification.read) return;
      markListed(client, memberId, (n) => n.id === notification.id);
      setUnread(client, memberId, (unread) => unread - 1);
    },
    onSuccess: (answer) => {
      const unread = unreadOf(answer);
      if (unread !== undefined) setUnread(client, memberId, () => unread);
    },
    onError: () => resync(client, memberId),
  });
}

/**
 * `POST /api/notifications/read-all {through}`: marks those up to `through` (the list's
 * seq, what the member has seen); one that arrived meanwhile stays unread.
 */
export function useMarkAllRead(memberId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (through: number) => sendJson<Unread | undefined>("POST", paths.api.notificationsReadAll, { through }),
    onMutate: (through) => {
      markListed(client, memberId, (n) => n.seq <= through);
      const data = client.getQueryData<NotificationPages>(listKey(memberId));
      const newer = data?.pages.flatMap((page) => page.notifications).filter((n) => !n.read && n.seq > through);
      setUnread(client, memberId, () => newer?.length ?? 0);
    },
    onSuccess: (answer) => {
      const unread = unreadOf(answer);
      if (unread !== undefined) setUnread(client, memberId, () => unread);
    },
    onError: () => resync(client, memberId),
  });
}

/** A 401 will not mend itself by asking again: polling stops until the member signs in again. */
export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;
