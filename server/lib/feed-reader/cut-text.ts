/** Graphemes are looked for this far around a cut: far more than any real cluster spans. */
const CLUSTER_WINDOW = 64;
let segmenter: Intl.Segmenter | undefined;

/**
 * Where a text can be cut at or before `at` without splitting a character: never inside a
 * surrogate pair (which would store half an emoji), nor inside a grapheme cluster (a flag,
 * a family emoji, a letter and its accents), so what is left reads as written.
 */
export function safeCut(text: string, at: number): number {
  if (at <= 0) return 0;
  if (at >= text.length) return text.length;
  let cut = at;
  const code = text.charCodeAt(cut);
  if (code >= 0xdc00 && code <= 0xdfff && cut > 0) cut--;
  const from = Math.max(0, cut - CLUSTER_WINDOW);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let start = from;
  for (const { index } of segmenter.segment(text.slice(from, Math.min(text.length, cut + CLUSTER_WINDOW)))) {
    if (from + index > cut) break;
    start = from + index;
  }
  return start;
}

/** A text cut to at most `max` characters (UTF-16 units), an ellipsis marking the cut. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, safeCut(text, max - 1)).trimEnd()}…`;
}
