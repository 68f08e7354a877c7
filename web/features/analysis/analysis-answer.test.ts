import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { describeFailure, InvalidAnalysisError, readAnalysis } from "./analysis-answer.ts";

const base = { story_title: "T", key_points: [] as unknown[], tickers: [] as unknown[] };

describe("reading an analysis answer", () => {
  it("keeps a point's place, and reads a bare string point as one without a place", () => {
    const read = readAnalysis({
      ...base,
      key_points: [
        { text: "Quoted.", paragraph: 2, position: 40 },
        "Written by a model.",
        { text: "Odd.", paragraph: 0 },
      ],
    });
    expect(read.key_points).toEqual([
      { text: "Quoted.", paragraph: 2, position: 40 },
      { text: "Written by a model.", paragraph: null, position: null },
      // Paragraphs count from 1: a 0 is no place at all.
      { text: "Odd.", paragraph: null, position: null },
    ]);
  });

  it("ranks tickers by mentions (equals keep the server's order) and leaves out those without a symbol", () => {
    const read = readAnalysis({
      ...base,
      tickers: [
        { symbol: "eth", name: "Ethereum", mentions: 2, solana: false, token: true },
        { symbol: "", mentions: 9 },
        { name: "No symbol", mentions: 9 },
        { symbol: "BONK", mentions: 4, solana: true, token: "yes" },
        { symbol: "JUP", name: "  ", solana: 1 },
        { symbol: "SOL", name: "Solana", mentions: 4, solana: true, token: true },
      ],
    });
    expect(read.tickers).toEqual([
      { symbol: "BONK", name: null, mentions: 4, solana: true, token: false },
      { symbol: "SOL", name: "Solana", mentions: 4, solana: true, token: true },
      { symbol: "ETH", name: "Ethereum", mentions: 2, solana: false, token: true },
      { symbol: "JUP", name: null, mentions: 1, solana: false, token: false },
    ]);
  });

  it("reads a story's lead and article count, and nothing of the kind for an article", () => {
    expect(readAnalysis({ ...base, lead: "https://a.example/x", articles: 4 })).toMatchObject({
      lead: "https://a.example/x",
      articles: 4,
    });
    expect(readAnalysis({ ...base, method: "something else" })).toMatchObject({
      lead: null,
      articles: null,
      method: "extractive",
      tickers: [],
    });
    expect(readAnalysis({ story_title: "T", key_points: [] }).tickers).toEqual([]);
  });

  it.each([
    [null],
    [[]],
    [{ key_points: [] }],
    [{ story_title: 7, key_points: [] }],
    [{ story_title: "T" }],
    [{ story_title: "T", key_points: {} }],
    [{ story_title: "T", key_points: ["  "] }],
    [{ story_title: "T", key_points: [{ text: 3 }] }],
  ])("refuses %j as 'Invalid analysis data structure'", (answer) => {
    expect(() => readAnalysis(answer)).toThrow(InvalidAnalysisError);
    expect(() => readAnalysis(answer)).toThrow("Invalid analysis data structure");
  });
});

describe("what a failure says", () => {
  it.each([
    [new ApiError(502, "bad_gateway", "Analysis failed: the page answered 404"), "the page answered 404", true, false],
    [new ApiError(502, "bad_gateway", "analysis failed. No readable text"), "No readable text", true, false],
    [new ApiError(502, "bad_gateway", "Analysis failed"), "The server did not say why.", true, false],
    [
      new ApiError(429, "rate_limited", "Too many attempts. Try again in 9 seconds."),
      "Too many attempts. Try again in 9 seconds.",
      true,
      true,
    ],
    [
      new ApiError(400, "invalid_request", "url must be an http(s) article address"),
      "url must be an http(s) article address",
      false,
      false,
    ],
    [new ApiError(404, "not_found", "Story not found"), "Story not found", false, false],
    [
      new ApiError(422, "unprocessable", "Analysis failed: none of this story's articles can be analysed"),
      "none of this story's articles can be analysed",
      false,
      false,
    ],
    [new ApiError(0, "network_error", "Cannot reach Gemwire."), "Cannot reach Gemwire.", true, false],
  ])("%s → reason %j, retry %s, wait %s", (error, reason, retry, wait) => {
    expect(describeFailure(error)).toEqual({ title: "Analysis failed", reason, retry, wait });
  });

  it("names an answer without its fields as invalid, and anything else as failed", () => {
    expect(describeFailure(new InvalidAnalysisError()).title).toBe("Invalid analysis data structure");
    expect(describeFailure(new SyntaxError("Unexpected token <"))).toMatchObject({
      title: "Analysis failed",
      retry: true,
    });
  });
});
