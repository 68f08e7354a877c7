/** The attribute that draws the tour's ring around an element (web/styles.css). */
export const HIGHLIGHT = "data-tour-active";

/**
 * Whether a reader can see the element now: laid out, not inside something inert or hidden
 * (the small-screen sidebar while it is closed), and horizontally within the window. Above
 * or below the fold is fine: it is scrolled to.
 */
function onScreen(element: HTMLElement): boolean {
  if (element.closest("[inert], [aria-hidden='true']")) return false;
  const box = element.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return false;
  if (getComputedStyle(element).visibility === "hidden") return false;
  return box.right > 0 && box.left < window.innerWidth;
}

/** A step's element may not be there yet (a feed row still loading): it is looked for this often, this many times. */
export const LOOK_AGAIN = { everyMs: 400, times: 15 };

/**
 * Rings the elements marked `data-tour={name}` that are on screen and scrolls the first into
 * view (at once when the reader prefers reduced motion). None on screen yet: it looks again
 * for a few seconds, then gives up (no highlight). Returns what takes the rings away again.
 */
export function highlight(name: string, lookAgain = LOOK_AGAIN): () => void {
  let ringed: HTMLElement[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = (left: number) => {
    ringed = [...document.querySelectorAll<HTMLElement>(`[data-tour="${name}"]`)].filter(onScreen);
    if (ringed.length === 0) {
      if (left > 0) timer = setTimeout(() => look(left - 1), lookAgain.everyMs);
      return;
    }
    for (const target of ringed) target.setAttribute(HIGHLIGHT, "");
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    ringed[0]?.scrollIntoView?.({ block: "nearest", behavior: still ? "auto" : "smooth" });
  };
  look(lookAgain.times);
  return () => {
    clearTimeout(timer);
    for (const target of ringed) target.removeAttribute(HIGHLIGHT);
  };
}
