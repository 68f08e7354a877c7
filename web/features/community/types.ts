/** What the notification badge and stream need: how many are unread, and the latest notification's number. */
export type NotificationSummary = { unread: number; seq: number };
