import { builtInTokens, widgetCoins } from "../../../contracts/market-catalog.ts";
import { COMMON_WORDS } from "../../lib/text/lexicon.ts";

/*
 * The coins an article may name, indexed once per coin list for Map lookups: by symbol
 * (upper case) and by name (its words, lower case). Gemwire's own coins (the built-in
 * tokens, the price widget's coins and well-known Solana tokens) are "curated": they
 * win a symbol or name shared with others, and their names alone make a mention. The
 * price API's long list (~17,000 coins, many named after everyday words) only confirms:
 * its names count once the article names the coin's symbol too (tickers.ts).
 */

/** One coin of the price API's list (CoinGecko's /coins/list?include_platform=true), as kept. */
export type CoinListEntry = { symbol: string; name: string; solana: boolean };

export type KnownSymbol = {
  symbol: string;
  /** The coin's name; null when several coins of the list share the symbol and none is Gemwire's own. */
  name: string | null;
  solana: boolean;
  /** A built-in token, with a page at /token/{symbol}. */
  token: boolean;
  curated: boolean;
};

export type KnownName = {
  symbol: string;
  curated: boolean;
  /** Made only of everyday words: counts only written capitalised inside a sentence. */
  common: boolean;
};

/** Well-known tokens issued on Solana: the offline list, and the Solana flag for symbols the long list shares. */
export const solanaTokens: ReadonlyArray<{ symbol: string; name: string }> = [
  { symbol: "BONK", name: "Bonk" },
  { symbol: "WIF", name: "dogwifhat" },
  { symbol: "JUP", name: "Jupiter" },
  { symbol: "RAY", name: "Raydium" },
  { symbol: "PYTH", name: "Pyth Network" },
  { symbol: "JTO", name: "Jito" },
  { symbol: "ORCA", name: "Orca" },
  { symbol: "RENDER", name: "Render" },
  { symbol: "HNT", name: "Helium" },
  { symbol: "POPCAT", name: "Popcat" },
  { symbol: "MNDE", name: "Marinade" },
  { symbol: "DRIFT", name: "Drift" },
  { symbol: "TNSR", name: "Tensor" },
  { symbol: "KMNO", name: "Kamino" },
  { symbol: "BOME", name: "Book of Meme" },
  { symbol: "PENGU", name: "Pudgy Penguins" },
  { symbol: "JITOSOL", name: "Jito Staked SOL" },
  { symbol: "MSOL", name: "Marinade Staked SOL" },
];

/** Dollar stablecoins issued natively on Solana, among Gemwire's own coins. */
const ISSUED_ON_SOLANA = new Set(["SOL", "USDT", "USDC"]);

/** A name's words as matched: letters and digits, lower case, one space between. */
export function nameKey(name: string): string {
  return (
    name
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(" ");
}

/** Names of more words than this are never written out in full; they are not looked for. */
export const MAX_NAME_WORDS = 4;
/** A symbol as the index keeps it. */
const SYMBOL = /^[A-Z0-9]{1,15}$/;

export class CoinIndex {
  readonly symbols = new Map<string, KnownSymbol>();
  readonly names = new Map<string, KnownName>();

  /** `source` says where the list came from, for logs: "coin list" or "built-in". */
  constructor(
    entries: Iterable<CoinListEntry>,
    readonly source: string,
  ) {
    const curated = curatedCoins();
    const bySymbol = new Map<string, { names: Set<string>; solana: boolean }>();
    for (const entry of entries) {
      const symbol = entry.symbol.trim().toUpperCase();
      const name = entry.name.trim();
      if (!SYMBOL.test(symbol) || !name) continue;
      const seen = bySymbol.get(symbol);
      if (seen) {
        seen.names.add(name);
        // Of many coins sharing a symbol, it is a Solana token only if each of them is.
        seen.solana &&= entry.solana;
      } else bySymbol.set(symbol, { names: new Set([name]), solana: entry.solana });
    }
    for (const [symbol, { names, solana }] of bySymbol) {
      if (curated.has(symbol)) continue;
      const name = names.size === 1 ? ([...names][0] as string) : null;
      this.symbols.set(symbol, { symbol, name, solana, token: false, curated: false });
    }
    for (const known of curated.values()) this.symbols.set(known.symbol, known);

    // Names: Gemwire's own first, then the list's, each name to one symbol (a name two
    // coins of the list share says neither).
    const ambiguous = new Set<string>();
    for (const [symbol, { names }] of bySymbol) {
      if (curated.has(symbol)) continue;
      for (const name of names) this.#addName(name, symbol, false, ambiguous);
    }
    for (const key of ambiguous) this.names.delete(key);
    for (const known of curated.values()) if (known.name) this.#addName(known.name, known.symbol, true, ambiguous);
  }

  #addName(name: string, symbol: string, curated: boolean, ambiguous: Set<string>): void {
    const key = nameKey(name);
    const words = key.split(" ");
    // A name written as its symbol ("XRP", "BNB") is found as the symbol ("Bonk" is a
    // name); a short or long one not at all.
    if (!key || words.length > MAX_NAME_WORDS || name.trim() === symbol) return;
    if (words.length === 1 && key.length < 3) return;
    const existing = this.names.get(key);
    if (existing && !curated) {
      if (existing.symbol !== symbol) ambiguous.add(key);
      return;
    }
    if (existing?.curated) return;
    this.names.set(key, { symbol, curated, common: words.every((word) => COMMON_WORDS.has(word)) });
  }
}

/** Gemwire's own coins: the built-in tokens, the widget's coins and the Solana list. */
function curatedCoins(): Map<string, KnownSymbol> {
  const tokens = new Set<string>(builtInTokens.map((token) => token.symbol));
  const curated = new Map<string, KnownSymbol>();
  for (const coin of widgetCoins) {
    curated.set(coin.symbol, {
      symbol: coin.symbol,
      name: coin.name,
      solana: ISSUED_ON_SOLANA.has(coin.symbol),
      token: tokens.has(coin.symbol),
      curated: true,
    });
  }
  for (const coin of solanaTokens) {
    curated.set(coin.symbol, { symbol: coin.symbol, name: coin.name, solana: true, token: false, curated: true });
  }
  return curated;
}

/** The offline index: Gemwire's own coins only, while the price API's list cannot be had. */
export const builtInIndex = () => new CoinIndex([], "built-in");
