import { useState } from "react";
import { isBlankComment, normaliseComment } from "../../../../contracts/community-catalog.ts";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useAddComment } from "../api.ts";
import { draftFor, keepDraft } from "../drafts.ts";
import { CommentBox } from "./comment-box.tsx";

/** What a comment sent without a session is answered with. */
export const NOT_AUTHENTICATED = "User not authenticated";

/**
 * A comment is sent only when there is something to read (not only spaces or
 * invisible characters), and the box is emptied once it is stored. A refusal is said under
 * the box (the server's own message, e.g. the rate limit's), and the text stays. What is
 * written and not sent stays too when the form goes (the drawer closed): it is back when
 * the form opens again on the same article.
 */
export function CommentForm({ contentId, memberId }: { contentId: string; memberId: string }) {
  const [text, setText] = useState(() => draftFor(memberId, contentId));
  const add = useAddComment(contentId);
  const blank = isBlankComment(text);
  const write = (value: string) => {
    setText(value);
    keepDraft(memberId, contentId, value);
  };
  const send = () => {
    if (blank || add.isPending) return;
    // Not add.mutate's onSuccess: that one is skipped when the drawer closed while sending.
    add.mutateAsync(normaliseComment(text)).then(
      () => write(""),
      () => undefined,
    );
  };
  const signedOut = add.error instanceof ApiError && add.error.status === 401;
  return (
    <form
      aria-label="Add a comment"
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <CommentBox
        label="Your comment"
        placeholder="Share your view…"
        autoFocusInDialog
        value={text}
        onChange={(value) => {
          write(value);
          if (add.isError) add.reset();
        }}
        onSend={send}
        readOnly={add.isPending}
      />
      {signedOut ? (
        <p role="alert" className="rounded-md border border-red-900 bg-red-950/60 px-3 py-2 text-sm text-red-200">
          {NOT_AUTHENTICATED}. <SignInLink className="font-medium underline hover:text-white">Sign in again</SignInLink>{" "}
          to comment.
        </p>
      ) : (
        <FormError message={add.error?.message} />
      )}
      <div className="flex justify-end">
        <Button type="submit" busy={add.isPending} disabled={blank}>
          Comment
        </Button>
      </div>
    </form>
  );
}
