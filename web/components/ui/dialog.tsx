import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";

const frames = {
  center: "m-auto w-[calc(100%-2rem)] rounded-xl border",
  /** A side panel over the right edge, the whole height of the window. */
  right: "my-0 mr-0 ml-auto h-dvh max-h-dvh w-full rounded-none border-l",
};

/**
 * A modal dialog on the browser's own <dialog>: focus moves in (to the element marked
 * `data-autofocus`, else the first control) and is kept there, the page
 * behind is inert, Escape and a click outside close it, and focus returns to where it was.
 * `placement="right"` makes it a drawer along the right edge.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  className = "max-w-lg",
  placement = "center",
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  placement?: keyof typeof frames;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // showModal focuses the first control; a dialog can name a better one.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
      // The page behind does not scroll while a dialog is open.
      const overflow = document.documentElement.style.overflow;
      document.documentElement.style.overflow = "hidden";
      return () => {
        document.documentElement.style.overflow = overflow;
        if (dialog.open) dialog.close();
        // The dialog may already be gone from the page, and then the browser returns focus nowhere.
        if (returnTo?.isConnected) returnTo.focus();
      };
    }
    return undefined;
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(event) => {
        // Chromium may skip the cancel event (e.g. a second Escape without a click between).
        if (event.key === "Escape" && !event.defaultPrevented) {
          event.preventDefault();
          onCloseRef.current();
        }
      }}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onCloseRef.current();
      }}
      className={`${frames[placement]} ${className} border-line bg-panel p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70`}
    >
      {open ? (
        <div className="p-5">
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-zinc-50">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-1 text-sm text-muted">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              aria-label="Close"
              onClick={() => onCloseRef.current()}
              className="rounded-md p-1 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
