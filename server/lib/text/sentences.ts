/*
 * An article's sentences, each kept verbatim with where it stands: split by the
 * platform's Unicode sentence rules (Intl.Segmenter, in the page's language), with the
 * fragments those rules leave after abbreviations ("Dr.", "z. B.", "J. Smith") joined back.
 */

/** A sentence of the article: its exact text, its paragraph (1 for the first) and where it starts in the article's text. */
export type Sentence = { text: string; paragraph: number; position: number };

/** Paragraphs are joined by a blank line: positions count in that text. */
export const PARAGRAPH_JOIN = "\n\n";

/**
 * Abbreviations a full stop follows without ending the sentence (matched without case);
 * single letters (initials, "U.S.", "z. B.") are caught by their own rule.
 */
const ABBREVIATIONS = new Set(
  `mr mrs ms dr prof sr jr st mt gen gov sen rep lt col capt sgt cmdr adm pres inc corp ltd co llc plc no vs etc
approx est dept univ jan feb mar apr jun jul aug sep sept oct nov dec fig al bzw ca ggf usw evtl inkl sog nr hr
fr abs vgl sra srta dña ud uds pág núm aprox ej mme mlle mm av env`.split(/\s+/),
);

const LAST_WORD_WITH_STOP = /(?:^|[^\p{L}])(\p{L}+)\.["'”’)\]]*\s*$/u;

/** A locale Intl.Segmenter accepts for `lang`, English when there is none. */
export function localeFor(lang: string): string {
  if (!lang) return "en";
  try {
    return Intl.Segmenter.supportedLocalesOf([lang])[0] ?? "en";
  } catch {
    return "en";
  }
}

/** Whether a sentence break after `text` is really an abbreviation's full stop. */
function endsInAbbreviation(text: string): boolean {
  const word = LAST_WORD_WITH_STOP.exec(text)?.[1];
  if (!word) return false;
  return word.length === 1 || ABBREVIATIONS.has(word.toLowerCase());
}

/** Words by the language's own rules (Japanese and Chinese write none of the spaces a regular expression would need). */
export function wordCounter(locale: string): (text: string) => number {
  const segmenter = new Intl.Segmenter(locale, { granularity: "word" });
  return (text) => {
    let words = 0;
    for (const { isWordLike } of segmenter.segment(text)) if (isWordLike) words++;
    return words;
  };
}

/** Fewer words than this is a fragment ("Dr. ", "Yes. "): it joins its neighbour. */
const FRAGMENT_WORDS = 3;
/** A span this long is no fragment, whatever its words (no need to count them). */
const FRAGMENT_CHARS = 120;

function isFragment(paragraph: string, [start, end]: [number, number], wordCount: (text: string) => number): boolean {
  return end - start < FRAGMENT_CHARS && wordCount(paragraph.slice(start, end)) < FRAGMENT_WORDS;
}

/** The spans [start, end) of one paragraph's sentences. */
function sentenceSpans(
  paragraph: string,
  segmenter: Intl.Segmenter,
  wordCount: (text: string) => number,
): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const { index, segment } of segmenter.segment(paragraph)) {
    const end = index + segment.length;
    const previous = spans.at(-1);
    if (previous) {
      // Only the end of the sentence so far is looked at, so a run of fragments costs no more than its length.
      const tail = paragraph.slice(Math.max(previous[0], previous[1] - 16), previous[1]);
      const startsLower = /^\s*\p{Ll}/u.test(segment);
      if (endsInAbbreviation(tail) || startsLower || isFragment(paragraph, previous, wordCount)) {
        previous[1] = end;
        continue;
      }
    }
    spans.push([index, end]);
  }
  // A fragment left at the end joins the sentence before it.
  const last = spans.at(-1);
  if (spans.length > 1 && last && isFragment(paragraph, last, wordCount)) {
    spans.pop();
    (spans.at(-1) as [number, number])[1] = last[1];
  }
  return spans;
}

/**
 * Every sentence of `paragraphs` (until `max` of them), trimmed, with its paragraph and
 * its position in `paragraphs.join(PARAGRAPH_JOIN)`, so
 * `joined.slice(position, position + text.length) === text`.
 */
export function splitSentences(paragraphs: string[], lang: string, max: number): Sentence[] {
  const locale = localeFor(lang);
  const segmenter = new Intl.Segmenter(locale, { granularity: "sentence" });
  const wordCount = wordCounter(locale);
  const sentences: Sentence[] = [];
  let offset = 0;
  for (const [i, paragraph] of paragraphs.entries()) {
    for (const [start, end] of sentenceSpans(paragraph, segmenter, wordCount)) {
      const raw = paragraph.slice(start, end);
      const text = raw.trim();
      if (!text) continue;
      const lead = raw.length - raw.trimStart().length;
      sentences.push({ text, paragraph: i + 1, position: offset + start + lead });
      if (sentences.length >= max) return sentences;
    }
    offset += paragraph.length + PARAGRAPH_JOIN.length;
  }
  return sentences;
}
