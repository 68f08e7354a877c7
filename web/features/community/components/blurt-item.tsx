import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Blurt, Comment } from "../../../../contracts/community.ts";
import { commenterName } from "../../../../contracts/community-catalog.ts";
import type { Prediction } from "../../../../contracts/gems.ts";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { CommentItem } from "./comment-item.tsx";
import { UGC_REL } from "./comment-text.tsx";
import { MemberFace } from "./member-face.tsx";

/**
 * One entry of the timeline: a comment with the article it is on, or who made a prediction
 * and the prediction. `onDeleted` moves focus on once a comment is deleted.
 */
/** How a prediction shows; the app passes the GEMS feature's card (features do not import each other). */
export type RenderPrediction = (prediction: Prediction) => ReactNode;

export function BlurtItem({
  blurt,
  renderPrediction,
  onDeleted,
}: {
  blurt: Blurt;
  renderPrediction: RenderPrediction;
  onDeleted: () => void;
}) {
  if (blurt.kind === "comment")
    return (
      <CommentItem comment={blurt.comment} context={<CommentedOn comment={blurt.comment} />} onDeleted={onDeleted} />
    );
  const { prediction } = blurt;
  const name = commenterName(prediction);
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-x-2 text-sm">
        <MemberFace name={name} avatar={prediction.avatar} />
        <bdi className="font-semibold text-zinc-100">{name}</bdi>
        <span className="text-muted">made a prediction</span>
        <time
          dateTime={prediction.created_at}
          title={formatDateTime(prediction.created_at)}
          className="text-xs text-muted"
        >
          {relativeTime(prediction.created_at)}
        </time>
      </p>
      {renderPrediction(prediction)}
    </div>
  );
}

/** A readable name for what a comment is on, when its title was not recorded. */
function placeOf(contentId: string): string {
  try {
    return new URL(contentId).hostname;
  } catch {
    return contentId;
  }
}

/** "on <title>": an article opens in a new tab; a blog post is a page of ours. */
export function CommentedOn({ comment }: { comment: Comment }) {
  const title = <bdi>{comment.contentTitle || placeOf(comment.contentId)}</bdi>;
  const link = "text-zinc-300 underline decoration-zinc-600 hover:text-gem";
  return (
    <p className="mt-0.5 text-xs text-muted">
      on{" "}
      {comment.contentId.startsWith("/") ? (
        <Link to={comment.contentId} className={link}>
          {title}
        </Link>
      ) : (
        <a href={comment.contentId} target="_blank" rel={UGC_REL} className={link}>
          {title}
        </a>
      )}
    </p>
  );
}
