import { KEY_POINTS, type KeyPoint } from "../../../contracts/analysis-catalog.ts";
import { stopwordsFor } from "./lexicon.ts";
import { localeFor, PARAGRAPH_JOIN, type Sentence, splitSentences } from "./sentences.ts";

/*
 * Key points chosen extractively: TextRank (Mihalcea & Tarau, 2004) over the article's
 * sentences. Two sentences are as similar as the content words they share, normalised
 * by the logs of their lengths; PageRank over that graph ranks the sentences the rest of
 * the article most agrees with. The best few, not repeating one another, are quoted
 * verbatim in the article's order (docs/decisions/017).
 */

/** At most this many sentences are ranked: the graph costs their number squared. */
export const MAX_RANKED = 300;
/** Sentences looked at while finding MAX_RANKED usable ones. */
const MAX_SPLIT = 1_000;
const DAMPING = 0.85;
const ITERATIONS = 30;
/** A candidate sharing this much of its words (Jaccard) with a chosen point says the same again. */
const REDUNDANT = 0.5;

/**
 * A usable sentence is this long: shorter is a label or a fragment ("New here? Create an
 * account"), longer a run-on list. Languages written without spaces (Chinese, Japanese,
 * Thai) say as much in far fewer characters.
 */
const SENTENCE_CHARS = { min: 30, minUnspaced: 12, max: 600 };
/** Words (by the language's rules) a usable sentence has at least. */
const MIN_WORDS = 5;
/** Letters among a sentence's visible characters: below this it is numbers, symbols or code. */
const MIN_LETTER_SHARE = 0.6;
/** Furniture that slips into articles' text: prompts to subscribe, share, follow or sign in, credits, cookie notices. */
const BOILERPLATE =
  /\b(subscribe|subscription|newsletter|sign up|sign-up|signup|log in|sign in|cookies?|all rights reserved|copyright|click here|read more|follow us|share (this|on)|advertisement|sponsored|abonnieren|suscr[ií]bete|inscrivez-vous)\b|https?:\/\/|www\./i;

const WORD = /[\p{L}\p{N}]/u;

/** Whether a sentence of `words` words can be a key point at all. */
export function isUsableSentence(text: string, words: number): boolean {
  const spaced = (text.match(/\s/g)?.length ?? 0) >= words / 2;
  const min = spaced ? SENTENCE_CHARS.min : SENTENCE_CHARS.minUnspaced;
  if (text.length < min || text.length > SENTENCE_CHARS.max) return false;
  const visible = text.replace(/\s+/g, "");
  const letters = visible.match(/\p{L}/gu)?.length ?? 0;
  if (letters / visible.length < MIN_LETTER_SHARE) return false;
  // Shouting: a line in capitals is a banner, not a sentence.
  const capitals = visible.match(/\p{Lu}/gu)?.length ?? 0;
  if (letters > 10 && capitals / letters > 0.8) return false;
  if (words < MIN_WORDS) return false;
  return !BOILERPLATE.test(text);
}

type Ranked = Sentence & { words: Set<string>; length: number };

/** Each sentence's words (Unicode word boundaries, any script), lower-cased; function words and numbers left out. */
function tokenise(sentences: Sentence[], lang: string): Ranked[] {
  const locale = localeFor(lang);
  const segmenter = new Intl.Segmenter(locale, { granularity: "word" });
  const isStopword = stopwordsFor(lang);
  return sentences.map((sentence) => {
    const words = new Set<string>();
    let length = 0;
    for (const { segment, isWordLike } of segmenter.segment(sentence.text)) {
      if (!isWordLike || !WORD.test(segment)) continue;
      length++;
      const word = segment.normalize("NFKC").toLocaleLowerCase(locale);
      if (/^\p{N}+([.,]\p{N}+)*$/u.test(word) || isStopword(word)) continue;
      if (word.length < 2 && /^[\p{Script=Latin}\p{N}]$/u.test(word)) continue;
      words.add(word);
    }
    return { ...sentence, words, length };
  });
}

/** The TextRank paper's similarity: shared words over log|Si| + log|Sj|. */
function similarities(ranked: Ranked[]): Float64Array {
  const n = ranked.length;
  const weights = new Float64Array(n * n);
  // Sentences that share a word, found through the word: no pair is compared for nothing.
  const byWord = new Map<string, number[]>();
  ranked.forEach((sentence, i) => {
    for (const word of sentence.words) {
      const list = byWord.get(word);
      if (list) list.push(i);
      else byWord.set(word, [i]);
    }
  });
  for (const list of byWord.values()) {
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const at = (list[a] as number) * n + (list[b] as number);
        weights[at] = (weights[at] as number) + 1;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const shared = weights[i * n + j] as number;
      if (shared === 0) continue;
      const norm = Math.log((ranked[i] as Ranked).length) + Math.log((ranked[j] as Ranked).length);
      const weight = norm > 0 ? shared / norm : 0;
      weights[i * n + j] = weight;
      weights[j * n + i] = weight;
    }
  }
  return weights;
}

/** Weighted PageRank over the sentence graph. */
function pageRank(weights: Float64Array, n: number): Float64Array {
  const outgoing = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) sum += weights[i * n + j] as number;
    outgoing[i] = sum;
  }
  let scores = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < ITERATIONS; iteration++) {
    const next = new Float64Array(n);
    let change = 0;
    for (let i = 0; i < n; i++) {
      let sum = 0;
      for (let j = 0; j < n; j++) {
        const weight = weights[j * n + i] as number;
        if (weight > 0) sum += (weight / (outgoing[j] as number)) * (scores[j] as number);
      }
      next[i] = 1 - DAMPING + DAMPING * sum;
      change = Math.max(change, Math.abs((next[i] as number) - (scores[i] as number)));
    }
    scores = next;
    if (change < 1e-6) break;
  }
  return scores;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/** How many points an article of `n` usable sentences gets: 3 to 5, more for longer articles, never more than it has. */
export function keyPointCount(n: number): number {
  if (n <= KEY_POINTS.fewest) return n;
  return Math.min(KEY_POINTS.most, Math.max(KEY_POINTS.fewest, Math.round(n / 8)));
}

/**
 * The article's key points: 3–5 of its sentences (fewer only when it has fewer), in its
 * order, each verbatim with its paragraph and position in `paragraphs.join("\n\n")`.
 * Empty when no sentence is usable: the page has no article.
 */
export function keyPoints(paragraphs: string[], lang: string): KeyPoint[] {
  const ranked = tokenise(splitSentences(paragraphs, lang, MAX_SPLIT), lang)
    .filter((sentence) => isUsableSentence(sentence.text, sentence.length))
    .slice(0, MAX_RANKED);
  const n = ranked.length;
  const scores = pageRank(similarities(ranked), n);
  const order = ranked.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  const wanted = keyPointCount(n);
  const chosen: Ranked[] = [];
  for (const i of order) {
    const candidate = ranked[i] as Ranked;
    if (chosen.some((point) => jaccard(point.words, candidate.words) >= REDUNDANT)) continue;
    chosen.push(candidate);
    if (chosen.length === wanted) break;
  }
  // An article that keeps saying the same still gets its points, repeats and all.
  for (const i of order) {
    if (chosen.length >= wanted) break;
    if (!chosen.includes(ranked[i] as Ranked)) chosen.push(ranked[i] as Ranked);
  }
  return chosen
    .sort((a, b) => a.position - b.position)
    .map(({ text, paragraph, position }) => ({ text, paragraph, position }));
}

/** Where a key point quoted verbatim stands in the article's text; null for one that is not in it. */
export function locate(text: string, joined: string, paragraphs: string[]): KeyPoint {
  const position = joined.indexOf(text);
  if (position < 0) return { text, paragraph: null, position: null };
  let paragraph = 0;
  for (let start = 0; paragraph < paragraphs.length; paragraph++) {
    start += (paragraphs[paragraph] as string).length + PARAGRAPH_JOIN.length;
    if (position < start) break;
  }
  return { text, paragraph: paragraph + 1, position };
}
