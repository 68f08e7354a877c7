import { CheckCheck } from "lucide-react";
import { useNavigate } from "react-router";
import type { Notification } from "../../../../contracts/community.ts";
import { Button } from "../../../components/ui/form.tsx";
import { EmptyState, LoadError, LoadMore, RefreshFailed } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { safeNextPath } from "../../../lib/return-path.ts";
import { useMe } from "../../../lib/session.ts";
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from "../notifications-api.ts";

export const NO_NOTIFICATIONS = "No notifications";
export const NOTIFICATIONS_FAILED = "Failed to load notifications";

/** The member's notifications, newest first, unread ones marked. */
export function NotificationsPage() {
  const me = useMe();
  const member = me.data?.user ?? null;
  return (
    <Page
      title="Notifications"
      description="Comments on articles you follow, mentions of you, and how your predictions turned out."
      actions={member ? <MarkAllRead memberId={member.id} /> : null}
    >
      {me.isPending ? (
        <Spinner />
      ) : member ? (
        <NotificationList memberId={member.id} />
      ) : (
        <EmptyState>
          <SignInLink className="font-medium text-gem hover:underline">Sign in</SignInLink> to see your notifications.
        </EmptyState>
      )}
    </Page>
  );
}

/** 'Mark all as read': those the list has shown (up to its seq); one arriving meanwhile stays unread. */
function MarkAllRead({ memberId }: { memberId: string }) {
  const unread = useUnreadCount(memberId);
  const list = useNotifications(memberId);
  const markAll = useMarkAllRead(memberId);
  const through = list.data?.pages[0]?.seq;
  return (
    <Button
      variant="secondary"
      busy={markAll.isPending}
      disabled={unread === 0 || through === undefined}
      onClick={() => {
        if (through === undefined) return;
        markAll.mutate(through, {
          onError: (error) =>
            toast({ title: "Could not mark them as read", description: error.message, variant: "destructive" }),
        });
      }}
    >
      <CheckCheck className="size-4" aria-hidden />
      Mark all as read
    </Button>
  );
}

function NotificationList({ memberId }: { memberId: string }) {
  const query = useNotifications(memberId);
  const markRead = useMarkRead(memberId);
  const navigate = useNavigate();
  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const retry = () => void query.refetch();

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate(notification);
    // The target is a path on this site; anything else is not followed.
    const target = safeNextPath(notification.target);
    if (target) navigate(target);
  };

  if (query.isPending) return <Spinner label="Loading notifications" />;
  if (query.isError && !query.data) return <LoadError message={NOTIFICATIONS_FAILED} onRetry={retry} />;
  if (notifications.length === 0) return <EmptyState>{NO_NOTIFICATIONS}</EmptyState>;
  return (
    <div className="max-w-3xl space-y-4">
      {query.isRefetchError && !query.isFetching ? (
        <RefreshFailed message="Could not refresh the notifications." onRetry={retry} />
      ) : null}
      <ul aria-label="Notifications, newest first" className="space-y-2">
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} onOpen={() => open(notification)} />
          </li>
        ))}
      </ul>
      <LoadMore pages={query} failed="Could not load older notifications." />
    </div>
  );
}

/** One notification; unread ones carry a dot, bold text, a bar and the word "Unread" for screen readers. */
function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = !notification.read;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-unread={unread || undefined}
      className={`flex w-full items-start gap-3 rounded-xl border p-4 text-left transition-colors hover:border-zinc-500 ${
        unread ? "border-l-4 border-gem/70 border-l-gem bg-gem/5" : "border-line bg-panel"
      }`}
    >
      <span
        aria-hidden
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? "bg-gem" : "border border-zinc-600"}`}
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className={unread ? "font-bold text-zinc-50" : "font-medium text-zinc-300"}>
            {unread ? <span className="sr-only">Unread: </span> : null}
            {notification.title}
          </span>
          <time
            dateTime={notification.timestamp}
            title={formatDateTime(notification.timestamp)}
            className="text-xs text-muted"
          >
            {relativeTime(notification.timestamp)}
          </time>
        </span>
        <span dir="auto" className="mt-1 block break-words text-sm text-muted [unicode-bidi:isolate]">
          {notification.description}
        </span>
      </span>
    </button>
  );
}
