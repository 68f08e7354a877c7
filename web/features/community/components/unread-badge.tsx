import { badgeText } from "../unread.ts";

/**
 * The unread count on a link to the notifications: hidden at 0, "99+" past 99. The link's
 * own label says the number (notificationsLabel), so the badge is not read out twice.
 */
export function UnreadBadge({ unread, className = "" }: { unread: number; className?: string }) {
  const text = badgeText(unread);
  if (!text) return null;
  return (
    <span
      aria-hidden
      data-testid="unread-badge"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] font-bold leading-5 text-white tabular-nums ${className}`}
    >
      {text}
    </span>
  );
}
