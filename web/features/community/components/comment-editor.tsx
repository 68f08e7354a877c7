import { useEffect, useRef, useState } from "react";
import { isBlankComment, normaliseComment } from "../../../../contracts/community-catalog.ts";
import { Button } from "../../../components/ui/form.tsx";
import { CommentBox } from "./comment-box.tsx";

/** Editing a comment in place: Save (not while blank or unchanged) or Cancel (also Escape). */
export function CommentEditor({
  initial,
  busy,
  onSave,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => box.current?.focus(), []);
  const content = normaliseComment(text);
  const savable = !isBlankComment(text) && content !== normaliseComment(initial);
  const save = () => {
    if (savable && !busy) onSave(content);
  };
  return (
    <form
      className="mt-1 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <CommentBox
        label="Edit your comment"
        value={text}
        onChange={setText}
        onSend={save}
        onEscape={onCancel}
        readOnly={busy}
        boxRef={box}
      />
      <div className="flex gap-2">
        <Button type="submit" busy={busy} disabled={!savable} className="px-3 py-1">
          Save
        </Button>
        <Button variant="secondary" onClick={onCancel} className="px-3 py-1">
          Cancel
        </Button>
      </div>
    </form>
  );
}
