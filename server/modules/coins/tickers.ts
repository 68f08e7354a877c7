import type { Ticker } from "../../../contracts/analysis-catalog.ts";
import { FIAT, NOT_A_TICKER } from "../../lib/text/lexicon.ts";
import { type CoinIndex, type KnownSymbol, MAX_NAME_WORDS, nameKey } from "./coin-index.ts";

/*
 * The coins an article names, counted (docs/decisions/017). Precision comes first:
 * - a cashtag ("$SOL", "$bonk") always counts, unless it is money ("$USD", "$100");
 *   one of a symbol no list knows counts when written in capitals ("$ABCD");
 * - "Name (SYM)" counts for a symbol the coin list knows, the name and the symbol as one
 *   mention; an everyday acronym ("Commission (SEC)") only when the name is the coin's;
 * - a symbol alone counts written in capitals as a whole word, never an everyday word or
 *   acronym (CEO, SEC, ETF, ONE…); of the long list only symbols of 3 or more characters
 *   (two-letter ones are too often something else), and never in a line in capitals;
 * - a name counts as a whole word or phrase in any case, an everyday-word name ("Render",
 *   "Avalanche") only capitalised inside a sentence; a name from the long list only once
 *   the coin's symbol is named too.
 * Each stretch of text counts once: "Jupiter (JUP)" is one mention, not two.
 */

/** At most this many tickers are reported: the most mentioned. */
export const MAX_TICKERS = 20;

const CASHTAG = /(?<![\p{L}\p{N}_$])\$([A-Za-z][A-Za-z0-9]{1,9})(?![\p{L}\p{N}_])/gu;
const PARENTHESISED = /\(\s*\$?([A-Z][A-Z0-9]{1,9})\s*\)/g;
const TOKEN = /[\p{L}\p{N}]+/gu;
const CAPITALS = /^[A-Z][A-Z0-9]*$/;

type Tally = { symbol: string; bySymbol: number; byName: number; first: number };

/** Mentions found so far, per symbol, over one text or several in turn. */
export class TickerCount {
  readonly #tallies = new Map<string, Tally>();
  /** Where the next text starts, counting all the texts before it: "first named" spans them. */
  #offset = 0;

  constructor(readonly index: CoinIndex) {}

  /** `times` mentions at `at` (in the text being counted), by the coin's symbol or by its name. */
  add(symbol: string, kind: "symbol" | "name", at: number, times = 1): void {
    const position = this.#offset + at;
    let tally = this.#tallies.get(symbol);
    if (!tally) {
      tally = { symbol, bySymbol: 0, byName: 0, first: position };
      this.#tallies.set(symbol, tally);
    }
    if (kind === "symbol") tally.bySymbol += times;
    else tally.byName += times;
    tally.first = Math.min(tally.first, position);
  }

  /** Counts every mention in `text` (a paragraph, a title or a description). */
  count(text: string): void {
    countMentions(text, this);
    this.#offset += text.length + 1;
  }

  /** Tickers another count already found (an article's, within its story), as named before what follows. */
  addFound(tickers: Ticker[]): void {
    tickers.forEach((ticker, i) => {
      this.add(ticker.symbol, "symbol", i, ticker.mentions);
    });
    this.#offset += tickers.length;
  }

  /** The tickers, most mentioned first (the first named first among equals). */
  tickers(): Ticker[] {
    return [...this.#tallies.values()]
      .map((tally) => ({ tally, known: this.index.symbols.get(tally.symbol) }))
      .filter(({ tally, known }) => tally.bySymbol > 0 || known?.curated)
      .sort(
        (a, b) =>
          b.tally.bySymbol + b.tally.byName - (a.tally.bySymbol + a.tally.byName) || a.tally.first - b.tally.first,
      )
      .slice(0, MAX_TICKERS)
      .map(({ tally, known }) => ({ ...presentTicker(tally.symbol, known), mentions: tally.bySymbol + tally.byName }));
  }
}

function presentTicker(symbol: string, known: KnownSymbol | undefined): Omit<Ticker, "mentions"> {
  return { symbol, name: known?.name ?? null, solana: known?.solana ?? false, token: known?.token ?? false };
}

/** The stretches of a text already counted, character by character (a text is at most 100,000). */
class Taken {
  readonly #marks: Uint8Array;

  constructor(length: number) {
    this.#marks = new Uint8Array(length);
  }

  overlaps(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.#marks[i]) return true;
    return false;
  }

  mark(start: number, end: number): void {
    this.#marks.fill(1, start, end);
  }
}

/** Capitalised, and not the first word of a sentence (nor of the text). */
function capitalisedInSentence(text: string, start: number): boolean {
  if (!/\p{Lu}/u.test(text.charAt(start))) return false;
  let i = start - 1;
  while (i >= 0 && /\s/.test(text.charAt(i)) && text.charAt(i) !== "\n") i--;
  return i >= 0 && !/[.!?:;"“”«»(\n]/.test(text.charAt(i));
}

type Word = { text: string; start: number; end: number };

function wordsOf(text: string): Word[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

/** The index of the last word ending at or before `end` (words are in order), -1 for none. */
function lastWordBefore(words: Word[], end: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((words[middle] as Word).end <= end) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The longest coin name that ends right before `end`, written as words with spaces only between them. */
function nameEndingAt(text: string, words: Word[], end: number, index: CoinIndex) {
  const last = lastWordBefore(words, end);
  if (last < 0 || text.slice((words[last] as Word).end, end).trim() !== "") return undefined;
  for (let n = Math.min(MAX_NAME_WORDS, last + 1); n >= 1; n--) {
    const span = words.slice(last - n + 1, last + 1);
    const known = index.names.get(nameKey(span.map((word) => word.text).join(" ")));
    if (known && spacesOnly(text, span)) return { known, start: (span[0] as Word).start };
  }
  return undefined;
}

const spacesOnly = (text: string, span: Word[]) =>
  span.every((word, i) => i === 0 || /^\s+$/.test(text.slice((span[i - 1] as Word).end, word.start)));

function countMentions(text: string, count: TickerCount): void {
  const { index } = count;
  const taken = new Taken(text.length);
  const words = wordsOf(text);

  for (const match of text.matchAll(PARENTHESISED)) {
    const symbol = match[1] as string;
    const known = index.symbols.get(symbol);
    if (!known || FIAT.has(symbol)) continue;
    const name = nameEndingAt(text, words, match.index, index);
    const named = name?.known.symbol === symbol;
    if (NOT_A_TICKER.has(symbol) && !named) continue;
    const start = named ? (name?.start ?? match.index) : match.index;
    const end = match.index + match[0].length;
    if (taken.overlaps(start, end)) continue;
    taken.mark(start, end);
    count.add(symbol, "symbol", start);
  }

  for (const match of text.matchAll(CASHTAG)) {
    const written = match[1] as string;
    const symbol = written.toUpperCase();
    const end = match.index + match[0].length;
    if (FIAT.has(symbol) || taken.overlaps(match.index, end)) continue;
    if (!index.symbols.has(symbol) && !CAPITALS.test(written)) continue;
    taken.mark(match.index, end);
    count.add(symbol, "symbol", match.index);
  }

  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const capitals = text.match(/\p{Lu}/gu)?.length ?? 0;
  const shouting = letters > 20 && capitals / letters > 0.6;

  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    if (taken.overlaps(word.start, word.end)) continue;
    const named = longestName(text, words, i, index, taken);
    if (named) {
      taken.mark(word.start, named.end);
      count.add(named.symbol, "name", word.start);
      i = named.last;
      continue;
    }
    if (shouting || !CAPITALS.test(word.text) || FIAT.has(word.text) || NOT_A_TICKER.has(word.text)) continue;
    const known = index.symbols.get(word.text);
    if (!known || (!known.curated && word.text.length < 3)) continue;
    taken.mark(word.start, word.end);
    count.add(word.text, "symbol", word.start);
  }
}

/** The longest coin name starting at word `i`, if the way it is written lets it count. */
function longestName(text: string, words: Word[], i: number, index: CoinIndex, taken: Taken) {
  for (let n = Math.min(MAX_NAME_WORDS, words.length - i); n >= 1; n--) {
    const span = words.slice(i, i + n);
    const known = index.names.get(nameKey(span.map((word) => word.text).join(" ")));
    if (!known || !spacesOnly(text, span)) continue;
    const start = (span[0] as Word).start;
    const end = (span.at(-1) as Word).end;
    if (taken.overlaps(start, end)) continue;
    if (known.common && !capitalisedInSentence(text, start)) continue;
    return { symbol: known.symbol, end, last: i + n - 1 };
  }
  return undefined;
}
