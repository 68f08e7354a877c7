import type { Comment } from "../../../contracts/community.ts";
import type { UserInteractionsTable } from "../../db/schema.ts";

/** A comment row with its author's public face (handle, name, picture). */
export type CommentRow = UserInteractionsTable & { handle: string; username: string | null; avatar: string | null };

const iso = (ms: number) => new Date(ms).toISOString();

export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    contentId: row.content_id,
    contentTitle: row.content_title,
    username: row.username,
    handle: row.handle,
    avatar: row.avatar,
    content: row.content,
    timestamp: iso(row.created_at),
    editedAt: row.edited_at === null ? null : iso(row.edited_at),
  };
}
