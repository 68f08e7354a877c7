import { describe, expect, it } from "vitest";
import { isUsableSentence, keyPointCount, keyPoints, MAX_RANKED } from "./key-points.ts";
import { splitSentences, wordCounter } from "./sentences.ts";

const texts = (paragraphs: string[], lang = "en") => splitSentences(paragraphs, lang, 1_000).map((s) => s.text);

describe("sentence splitting", () => {
  it("does not break after titles, initials, abbreviations or decimals", () => {
    expect(
      texts([
        "Mr. Smith met U.S. regulators on Monday. Dr. J. Jones agreed the fee rose 3.5% vs. last year! Did it? Yes, it did, e.g. in the spring.",
      ]),
    ).toEqual([
      "Mr. Smith met U.S. regulators on Monday.",
      "Dr. J. Jones agreed the fee rose 3.5% vs. last year!",
      "Did it? Yes, it did, e.g. in the spring.",
    ]);
  });

  it("reads German abbreviations in a German page", () => {
    expect(
      texts(
        [
          "Kunden können kleine Beträge handeln, z. B. Sparpläne ab 25 Euro. Dr. Miriam Falkner leitet das Projekt bzw. den Start. Es beginnt im Mai.",
        ],
        "de-DE",
      ),
    ).toEqual([
      "Kunden können kleine Beträge handeln, z. B. Sparpläne ab 25 Euro.",
      "Dr. Miriam Falkner leitet das Projekt bzw. den Start.",
      "Es beginnt im Mai.",
    ]);
  });

  it("gives each sentence verbatim with its paragraph and its position in the paragraphs joined by blank lines", () => {
    const paragraphs = [
      "  First sentence here is long enough.  Second one follows it now. ",
      "Third sentence sits in a second paragraph.",
    ];
    const joined = paragraphs.join("\n\n");
    const sentences = splitSentences(paragraphs, "en", 1_000);
    expect(sentences.map((s) => [s.paragraph, s.text])).toEqual([
      [1, "First sentence here is long enough."],
      [1, "Second one follows it now."],
      [2, "Third sentence sits in a second paragraph."],
    ]);
    for (const { text, position } of sentences) expect(joined.slice(position, position + text.length)).toBe(text);
  });

  it("keeps a paragraph of 100,000 characters of initials as one sentence (npm run bench:analysis times it)", () => {
    const sentences = splitSentences(["J. ".repeat(33_000)], "en", 1_000);
    expect(sentences).toHaveLength(1);
  });

  it("falls back to English for a language tag it cannot use", () => {
    expect(texts(["Prices rose again today in Asia. They fell later in the day."], "xx-invalid-tag-!")).toHaveLength(2);
  });
});

describe("usable sentences", () => {
  it.each([
    ["Short one.", false],
    ["New here? Create an account", false],
    ["ビットコインの価格が今週大きく上昇しました。", true],
    ["Advertisement: subscribe to our newsletter for daily market briefings today.", false],
    ["Read more at https://example.com/markets/today about the bitcoin price move.", false],
    ["2024 | 1.5 | 3.7 | 9.9 | 12.0 | 44.1 | 0.3 | 8.8 | 7.1 | 5.5 | 6.2 | 1.1", false],
    ["THE MARKET ROSE SHARPLY TODAY AFTER THE FED DECISION WAS ANNOUNCED", false],
    [`${"word ".repeat(130)}end.`, false],
    ["The exchange said withdrawals would resume on Friday after the upgrade.", true],
  ])("%j is usable: %s", (text, usable) => {
    expect(isUsableSentence(text, wordCounter(/\p{Script=Han}/u.test(text) ? "ja" : "en")(text))).toBe(usable);
  });
});

describe("key points", () => {
  const article = [
    "Bitcoin miners sold more coins to exchanges this week as the network difficulty reached a new high.",
    "The weather in the capital was mild and sunny for most of the afternoon.",
    "Higher difficulty squeezes miners' margins, so many miners sold coins to cover power costs this week.",
    "A local football club announced a new coach for the coming season.",
    "Analysts expect miners to keep selling coins until the difficulty eases or the price of bitcoin rises.",
    "The city library extended its opening hours on weekends.",
    "Exchange data showed miner deposits of coins at their highest level since the spring difficulty jump.",
  ];

  it("chooses the sentences the rest of the article agrees with, in the article's order, verbatim", () => {
    const points = keyPoints(article, "en");
    expect(points.map((point) => point.paragraph)).toEqual([1, 3, 5]);
    const joined = article.join("\n\n");
    for (const { text, position } of points) {
      expect(joined.slice(position as number, (position as number) + text.length)).toBe(text);
    }
  });

  it("gives 3 to 5 points, more for longer articles, fewer only when there are fewer sentences", () => {
    expect([1, 2, 3, 4, 10, 24, 28, 36, 300].map(keyPointCount)).toEqual([1, 2, 3, 3, 3, 3, 4, 5, 5]);
    expect(keyPoints(article.slice(0, 2), "en")).toHaveLength(2);
    expect(keyPoints(["Too short.", "Also short."], "en")).toEqual([]);
  });

  it("does not quote the same thing twice", () => {
    const repeated = [
      "The exchange halted withdrawals on Tuesday after a wallet was drained.",
      "The exchange halted withdrawals on Tuesday after its wallet was drained.",
      "The exchange halted all withdrawals on Tuesday after a wallet was drained.",
      "Customers were told their balances were safe and would be restored by Friday.",
      "Investigators traced the stolen funds to several new wallets on Tuesday evening.",
    ];
    const points = keyPoints(repeated, "en").map((point) => point.text);
    expect(points).toHaveLength(3);
    expect(points.filter((text) => text.startsWith("The exchange halted"))).toHaveLength(1);
  });

  it("works in other scripts: Japanese sentences are split and ranked by their own words", () => {
    const japanese = [
      "ビットコインの価格が今週大きく上昇しました。",
      "アナリストはビットコインの上昇が続くと予想しています。",
      "東京の天気は晴れで気温は高めでした。",
      "ビットコインの取引量も今週は過去最高に近づきました。",
    ];
    const points = keyPoints(japanese, "ja");
    expect(points.length).toBe(3);
    for (const { text, paragraph } of points) expect(japanese[(paragraph as number) - 1]).toContain(text);
    expect(points.map((point) => point.paragraph)).not.toContain(3);
  });

  it("ranks at most the first 300 usable sentences, however long the article (npm run bench:analysis times it)", () => {
    const long = Array.from(
      { length: 2_000 },
      (_, i) => `Paragraph ${i} says the network processed blocks ${i} and ${i + 1} without delay on the day.`,
    );
    const points = keyPoints(long, "en");
    expect(points).toHaveLength(5);
    for (const point of points) expect(point.paragraph).toBeLessThanOrEqual(MAX_RANKED);
  });
});
