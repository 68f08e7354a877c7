import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { primaryButton, secondaryButton } from "../../../components/ui/styles.ts";
import { highlight } from "../highlight.ts";
import { type TourStep, tourSteps } from "../tour-steps.ts";
import { endTour, showTourStep, useTour } from "../tour-store.ts";

/** Wider than a phone (641 px up) the tour is a card in the corner; narrower, a sheet along the bottom. */
const panel =
  "fixed inset-x-0 bottom-0 z-[55] max-h-[40dvh] overflow-y-auto rounded-t-2xl border-t border-line bg-panel p-4 text-zinc-100 shadow-[0_-8px_30px_rgb(0_0_0/0.5)] " +
  "min-[641px]:inset-x-auto min-[641px]:right-6 min-[641px]:bottom-6 min-[641px]:w-[24rem] min-[641px]:rounded-xl min-[641px]:border min-[641px]:p-5 min-[641px]:shadow-2xl";

/**
 * The welcome tour: a step dialog with Previous (disabled on the first step), Next
 * ('Finish' on the last) and Skip. It is non-modal at every size: it points at parts of the
 * page, which stay visible and usable beside it (on a phone it is a compact sheet along the
 * bottom, and the page can scroll clear of it). Focus moves into it and back when it
 * closes; Escape skips.
 */
export function TourDialog() {
  const { step, run } = useTour();
  // A restart from the footer while it is open begins afresh, focus included.
  return <TourPanel key={run} step={step} />;
}

function TourPanel({ step }: { step: number }) {
  const index = Math.min(Math.max(step, 0), tourSteps.length - 1);
  const current = tourSteps[index] as TourStep;
  const first = index === 0;
  const last = index === tourSteps.length - 1;
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const height = useHeight(box);

  useEffect(() => {
    const active = document.activeElement;
    const returnTo = active instanceof HTMLElement && active !== document.body ? active : null;
    next.current?.focus();
    const dialog = box.current;
    return () => {
      // Back where it was, unless the reader has since moved on to something else on the page.
      const now = document.activeElement;
      const fromTour = !now || now === document.body || Boolean(dialog?.contains(now));
      if (fromTour && returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  // The step's element is ringed on whichever page is open; a page that lacks it shows none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page may hold the step's element
  useEffect(() => (current.target === "center" ? undefined : highlight(current.target)), [current.target, pathname]);

  const back = () => {
    showTourStep(index - 1);
    // Previous is disabled on the first step: focus moves on rather than being lost with it.
    if (index - 1 === 0) next.current?.focus();
  };

  return (
    <>
      {/* Room at the end of the page, so on a phone its last part can scroll clear of the sheet. */}
      <div aria-hidden className="min-[641px]:hidden" style={{ height }} />
      <div
        ref={box}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-tour-step={index}
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.preventDefault();
          endTour();
        }}
        className={panel}
      >
        {/* A new step is read out; the first is read as the dialog takes focus. */}
        <div aria-live="polite">
          <p className="text-xs font-medium text-gem">
            Step {index + 1} of {tourSteps.length}
          </p>
          <h2 id={titleId} className="mt-1 font-semibold text-zinc-50 min-[641px]:text-lg">
            {current.title}
          </h2>
          <p id={bodyId} className="mt-1.5 text-sm leading-relaxed text-zinc-300">
            {current.body}
          </p>
        </div>
        <div aria-hidden className="mt-3 flex gap-1.5">
          {tourSteps.map((shown, at) => (
            <span
              key={shown.title}
              className={`h-1.5 rounded-full ${at === index ? "w-5 bg-gem" : "w-1.5 bg-zinc-600"}`}
            />
          ))}
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
          <button
            type="button"
            onClick={endTour}
            className="mr-auto rounded-md px-2 py-2 text-sm text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
          >
            Skip
          </button>
          <button
            type="button"
            onClick={back}
            disabled={first}
            className={`${secondaryButton} disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent`}
          >
            Previous
          </button>
          <button
            ref={next}
            type="button"
            onClick={last ? endTour : () => showTourStep(index + 1)}
            className={primaryButton}
          >
            {last ? "Finish" : "Next"}
          </button>
        </div>
      </div>
    </>
  );
}

/** The element's height as it changes (0 where the browser cannot tell). */
function useHeight(ref: React.RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
