import { type KeyboardEvent, type Ref, useId } from "react";
import { COMMENT_MAX_LENGTH } from "../../../../contracts/community-catalog.ts";
import { COUNTER_FROM } from "../comment-rules.ts";

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The textarea comments are written in: at most 2,000 characters (a counter shows near
 * the limit), Ctrl+Enter (Cmd+Enter on a Mac) sends, Escape calls `onEscape` when given.
 */
export function CommentBox({
  label,
  value,
  onChange,
  onSend,
  onEscape,
  readOnly,
  boxRef,
  placeholder,
  autoFocusInDialog,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onEscape?: () => void;
  readOnly?: boolean;
  boxRef?: Ref<HTMLTextAreaElement>;
  placeholder?: string;
  /** Where focus starts when a dialog (the discussion drawer) opens around it. */
  autoFocusInDialog?: boolean;
}) {
  const id = useId();
  const near = value.length >= COUNTER_FROM;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSend();
    } else if (event.key === "Escape" && onEscape) {
      // Only the editing stops: a drawer around it stays open.
      event.preventDefault();
      event.stopPropagation();
      onEscape();
    }
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        ref={boxRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={COMMENT_MAX_LENGTH}
        readOnly={readOnly}
        rows={3}
        dir="auto"
        placeholder={placeholder}
        data-autofocus={autoFocusInDialog || undefined}
        aria-describedby={`${id}-hint`}
        className="block w-full resize-y rounded-md border border-line bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-gem read-only:opacity-70"
      />
      <p id={`${id}-hint`} className={`mt-1 text-xs ${near ? "text-amber-200" : "text-zinc-500"}`}>
        {near
          ? `${count(value.length)} of ${count(COMMENT_MAX_LENGTH)} characters`
          : "Ctrl+Enter to send · links starting with http(s):// become clickable"}
      </p>
    </div>
  );
}
