import type { Me } from "../../../contracts/accounts.ts";
import type { Comment } from "../../../contracts/community.ts";
import { COMMENT_EDIT_WINDOW_MS, COMMENT_MAX_LENGTH } from "../../../contracts/community-catalog.ts";

/** From this many characters on, the form says how many of the 2,000 are used. */
export const COUNTER_FROM = COMMENT_MAX_LENGTH - 200;

/** How long the author may still edit the comment, in ms (0 or less: no longer). */
export function editTimeLeft(comment: Pick<Comment, "timestamp">, now: number): number {
  const posted = Date.parse(comment.timestamp);
  return Number.isNaN(posted) ? 0 : posted + COMMENT_EDIT_WINDOW_MS - now;
}

/** Whether the signed-in member wrote the comment (handles are unique, compared without case). */
export function isAuthor(comment: Pick<Comment, "handle">, me: Me | undefined): boolean {
  const handle = me?.user?.handle;
  return Boolean(handle && comment.handle && comment.handle.toLowerCase() === handle.toLowerCase());
}

/**
 * What the reader may do with a comment: its author edits within 15 minutes of posting and
 * deletes any time; the admin deletes any comment. The server checks the same again.
 */
export function commentPermissions(comment: Pick<Comment, "handle" | "timestamp">, me: Me | undefined, now: number) {
  const own = isAuthor(comment, me);
  return { edit: own && editTimeLeft(comment, now) > 0, remove: own || me?.admin === true };
}
