export type { NewNotification } from "./repository.ts";
export {
  countUnread,
  insertNotifications,
  latestSeqs,
  listNotifications,
  markAllRead,
  markRead,
  NOTIFICATION_RETENTION_MS,
  notificationsBetween,
  pruneNotifications,
  redescribeNotifications,
} from "./repository.ts";
