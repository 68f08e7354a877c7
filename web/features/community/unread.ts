/** What the unread badge shows: nothing at 0 (or below), the count, or "99+" past 99. */
export function badgeText(unread: number): string | null {
  if (!(unread > 0)) return null;
  return unread > 99 ? "99+" : String(Math.floor(unread));
}

/** The accessible name of a link to the notifications, with the unread count when there is one. */
export function notificationsLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${Math.floor(unread)} unread` : "Notifications";
}
