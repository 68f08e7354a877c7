import { describe, expect, it } from "vitest";
import { readCoinList } from "../analysis/coin-list.ts";
import { testCoinList } from "../analysis/fixtures/site.ts";
import { builtInIndex, CoinIndex } from "./coin-index.ts";
import { TickerCount } from "./tickers.ts";

const listIndex = new CoinIndex(readCoinList(testCoinList), "coin list");

/** The symbols found in `texts`, with their mentions, most mentioned first. */
function found(texts: string[], index = listIndex): Array<[string, number]> {
  const count = new TickerCount(index);
  for (const text of texts) count.count(text);
  return count.tickers().map((ticker) => [ticker.symbol, ticker.mentions]);
}

describe("ticker detection", () => {
  it("counts cashtags in any case, but never money", () => {
    expect(
      found(["Traders bought $sol and $BONK, then more $SOL; $100M left, $5B came and $USD fell, US$3 too."]),
    ).toEqual([
      ["SOL", 2],
      ["BONK", 1],
    ]);
  });

  it("counts a cashtag no list knows only when written in capitals", () => {
    expect(found(["New listings: $ZORBLAX, $zorblax and $Zorb."], builtInIndex())).toEqual([["ZORBLAX", 1]]);
  });

  it("counts 'Name (SYM)' once, name and symbol together", () => {
    expect(found(["Holders moved into Ondo (ONDO) and dogwifhat ( $WIF ) this week."])).toEqual([
      ["ONDO", 1],
      ["WIF", 1],
    ]);
  });

  it("never counts an everyday acronym in parentheses or alone, although the list has a coin for it", () => {
    expect(
      found([
        "The Securities and Exchange Commission (SEC) and the CEO of a US exchange discussed the ETF with the SEC again.",
      ]),
    ).toEqual([]);
    // As a cashtag it is a ticker.
    expect(found(["Traders piled into $SEC after the listing."])).toEqual([["SEC", 1]]);
  });

  it("counts symbols alone only in capitals, as whole words, and not in a line in capitals", () => {
    expect(found(["SOL rose while sol, Sol and SOLUTION did not; BTC-USD moved and ETH's fees fell."])).toEqual([
      ["SOL", 1],
      ["BTC", 1],
      ["ETH", 1],
    ]);
    expect(found(["BREAKING: SOL AND ETH SURGE AS TRADERS RETURN TO THE MARKET"])).toEqual([]);
  });

  it("counts a name as a whole word or phrase in any case, the longest first", () => {
    expect(found(["bitcoin cash rose, Bitcoin fell, and SOLANA's fees stayed low; Bitcoins2 is not a coin."])).toEqual([
      ["BCH", 1],
      ["BTC", 1],
      ["SOL", 1],
    ]);
  });

  it("counts an everyday-word name only capitalised inside a sentence", () => {
    const index = builtInIndex();
    expect(found(["An avalanche of orders hit the market.", "Avalanche fell at the open."], index)).toEqual([]);
    expect(found(["Fees on Avalanche fell, and traders moved to Jupiter."], index)).toEqual([
      ["AVAX", 1],
      ["JUP", 1],
    ]);
  });

  it("lets a name from the long list count only once the article names the coin's symbol", () => {
    expect(found(["Apple and Rally shares rose, and the Week ahead looks busy."])).toEqual([]);
    expect(found(["Ondo has doubled this year."])).toEqual([]);
    expect(found(["Ondo has doubled this year.", "Traders hold $ONDO."])).toEqual([["ONDO", 2]]);
  });

  it("flags Solana tokens and the built-in tokens, and names a symbol that several coins share after Gemwire's coin", () => {
    const count = new TickerCount(listIndex);
    count.count("$SOL, $BONK, $ETH and $WSOLX");
    expect(count.tickers()).toEqual([
      { symbol: "SOL", name: "Solana", mentions: 1, solana: true, token: true },
      { symbol: "BONK", name: "Bonk", mentions: 1, solana: true, token: false },
      { symbol: "ETH", name: "Ethereum", mentions: 1, solana: false, token: true },
      { symbol: "WSOLX", name: "Solana", mentions: 1, solana: true, token: false },
    ]);
  });

  it("ranks by mentions, the first named first among equals, across texts", () => {
    expect(found(["$ETH then $BTC", "BTC again, and ETH again, then $BONK twice: BONK"])).toEqual([
      ["ETH", 2],
      ["BTC", 2],
      ["BONK", 2],
    ]);
  });

  it("adds the tickers another count found before what it counts next", () => {
    const count = new TickerCount(listIndex);
    count.addFound([
      { symbol: "WIF", name: "dogwifhat", mentions: 2, solana: true, token: false },
      { symbol: "ETH", name: "Ethereum", mentions: 1, solana: false, token: true },
    ]);
    count.count("ETH and $ETH");
    expect(count.tickers().map((ticker) => [ticker.symbol, ticker.mentions])).toEqual([
      ["ETH", 3],
      ["WIF", 2],
    ]);
  });

  it("reads 17,000 coins into the index, and counts a long article (npm run bench:analysis times both)", () => {
    const entries = Array.from({ length: 17_000 }, (_, i) => ({
      symbol: `C${i.toString(36).toUpperCase()}X`,
      name: `Coin Number ${i}`,
      solana: i % 3 === 0,
    }));
    const index = new CoinIndex(entries, "coin list");
    expect(index.symbols.size).toBeGreaterThan(17_000);
    const paragraph = "Traders watched $SOL and C1X while Coin Number 5 drifted and BTC rose again today. ";
    const count = new TickerCount(index);
    for (let i = 0; i < 1_000; i++) count.count(paragraph);
    // "Coin Number 5" is a name from the long list, and its symbol is never named.
    expect(count.tickers().map((ticker) => [ticker.symbol, ticker.mentions])).toEqual([
      ["SOL", 1_000],
      ["C1X", 1_000],
      ["BTC", 1_000],
    ]);
  });

  it("counts every candidate in one 100,000-character paragraph (npm run bench:analysis times it)", () => {
    const paragraph = "Ondo (ONDO) and $SOL rose on Avalanche while Bitcoin Cash fell, ".repeat(1_500);
    const count = new TickerCount(listIndex);
    count.count(paragraph);
    expect(count.tickers().map((ticker) => [ticker.symbol, ticker.mentions])).toEqual([
      ["ONDO", 1_500],
      ["SOL", 1_500],
      ["AVAX", 1_500],
      ["BCH", 1_500],
    ]);
  });
});
