/*
 * When does an article mention a token? Rules (chosen for crypto headlines):
 * - its symbol as a whole word written in capitals ("BTC", "ETH's", "BTC-USD"): a
 *   lower-case or capitalised "Sol", "Ada" or "Uni" is far more often a word or a name
 *   ("Ada Lovelace") than the coin, and news writes tickers in capitals;
 * - its cashtag in any case ("$BTC", "$sol");
 * - its name as a whole word in any case ("Ethereum's", "SOLANA", "usd coin").
 * A whole word: not preceded or followed by a letter or digit, so "SOL" never matches
 * "SOLUTION" and "Bitcoin" never matches "Bitcoins2"; an apostrophe, hyphen or
 * punctuation ends a word.
 */

export type MatchedToken = { symbol: string; name: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const BEFORE = "(?<![\\p{L}\\p{N}_])";
const AFTER = "(?![\\p{L}\\p{N}_])";

/** One regular expression per rule, made once per token. */
function patternsFor(token: MatchedToken): RegExp[] {
  const symbol = escapeRegExp(token.symbol.toUpperCase());
  // A name of several words matches with any whitespace between them.
  const name = token.name.trim().split(/\s+/).map(escapeRegExp).join("\\s+");
  return [
    new RegExp(`${BEFORE}${symbol}${AFTER}`, "u"),
    new RegExp(`${BEFORE}\\$${symbol}${AFTER}`, "iu"),
    new RegExp(`${BEFORE}${name}${AFTER}`, "iu"),
  ];
}

const cache = new Map<string, RegExp[]>();

/** Whether the text mentions the token by symbol, cashtag or name (see the rules above). */
export function mentionsToken(text: string, token: MatchedToken): boolean {
  const key = `${token.symbol}\u0000${token.name}`;
  let patterns = cache.get(key);
  if (!patterns) {
    patterns = patternsFor(token);
    if (cache.size < 100) cache.set(key, patterns);
  }
  return patterns.some((pattern) => pattern.test(text));
}
