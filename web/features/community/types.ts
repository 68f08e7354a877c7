/*
 * The answers' types, inferred from the contract's schemas without touching zod at run time
 * (type-only imports are erased: decision 009).
 */
import type { z } from "zod";
import type { blurtsSchema, commentsSchema, notificationsSchema, unreadSchema } from "../../../contracts/community.ts";

export type { Blurt, Comment, Notification, NotificationEvent } from "../../../contracts/community.ts";
export type Comments = z.infer<typeof commentsSchema>;
export type Notifications = z.infer<typeof notificationsSchema>;
export type Unread = z.infer<typeof unreadSchema>;
export type Blurts = z.infer<typeof blurtsSchema>;
/** What the badge and the stream need: how many are unread, and the latest notification's number. */
export type NotificationSummary = { unread: number; seq: number };
