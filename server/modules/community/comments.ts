import { randomBytes } from "node:crypto";
import type { Comment } from "../../../contracts/community.ts";
import {
  COMMENT_EDIT_WINDOW_MS,
  commentPreview,
  commentTarget,
  mentionedHandles,
  notificationTitles,
} from "../../../contracts/community-catalog.ts";
import type { Database, DbWithDialect } from "../../db/database.ts";
import { forbidden, invalidRequest, notFound, unauthenticated } from "../../errors.ts";
import { pageCursor, parsePageCursor } from "../gems/index.ts";
import { insertNotifications, type NewNotification, redescribeNotifications } from "../notifications/index.ts";
import { commentableTitle, holdCommentable } from "./commentable.ts";
import { presentComment } from "./comments-presenter.ts";
import {
  commentCause,
  countCommentsOn,
  deleteCommentWithNotifications,
  discussionMembers,
  findComment,
  holdActiveMember,
  insertComment,
  listComments,
  membersByHandle,
  updateCommentContent,
} from "./comments-repository.ts";

type Tx = DbWithDialect;

/** Short random ids (22 characters) keep a page cursor short. */
const newCommentId = () => randomBytes(16).toString("base64url");

const commentNotFound = () => notFound("Comment not found");

/** One discussion, newest first, a page at a time, with how many comments it has in all. */
export async function getComments(
  database: Database,
  query: { contentId: string; before?: string; limit: number },
): Promise<{ comments: Comment[]; next: string | null; total: number }> {
  const before = query.before === undefined ? undefined : parsePageCursor(query.before);
  if (before === null) throw invalidRequest("querystring.before: must be a page's `next`");
  const rows = await listComments(database, { contentId: query.contentId, before, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    comments: page.map(presentComment),
    next: rows.length > query.limit && last ? pageCursor(last) : null,
    total: await countCommentsOn(database, query.contentId),
  };
}

export async function getComment(database: Database, id: string): Promise<Comment> {
  const row = await findComment(database, id);
  if (!row) throw commentNotFound();
  return presentComment(row);
}

/**
 * Who hears of a new comment, one notification each: every member it mentions ('New
 * Mention'), then everyone else who commented on the same article or keeps it as a
 * favorite ('New Comment'). Never the commenter, never a deleted member, and nobody who
 * already has UNREAD_PER_ACTOR unread from the commenter (insertNotifications).
 */
async function commentNotifications(
  tx: Tx,
  comment: { id: string; authorId: string; contentId: string; content: string },
): Promise<NewNotification[]> {
  const about = {
    description: commentPreview(comment.content),
    target: commentTarget(comment.id),
    cause: commentCause(comment.id),
    actorId: comment.authorId,
  };
  const mentioned = new Set(
    (await membersByHandle(tx, mentionedHandles(comment.content))).filter((id) => id !== comment.authorId),
  );
  const participants = (await discussionMembers(tx, comment.contentId, comment.authorId)).filter(
    (id) => !mentioned.has(id),
  );
  return [
    ...[...mentioned].map((userId) => ({
      userId,
      kind: "mention" as const,
      title: notificationTitles.mention,
      ...about,
    })),
    ...participants.map((userId) => ({
      userId,
      kind: "comment" as const,
      title: notificationTitles.comment,
      ...about,
    })),
  ];
}

/**
 * Adds a comment: stores it with the title of what it is about, and in the
 * same transaction the notifications it causes.
 */
export async function addComment(
  database: Database,
  authorId: string,
  input: { contentId: string; content: string },
  now = Date.now(),
): Promise<Comment> {
  const title = await commentableTitle(database, input.contentId, authorId);
  const id = newCommentId();
  await database.db.transaction().execute(async (trx) => {
    const tx = { ...database, db: trx };
    // The account may have been deleted since the session was read.
    if (!(await holdActiveMember(tx, authorId))) throw unauthenticated();
    await holdCommentable(tx, input.contentId);
    await insertComment(tx, {
      id,
      user_id: authorId,
      content_id: input.contentId,
      content_title: title,
      interaction_type: "comment",
      content: input.content,
      created_at: now,
      edited_at: null,
    });
    const notifications = await commentNotifications(tx, { id, authorId, ...input });
    await insertNotifications(tx, notifications, now);
  });
  return getComment(database, id);
}

const editWindowMinutes = COMMENT_EDIT_WINDOW_MS / 60_000;

/**
 * Changes a comment's text: only its author, only within COMMENT_EDIT_WINDOW_MS of
 * posting. The previews in the notifications it caused change with it; mentions added by
 * the edit notify no one (a comment notifies once, when posted).
 */
export async function editComment(
  database: Database,
  authorId: string,
  id: string,
  content: string,
  now = Date.now(),
): Promise<Comment> {
  const row = await findComment(database, id);
  if (!row) throw commentNotFound();
  if (row.user_id !== authorId) throw forbidden("You can only edit your own comments");
  if (now - row.created_at > COMMENT_EDIT_WINDOW_MS) {
    throw forbidden(`Comments can be edited for ${editWindowMinutes} minutes after posting`);
  }
  await database.db.transaction().execute(async (trx) => {
    await updateCommentContent({ db: trx }, id, { content, editedAt: now });
    await redescribeNotifications({ db: trx }, commentCause(id), commentPreview(content));
  });
  return getComment(database, id);
}

/** Deletes a comment with its notifications: its author may, at any time, and the admin may delete any. */
export async function deleteComment(
  database: Database,
  actor: { memberId: string | null; isAdmin: boolean },
  id: string,
): Promise<void> {
  const row = await findComment(database, id);
  if (!row) throw commentNotFound();
  if (!actor.isAdmin && row.user_id !== actor.memberId) throw forbidden("You can only delete your own comments");
  await database.db.transaction().execute(async (trx) => deleteCommentWithNotifications({ db: trx }, id));
}
