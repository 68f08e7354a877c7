import { Bell } from "lucide-react";
import { Link } from "react-router";
import { UnreadBadge } from "../../features/community/components/unread-badge.tsx";
import { useUnreadCount } from "../../features/community/notifications-api.ts";
import { notificationsLabel } from "../../features/community/unread.ts";
import { paths } from "../../paths.ts";

/** The header's bell for a member: to /notifications, with the unread count on it. */
export function NotificationsBell({ memberId, className }: { memberId: string; className: string }) {
  const unread = useUnreadCount(memberId);
  return (
    <Link to={paths.notifications} aria-label={notificationsLabel(unread)} className={`relative ${className}`}>
      <Bell className="size-5" aria-hidden />
      <UnreadBadge unread={unread} className="absolute -top-0.5 -right-0.5" />
    </Link>
  );
}
