import { Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Comment } from "../../../../contracts/community.ts";
import { commenterName } from "../../../../contracts/community-catalog.ts";
import { FormError } from "../../../components/ui/form.tsx";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { useMe } from "../../../lib/session.ts";
import { useDeleteComment, useEditComment } from "../api.ts";
import { commentPermissions, editTimeLeft } from "../comment-rules.ts";
import { CommentEditor } from "./comment-editor.tsx";
import { CommentText } from "./comment-text.tsx";
import { MemberFace } from "./member-face.tsx";

const actionButton =
  "inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100 disabled:opacity-50";

/** The permissions, looked at again when the edit window closes (Edit goes away on its own). */
function usePermissions(comment: Comment) {
  const me = useMe().data;
  const [now, setNow] = useState(() => Date.now());
  const left = editTimeLeft(comment, now);
  const own = commentPermissions(comment, me, now);
  useEffect(() => {
    if (!own.edit || left <= 0) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [own.edit, left]);
  return own;
}

/**
 * One comment: who (picture and name), when (and whether it was edited), what, and for its
 * author Edit (within 15 minutes) and Delete, for the admin Delete. `context` goes under the
 * name (Blurts says which article it is on).
 */
export function CommentItem({
  comment,
  context,
  onDeleted,
}: {
  comment: Comment;
  context?: ReactNode;
  /** Called once the comment is gone, so focus can move somewhere sensible. */
  onDeleted?: () => void;
}) {
  const name = commenterName(comment);
  const can = usePermissions(comment);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const edit = useEditComment();
  const remove = useDeleteComment();
  // Said under the comment, not in a toast: inside the modal drawer a toast would sit behind it.
  const failure = edit.error ?? remove.error;
  const editButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) keepButton.current?.focus();
  }, [confirming]);

  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <article aria-label={`Comment by ${name}`} className="flex gap-3">
      <MemberFace name={name} avatar={comment.avatar} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <bdi className="font-semibold text-zinc-100">{name}</bdi>
          <time dateTime={comment.timestamp} title={formatDateTime(comment.timestamp)} className="text-xs text-muted">
            {relativeTime(comment.timestamp)}
          </time>
          {comment.editedAt ? (
            <span className="text-xs text-muted" title={`Edited ${formatDateTime(comment.editedAt)}`}>
              (edited)
            </span>
          ) : null}
        </p>
        {context}
        {editing ? (
          <CommentEditor
            initial={comment.content}
            busy={edit.isPending}
            onCancel={() => {
              edit.reset();
              stopEditing();
            }}
            onSave={(content) => edit.mutate({ comment, content }, { onSuccess: stopEditing })}
          />
        ) : (
          <CommentText content={comment.content} className="mt-1 text-sm leading-relaxed text-zinc-200" />
        )}
        {!editing && (can.edit || can.remove) ? (
          <div className="mt-1 flex flex-wrap items-center gap-1">
            {confirming ? (
              <fieldset className="flex flex-wrap items-center gap-2 text-xs">
                <legend className="float-left mr-1 text-zinc-300">Delete this comment?</legend>
                <button
                  type="button"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(comment, { onSuccess: () => onDeleted?.(), onError: () => setConfirming(false) })
                  }
                  className="rounded bg-red-700 px-2 py-0.5 font-semibold text-white hover:bg-red-600 disabled:opacity-60"
                >
                  Delete
                </button>
                <button ref={keepButton} type="button" onClick={() => setConfirming(false)} className={actionButton}>
                  Keep it
                </button>
              </fieldset>
            ) : (
              <>
                {can.edit ? (
                  <button
                    ref={editButton}
                    type="button"
                    onClick={() => {
                      remove.reset();
                      setEditing(true);
                    }}
                    className={actionButton}
                  >
                    <Pencil className="size-3.5" aria-hidden />
                    Edit
                  </button>
                ) : null}
                {can.remove ? (
                  <button
                    type="button"
                    onClick={() => {
                      edit.reset();
                      setConfirming(true);
                    }}
                    className={actionButton}
                  >
                    <Trash2 className="size-3.5" aria-hidden />
                    Delete
                  </button>
                ) : null}
              </>
            )}
          </div>
        ) : null}
        {failure ? (
          <div className="mt-2">
            <FormError message={`${edit.error ? "Not saved" : "Not deleted"}: ${failure.message}`} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
