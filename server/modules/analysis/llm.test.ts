import type http from "node:http";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ANALYSIS_CACHE_MS, type Analysis } from "../../../contracts/analysis-catalog.ts";
import { createGuardedFetch } from "../../outbound/guarded-fetch.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";
import { cashtags, newsSite } from "./fixtures/index.ts";
import { html, keptFor, LOCAL_PAGES, startPriceApi, startSite, type TestSite } from "./fixtures/site.ts";
import { summariseWithLlm } from "./llm.ts";
import { FAILURE_CACHE_MS } from "./service.ts";

/*
 * The optional LLM (ANALYSIS_LLM_URL) against a fake OpenAI-compatible server on
 * 127.0.0.1: a good answer is used, anything else leaves the extractive analysis; the
 * key goes to the endpoint only.
 */

const KEY = "sk-test-9f8e7d6c5b4a";
const LLM_POINT_FROM_ARTICLE = newsSite.body[3] as string;
/** An article with no headline at all: no <title>, og:title or <h1>. */
const UNTITLED = `<!doctype html><html lang="en"><body><article>${newsSite.body.map((paragraph) => `<p>${paragraph}</p>`).join("")}</article></body></html>`;

type Recorded = { authorization: string | undefined; body: { model: string; messages: Array<{ content: string }> } };

/** The fake endpoint: answers as the current `behaviour` says, recording each request. */
async function startLlm() {
  const requests: Recorded[] = [];
  let behaviour: (response: http.ServerResponse) => void = () => {};
  const site = await startSite({
    "/v1/chat/completions": (request, response) => {
      let raw = "";
      request.on("data", (chunk) => (raw += chunk));
      request.on("end", () => {
        requests.push({ authorization: request.headers.authorization, body: JSON.parse(raw) });
        behaviour(response);
      });
    },
  });
  return {
    ...site,
    url: `${site.origin}/v1/chat/completions`,
    requests,
    behave: (next: (response: http.ServerResponse) => void) => {
      behaviour = next;
    },
  };
}

const chat = (content: string) => (response: http.ServerResponse) => {
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify({ id: "chatcmpl-1", choices: [{ index: 0, message: { role: "assistant", content } }] }));
};

const goodAnswer = chat(
  "```json\n" +
    JSON.stringify({
      story_title: "Stablecoin payments set a monthly record",
      key_points: [
        "Merchants settled 41 billion dollars in stablecoin payments in October.",
        LLM_POINT_FROM_ARTICLE,
        "A bill on issuers' reserves goes to a vote next month.",
      ],
    }) +
    "\n```",
);

/** A logger that keeps what was logged, as JSON text, to search for secrets. */
function recordingLog() {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push(JSON.stringify({ level, args }));
    };
  const log = {
    info: record("info"),
    warn: record("warn"),
    error: record("error"),
    debug: record("debug"),
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

let llm: Awaited<ReturnType<typeof startLlm>>;
let site: TestSite;
let prices: Awaited<ReturnType<typeof startPriceApi>>;

beforeAll(async () => {
  llm = await startLlm();
  site = await startSite({ "/untitled": html(UNTITLED) });
  prices = await startPriceApi();
});
afterAll(async () => {
  await llm.close();
  await site.close();
  await prices.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

describe.each(testDatabaseTargets())("analysis with an LLM on $dialect", (target) => {
  // The servers start in the file's beforeAll, which runs first: their addresses are read in the hook.
  const setup = useTestApp(target, () => ({
    env: {
      ALLOW_PRIVATE_SOURCES: "1",
      PRICE_API_URL: prices.baseUrl,
      ANALYSIS_LLM_URL: llm.url,
      ANALYSIS_LLM_KEY: KEY,
      ANALYSIS_LLM_MODEL: "test-model-1",
    },
    analysis: { pageFetch: LOCAL_PAGES },
  }));
  beforeEach(async () => {
    await setup.database.db.deleteFrom("analysis_cache").execute();
    // The page read the analysis shares with the reader view is kept apart.
    await setup.database.db.deleteFrom("reader_cache").execute();
  });

  const analyse = async (path: string) => {
    const response = await setup.app.inject({
      method: "GET",
      url: `/api/analysis?url=${encodeURIComponent(`${site.origin}${path}`)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(KEY);
    return response.json() as Analysis;
  };

  it("takes the key points from a good answer, keeping the article's headline, sending the key as a Bearer token and the article's text", async () => {
    llm.behave(goodAnswer);
    const analysis = await analyse(newsSite.path);
    expect(analysis.method).toBe("llm");
    expect(analysis.story_title).toBe("Stablecoin payments hit a record in October");
    expect(await keptFor(setup.database, `${site.origin}${newsSite.path}`)).toBe(ANALYSIS_CACHE_MS);
    expect(analysis.key_points).toEqual([
      {
        text: "Merchants settled 41 billion dollars in stablecoin payments in October.",
        paragraph: null,
        position: null,
      },
      // An LLM point quoted from the article is found there.
      { text: LLM_POINT_FROM_ARTICLE, paragraph: 4, position: newsSite.body.slice(0, 3).join("\n\n").length + 2 },
      { text: "A bill on issuers' reserves goes to a vote next month.", paragraph: null, position: null },
    ]);
    expect(llm.requests).toHaveLength(1);
    const [request] = llm.requests as [Recorded];
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe("test-model-1");
    const sent = request.body.messages.map((message) => message.content).join("\n");
    expect(sent).toContain(newsSite.body[0]);
    expect(sent).not.toContain("Marzipan");
  });

  it("takes the model's title for an article without a headline of its own", async () => {
    llm.behave(goodAnswer);
    const analysis = await analyse("/untitled");
    expect(analysis.method).toBe("llm");
    expect(analysis.story_title).toBe("Stablecoin payments set a monthly record");
  });

  it("still finds the tickers itself", async () => {
    llm.behave(goodAnswer);
    const analysis = await analyse(cashtags.path);
    expect(analysis.method).toBe("llm");
    expect(analysis.tickers.map((ticker) => [ticker.symbol, ticker.mentions])).toEqual([
      ["SOL", 7],
      ["BONK", 3],
      ["WIF", 3],
      ["JUP", 2],
      ["BTC", 2],
      ["ONDO", 2],
      ["ETH", 1],
    ]);
  });

  it.each([
    ["an answer without story_title", chat(JSON.stringify({ key_points: ["One point."] }))],
    ["an answer without key_points", chat(JSON.stringify({ story_title: "A title" }))],
    ["an answer that is not JSON", chat("Here is a summary of the article: stablecoins grew.")],
    [
      "an answer with fewer than three key points",
      chat(JSON.stringify({ story_title: "A title", key_points: ["One point.", "Another point."] })),
    ],
    [
      "HTTP 500",
      (response: http.ServerResponse) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end('{"error":{"message":"overloaded"}}');
      },
    ],
  ])("falls back to the extractive analysis on %s", async (_, behaviour) => {
    llm.behave(behaviour);
    const analysis = await analyse(newsSite.path);
    expect(llm.requests).toHaveLength(1);
    expect(analysis.method).toBe("extractive");
    expect(analysis.story_title).toBe("Stablecoin payments hit a record in October");
    expect(analysis.key_points.length).toBeGreaterThanOrEqual(3);
    for (const point of analysis.key_points) expect(newsSite.body.join("\n\n")).toContain(point.text);
    // Made while the LLM failed: kept only briefly, so a short outage is not kept for a day.
    expect(await keptFor(setup.database, `${site.origin}${newsSite.path}`)).toBe(FAILURE_CACHE_MS);
  });
});

describe("summariseWithLlm", () => {
  const settings = () => ({ url: llm.url, key: KEY, model: "test-model-1" });
  const article = { title: "A headline", paragraphs: newsSite.body };

  it("logs 'Invalid analysis data structure' with the missing field, never the key", async () => {
    const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
    const { log, lines } = recordingLog();
    llm.behave(chat(JSON.stringify({ key_points: ["One point."] })));
    expect(await summariseWithLlm(fetcher, settings(), article, log)).toBeNull();
    expect(lines.join("\n")).toContain("Invalid analysis data structure");
    expect(lines.join("\n")).toContain("story_title");
    llm.behave((response) => {
      response.writeHead(401);
      response.end();
    });
    expect(await summariseWithLlm(fetcher, settings(), article, log)).toBeNull();
    expect(lines.join("\n")).not.toContain(KEY);
    await fetcher.close();
  });

  it("gives up on an endpoint that does not answer in time", async () => {
    const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 300 });
    const { log, lines } = recordingLog();
    llm.behave(() => {});
    // A hang is caught by the test's own time limit; what it must end in is null, 'timeout' logged.
    expect(await summariseWithLlm(fetcher, settings(), article, log)).toBeNull();
    expect(lines.join("\n")).toContain('"reason":"timeout"');
    await fetcher.close();
  });

  it("keeps at most five one-line points and sends no key when none is set", async () => {
    const fetcher = createGuardedFetch({ allowPrivate: true, timeoutMs: 2_000 });
    llm.behave(
      chat(
        JSON.stringify({
          story_title: "  Title\nover lines ",
          key_points: ["a\nb", "c", "d", "e", "f", "g"],
        }),
      ),
    );
    const summary = await summariseWithLlm(fetcher, { ...settings(), key: undefined }, article, recordingLog().log);
    expect(summary).toEqual({ story_title: "Title over lines", key_points: ["a b", "c", "d", "e", "f"] });
    expect(llm.requests.at(-1)?.authorization).toBeUndefined();
    await fetcher.close();
  });
});
