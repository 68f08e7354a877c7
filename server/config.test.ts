import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected the configuration to be refused");
}

describe("loadConfig", () => {
  it("applies the operator contract's defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
      database: { dialect: "sqlite", file: path.resolve("./data/gemwire.db") },
      priceApiUrl: "https://api.coingecko.com/api/v3",
      allowPrivateSources: false,
      accessMode: "open",
      feedRefreshMs: 300_000,
      trendsUrl: "https://trends.google.com/trending/rss",
      realtimeTrendsUrl: undefined,
      trendsRefreshMs: 1_800_000,
      adminPassword: undefined,
      social: { x: undefined, telegram: undefined, discord: undefined },
    });
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/gemwire" }).database).toEqual({
      dialect: "postgres",
      url: "postgres://u:p@db/gemwire",
    });
  });

  it("reads every variable it knows and ignores the rest of the environment", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      ALLOW_PRIVATE_SOURCES: "1",
      ACCESS_MODE: "members",
      FEED_REFRESH_MS: "60000",
      TRENDS_URL: "https://trends.example/rss?hl=en",
      REALTIME_TRENDS_URL: "https://trends.example/realtime?geo=US",
      TRENDS_REFRESH_MS: "600000",
      SOCIAL_X_URL: "https://x.com/gemwire",
      PATH: "/usr/bin",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      allowPrivateSources: true,
      allowPrivatePages: true,
      accessMode: "members",
      feedRefreshMs: 60_000,
      trendsUrl: "https://trends.example/rss?hl=en",
      realtimeTrendsUrl: "https://trends.example/realtime?geo=US",
      trendsRefreshMs: 600_000,
      social: { x: "https://x.com/gemwire" },
    });
  });

  it("points every source at this server's samples in sample mode", () => {
    expect(loadConfig({ SAMPLE_MODE: "1", PORT: "4000" })).toMatchObject({
      sampleMode: true,
      allowPrivateSources: true,
      // Extract reads pages an admin names: sample mode alone never opens private addresses to it.
      allowPrivatePages: false,
      priceApiUrl: "http://127.0.0.1:4000/samples/prices/api/v3",
      trendsUrl: "http://127.0.0.1:4000/samples/trends/rss",
      realtimeTrendsUrl: "http://127.0.0.1:4000/samples/trends/realtime",
    });
    // Sample mode never reaches out, whatever else is set.
    expect(
      loadConfig({ SAMPLE_MODE: "1", PORT: "4000", REALTIME_TRENDS_URL: "https://trends.example/rt" })
        .realtimeTrendsUrl,
    ).toBe("http://127.0.0.1:4000/samples/trends/realtime");
  });

  it("reads the retention rule", () => {
    expect(loadConfig({ FEED_MAX_ITEMS: "500", FEED_MAX_AGE_DAYS: "7" }).feedRetention).toEqual({
      maxItems: 500,
      maxAgeMs: 7 * 86_400_000,
    });
    expect(loadConfig({}).feedRetention).toEqual({ maxItems: 1_000, maxAgeMs: 30 * 86_400_000 });
  });

  it("reads the stories window in hours (48 by default)", () => {
    expect(loadConfig({}).storiesWindowMs).toBe(48 * 3_600_000);
    expect(loadConfig({ STORIES_WINDOW_HOURS: "24" }).storiesWindowMs).toBe(24 * 3_600_000);
    expect(() => loadConfig({ STORIES_WINDOW_HOURS: "0" })).toThrow(/STORIES_WINDOW_HOURS/);
    expect(loadConfig({}).memberFeeds).toBe(true);
    expect(loadConfig({ MEMBER_FEEDS: "off" }).memberFeeds).toBe(false);
    expect(loadConfig({ MEMBER_FEEDS: "on" }).memberFeeds).toBe(true);
  });

  it("reads the page-view script and the data attributes it needs", () => {
    expect(loadConfig({}).analyticsScript).toBeUndefined();
    expect(loadConfig({ ANALYTICS_SCRIPT_URL: "http://127.0.0.1:3001/script.js" }).analyticsScript?.url).toBe(
      "http://127.0.0.1:3001/script.js",
    );
    expect(loadConfig({ ANALYTICS_SCRIPT_URL: "https://plausible.io/js/script.manual.js" }).analyticsScript).toEqual({
      url: "https://plausible.io/js/script.manual.js",
      data: {},
    });
    expect(
      loadConfig({
        ANALYTICS_SCRIPT_URL: "https://umami.example/script.js",
        ANALYTICS_SCRIPT_DATA: "website-id=94db1cb1-74f4-4a40-ad6c-962362670409, host-url=https://umami.example",
      }).analyticsScript,
    ).toEqual({
      url: "https://umami.example/script.js",
      data: { "website-id": "94db1cb1-74f4-4a40-ad6c-962362670409", "host-url": "https://umami.example" },
    });
  });

  it("treats an empty value as unset", () => {
    expect(loadConfig({ PORT: "", SOCIAL_X_URL: "" })).toMatchObject({ port: 3000, social: { x: undefined } });
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be a whole number \(got "abc"\)$/],
    [{ PORT: "70000" }, /^PORT must be at most 65535/],
    [{ PORT: "3.5" }, /^PORT must be a whole number/],
    [{ PORT: "0x1F" }, /^PORT must be a whole number/],
    [{ PORT: "1e3" }, /^PORT must be a whole number/],
    [{ PORT: "-1" }, /^PORT must be a whole number/],
    [{ ACCESS_MODE: "private" }, /^ACCESS_MODE .*"open".*"members"/],
    [{ DATABASE_URL: "mysql://db/x" }, /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ ALLOW_PRIVATE_SOURCES: "yes" }, /^ALLOW_PRIVATE_SOURCES /],
    [{ MEMBER_FEEDS: "no" }, /^MEMBER_FEEDS must be on or off \(got "no"\)$/],
    [{ FEED_REFRESH_MS: "5" }, /^FEED_REFRESH_MS must be at least 10000/],
    [{ PRICE_API_URL: "ftp://prices" }, /^PRICE_API_URL /],
    [{ TRENDS_URL: "file:///etc/passwd" }, /^TRENDS_URL /],
    [{ REALTIME_TRENDS_URL: "ftp://trends" }, /^REALTIME_TRENDS_URL must be an http\(s\) URL/],
    [{ REALTIME_TRENDS_URL: "trends.example/realtime" }, /^REALTIME_TRENDS_URL must be an http\(s\) URL/],
    [{ TRENDS_REFRESH_MS: "1000" }, /^TRENDS_REFRESH_MS must be at least 60000 \(got "1000"\)$/],
    [{ TRENDS_REFRESH_MS: "100000000" }, /^TRENDS_REFRESH_MS must be at most 86400000/],
    [{ TRENDS_REFRESH_MS: "30m" }, /^TRENDS_REFRESH_MS must be a whole number/],
    [{ SOCIAL_X_URL: "javascript:alert(1)" }, /^SOCIAL_X_URL must be an http\(s\) URL/],
    [{ CONTACT_EMAIL: "nobody" }, /^CONTACT_EMAIL must be an email address/],
    [{ ANALYTICS_SCRIPT_URL: "plausible.io/js/script.js" }, /^ANALYTICS_SCRIPT_URL must be an http\(s\) URL/],
    [{ ANALYTICS_SCRIPT_URL: "javascript:alert(1)" }, /^ANALYTICS_SCRIPT_URL must be an http\(s\) URL/],
    [{ ANALYTICS_SCRIPT_URL: "http://plausible.io/js/script.manual.js" }, /^ANALYTICS_SCRIPT_URL must be an https URL/],
    [
      { ANALYTICS_SCRIPT_URL: "https://umami.example/script.js", ANALYTICS_SCRIPT_DATA: "website-id" },
      /^ANALYTICS_SCRIPT_DATA must be comma-separated name=value pairs/,
    ],
    [
      { ANALYTICS_SCRIPT_URL: "https://umami.example/script.js", ANALYTICS_SCRIPT_DATA: 'x="><script>' },
      /^ANALYTICS_SCRIPT_DATA must be comma-separated name=value pairs/,
    ],
    [
      {
        ANALYTICS_SCRIPT_URL: "https://umami.example/script.js",
        ANALYTICS_SCRIPT_DATA: "domain=a.example,Website Id=x",
      },
      /^ANALYTICS_SCRIPT_DATA must be comma-separated name=value pairs/,
    ],
    [
      { ANALYTICS_SCRIPT_DATA: "domain=gemwire.example" },
      /^ANALYTICS_SCRIPT_DATA is set but ANALYTICS_SCRIPT_URL is not/,
    ],
  ])("refuses %o naming the variable", (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("lists every bad variable at once", () => {
    const problems = problemsOf({ PORT: "abc", ACCESS_MODE: "x", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual(["ACCESS_MODE", "LOG_LEVEL", "PORT"]);
  });

  it("trims stray spaces and treats blank values as unset", () => {
    expect(loadConfig({ PORT: " 8080 ", HOST: "   ", DATA_DIR: "  " })).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: path.resolve("./data"),
    });
  });

  it("refuses a blank admin password", () => {
    expect(problemsOf({ ADMIN_PASSWORD: " ".repeat(12) })).toEqual(["ADMIN_PASSWORD must not be blank"]);
  });

  it("masks credentials in a refused database URL", () => {
    const [problem] = problemsOf({ DATABASE_URL: "mysql://gemwire:hunter2@db/x" });
    expect(problem).toBe('DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://***@db/x")');
  });

  it("reads the optional analysis LLM: its endpoint, key and model (gpt-4o-mini by default)", () => {
    expect(loadConfig({}).analysisLlm).toBeUndefined();
    expect(loadConfig({ ANALYSIS_LLM_URL: "https://llm.example/v1/chat/completions" }).analysisLlm).toEqual({
      url: "https://llm.example/v1/chat/completions",
      key: undefined,
      model: "gpt-4o-mini",
    });
    expect(
      loadConfig({
        ANALYSIS_LLM_URL: "http://127.0.0.1:11434/v1/chat/completions",
        ANALYSIS_LLM_KEY: " sk-test-123 ",
        ANALYSIS_LLM_MODEL: "llama3.1:8b",
      }).analysisLlm,
    ).toEqual({ url: "http://127.0.0.1:11434/v1/chat/completions", key: "sk-test-123", model: "llama3.1:8b" });
  });

  it.each([
    [{ ANALYSIS_LLM_URL: "ftp://llm.example/" }, /^ANALYSIS_LLM_URL must be an http\(s\) URL/],
    [{ ANALYSIS_LLM_KEY: "sk-1" }, /^ANALYSIS_LLM_KEY is set but ANALYSIS_LLM_URL is not/],
    [{ ANALYSIS_LLM_MODEL: "gpt-4o" }, /^ANALYSIS_LLM_MODEL is set but ANALYSIS_LLM_URL is not/],
    [
      { ANALYSIS_LLM_KEY: "sk-1", ANALYSIS_LLM_MODEL: "gpt-4o" },
      /^ANALYSIS_LLM_KEY and ANALYSIS_LLM_MODEL are set but/,
    ],
    [
      { ANALYSIS_LLM_URL: "https://llm.example/", ANALYSIS_LLM_MODEL: "a model" },
      /^ANALYSIS_LLM_MODEL must be a model name/,
    ],
  ])("refuses a bad analysis LLM setting %o", (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("never echoes the analysis LLM key, nor a key in its address", () => {
    const [keyProblem] = problemsOf({ ANALYSIS_LLM_URL: "https://llm.example/", ANALYSIS_LLM_KEY: "sk live secret" });
    expect(keyProblem).toBe("ANALYSIS_LLM_KEY must be printable ASCII without spaces (an API key)");
    const [urlProblem] = problemsOf({ ANALYSIS_LLM_URL: "https://me:hunter2@ llm.example/?key=s3cret" });
    expect(urlProblem).toMatch(/^ANALYSIS_LLM_URL must be an http\(s\) URL/);
    expect(urlProblem).not.toMatch(/hunter2|s3cret/);
  });

  it("never echoes the admin password back", () => {
    const [problem] = problemsOf({ ADMIN_PASSWORD: "short" });
    expect(problem).toMatch(/^ADMIN_PASSWORD must be at least 12 characters$/);
    expect(problem).not.toContain("short");
  });
});
