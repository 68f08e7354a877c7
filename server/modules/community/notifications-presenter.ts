import type { Notification } from "../../../contracts/community.ts";
import type { NotificationsTable } from "../../db/schema.ts";

export function presentNotification(row: NotificationsTable): Notification {
  return {
    id: row.id,
    seq: row.seq,
    kind: row.kind,
    title: row.title,
    description: row.description,
    read: row.read_at !== null,
    timestamp: new Date(row.created_at).toISOString(),
    target: row.target,
  };
}
