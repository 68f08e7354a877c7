import { type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from "react";

/** A tooltip opens after 700 ms; moving to another within 300 ms opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** Moving from the trigger onto the tooltip within this time keeps it open (WCAG 1.4.13). */
const HOVER_GAP_MS = 150;

/**
 * A text tooltip for a focusable trigger: shown on hover and keyboard focus (a tap or
 * click toggles it, for touch screens), kept open while the pointer is on it, hidden on
 * leave, blur or Escape, and announced through aria-describedby.
 */
export function Tooltip({
  content,
  children,
}: {
  content: ReactNode;
  children: (props: {
    "aria-describedby": string | undefined;
    onPointerEnter: (event?: { pointerType?: string }) => void;
    onPointerLeave: (event?: { pointerType?: string }) => void;
    onFocus: () => void;
    onBlur: () => void;
    onClick: () => void;
  }) => ReactElement;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  function show() {
    clearTimeout(timer.current);
    const skip = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), skip ? 0 : TOOLTIP_DELAY_MS);
  }
  function hide() {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  }
  function hideSoon() {
    clearTimeout(timer.current);
    timer.current = setTimeout(hide, HOVER_GAP_MS);
  }
  function keep() {
    clearTimeout(timer.current);
  }

  return (
    <span className="relative inline-flex">
      {children({
        "aria-describedby": open ? id : undefined,
        onPointerEnter: (event?: { pointerType?: string }) => {
          if (event?.pointerType !== "touch") show();
        },
        onPointerLeave: (event?: { pointerType?: string }) => {
          if (event?.pointerType !== "touch") hideSoon();
        },
        onFocus: show,
        onBlur: hide,
        onClick: () => {
          clearTimeout(timer.current);
          setOpen((wasOpen) => !wasOpen);
        },
      })}
      {open ? (
        <span
          id={id}
          role="tooltip"
          onPointerEnter={keep}
          onPointerLeave={hideSoon}
          className="absolute top-full left-0 z-40 mt-2 w-max max-w-64 rounded-md border border-line bg-zinc-900 px-3 py-2 text-xs text-zinc-200 shadow-lg"
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
