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

/**
 * Rings the elements marked `data-tour={name}` that are on screen and scrolls the first into
 * view (at once when the reader prefers reduced motion); none on screen means no highlight.
 * Returns what takes the rings away again.
 */
export function highlight(name: string): () => void {
  const targets = [...document.querySelectorAll<HTMLElement>(`[data-tour="${name}"]`)].filter(onScreen);
  for (const target of targets) target.setAttribute(HIGHLIGHT, "");
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  targets[0]?.scrollIntoView?.({ block: "nearest", behavior: still ? "auto" : "smooth" });
  return () => {
    for (const target of targets) target.removeAttribute(HIGHLIGHT);
  };
}
