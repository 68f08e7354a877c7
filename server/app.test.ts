import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { allWidgetOrigins } from "../contracts/widget-hosts.ts";
import type { Schema } from "./db/schema.ts";
import { appVersion } from "./paths.ts";
import { buildTestApp, useTestApp, withTestApp } from "./test/app.ts";
import { openTestDatabase, type TestDatabaseHandle, testDatabaseTargets } from "./test/databases.ts";
import { tempDirs } from "./test/temp-dirs.ts";

const temp = tempDirs();
afterAll(() => temp.removeAll());

function builtWebApp(): string {
  const root = temp.make("web");
  fs.mkdirSync(path.join(root, "assets"));
  fs.writeFileSync(path.join(root, "index.html"), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(root, "assets", "index-abc123.js"), "console.log('app')");
  fs.writeFileSync(path.join(root, "assets", "index-abc123.js.map"), "{}");
  return root;
}

describe.each(testDatabaseTargets())("the app on $dialect", (target) => {
  let handle: TestDatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    handle = await openTestDatabase(target);
    app = await buildTestApp(handle.database, {
      webRoot: builtWebApp(),
      env: {
        CONTACT_EMAIL: "hello@example.org",
        SOCIAL_X_URL: "https://x.com/gemwire",
        ADMIN_PASSWORD: "correct horse battery",
      },
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get("/api/test/boom", async () => {
      throw new Error("connection to db at 10.0.0.5 failed: password=hunter2");
    });
    typed.post("/api/test/echo", { schema: { body: z.object({ text: z.string().max(10) }) } }, async (request) => ({
      text: request.body.text,
    }));
    typed.get(
      "/api/test/echo",
      { schema: { querystring: z.object({ limit: z.coerce.number().int().max(100) }) } },
      async (request) => ({ limit: request.query.limit }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await handle.dispose();
  });

  it("reports health with the database and version", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", db: "ok", version: appVersion });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers unknown API paths with a JSON 404 in the error shape", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const response = await app.inject({ method, url: "/api/no-such-thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/application\/json/);
      expect(response.json()).toEqual({
        error: { code: "not_found", message: `No API route ${method} /api/no-such-thing` },
      });
    }
  });

  it("serves index.html for client routes, fresh on every visit", async () => {
    for (const url of ["/", "/stories", "/token/btc", "/blog/some-post?ref=x"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("caches hashed assets for a year and 404s missing files instead of sending the page", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const missing = await app.inject({ method: "GET", url: "/assets/index-old999.js" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("not_found");
  });

  it("sends the security headers on pages and API answers alike", async () => {
    for (const url of ["/", "/api/health", "/api/no-such-thing", "/api/docs/"]) {
      const { headers } = await app.inject({ method: "GET", url });
      const csp = String(headers["content-security-policy"]);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("upgrade-insecure-requests");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("no-referrer");
    }
  });

  it("lets scripts come only from our origin, and frames only from the widget hosts", async () => {
    const csp = String((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .find(([key]) => key === name)
        ?.slice(1);
    // TradingView's frames are built by the web app; no third-party script runs in our page (decision 014).
    expect(directive("script-src")).toEqual(["'self'"]);
    expect(directive("frame-src")).toEqual(["https://s.tradingview.com", "https://www.tradingview-widget.com"]);
    expect(directive("frame-src")).toEqual([...allWidgetOrigins]);
    expect(csp).not.toContain("s3.tradingview.com");
  });

  it("hides internal details of server errors", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: "internal_error", message: "Something went wrong on our side. Please try again later." },
    });
    expect(response.body).not.toMatch(/hunter2|10\.0\.0\.5|at .*\.ts/);
  });

  it("hides internal details in routes that plugins register too", async () => {
    const original = app.swagger;
    app.swagger = (() => {
      throw new Error("cannot read /srv/gemwire/secret.ts");
    }) as typeof app.swagger;
    try {
      const response = await app.inject({ method: "GET", url: "/api/docs/json" });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: "internal_error", message: "Something went wrong on our side. Please try again later." },
      });
    } finally {
      app.swagger = original;
    }
  });

  it("explains invalid input with a 400 naming the field", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/echo?limit=500" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
    expect(response.json().error.message).toMatch(/querystring\.limit: .*100/);
    expect((await app.inject({ method: "GET", url: "/api/test/echo?limit=5" })).json()).toEqual({ limit: 5 });
  });

  it("refuses malformed and invalid JSON bodies with a 400", async () => {
    const post = (payload: string) =>
      app.inject({ method: "POST", url: "/api/test/echo", headers: { "content-type": "application/json" }, payload });
    const malformed = await post("{not json");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("invalid_request");
    const invalid = await post(JSON.stringify({ text: "far too long for ten" }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toMatch(/body\.text: /);
    expect((await post(JSON.stringify({ text: "gm" }))).json()).toEqual({ text: "gm" });
  });

  it("answers an undecodable URL with a 400 in the error shape, headers included", async () => {
    const response = await app.inject({ method: "GET", url: "/%" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("invalid_request");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves the app for client routes with dots, but 404s missing files", async () => {
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    for (const url of ["/token/USDC.e", "/blog/v1.2-release"]) {
      const response = await app.inject({ method: "GET", url, headers: html });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    const image = await app.inject({ method: "GET", url: "/logo-old.png", headers: { accept: "image/*" } });
    expect(image.statusCode).toBe(404);
    const asset = await app.inject({ method: "GET", url: "/assets/gone.js", headers: html });
    expect(asset.statusCode).toBe(404);
  });

  it("does not serve source maps", async () => {
    const response = await app.inject({ method: "GET", url: "/assets/index-abc123.js.map" });
    expect(response.statusCode).toBe(404);
  });

  it("publishes an OpenAPI document generated from the route schemas", async () => {
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "Gemwire API", version: appVersion });
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/site",
        "/api/votes",
        "/api/favorites",
        "/api/events",
        "/api/stories",
        "/api/gems",
        "/api/predictions",
        "/api/leaderboard",
        "/api/analysis",
        "/api/analysis/story",
      ]),
    );
    expect(Object.keys(document.paths["/api/favorites"]).sort()).toEqual(["delete", "get", "put"]);
    expect(document.paths["/api/openapi.json"]).toBeUndefined();
    const health = document.paths["/api/health"].get.responses["200"].content["application/json"].schema;
    expect(JSON.stringify(health)).toMatch(/Health|status/);
  });

  it("serves a browsable API page at /api/docs", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.body).toMatch(/swagger/i);
  });

  it("compresses large answers for clients that accept it", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("tags each answer with a request id, keeping a sane one from the caller", async () => {
    const given = await app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": "lb-42" } });
    expect(given.headers["x-request-id"]).toBe("lb-42");
    const hostile = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    expect(hostile.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("tells the browser only the public site settings", async () => {
    const response = await app.inject({ method: "GET", url: "/api/site" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: "Gemwire",
      version: appVersion,
      accessMode: "open",
      contactEmail: "hello@example.org",
      feedRefreshMs: 300_000,
      sampleMode: false,
      social: { x: "https://x.com/gemwire" },
      analyticsScript: null,
    });
    expect(response.body).not.toContain("correct horse");
  });

  it("says when it runs on the bundled samples (SAMPLE_MODE)", async () => {
    await withTestApp({ SAMPLE_MODE: "1" }, async (demo) => {
      const response = await demo.inject({ method: "GET", url: "/api/site" });
      expect(response.json()).toMatchObject({ sampleMode: true });
    });
  });
});

describe("the app before the web build exists", () => {
  const [target] = testDatabaseTargets();
  if (!target) throw new Error("no test database");
  const setup = useTestApp(target, () => ({ webRoot: temp.make("empty") }));

  it("says how to build it instead of a blank page", async () => {
    const response = await setup.app.inject({ method: "GET", url: "/stories" });
    expect(response.statusCode).toBe(503);
    expect(response.body).toMatch(/npm run build/);
    expect((await setup.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});

describe("health when the database is gone", () => {
  it("answers 503 with db error", async () => {
    const [target] = testDatabaseTargets();
    if (!target) throw new Error("no test database");
    const handle = await openTestDatabase(target);
    // The same app over a database that has stopped answering.
    const broken = new Kysely<Schema>({
      dialect: new SqliteDialect({
        database: async () => {
          throw new Error("disk I/O error");
        },
      }),
    });
    const app = await buildTestApp(
      { ...handle.database, db: broken },
      // No admin sign-in in this test, so the admin password check needs no database either.
      { webRoot: builtWebApp(), adminPassword: { verify: async () => false } },
    );
    try {
      const response = await app.inject({ method: "GET", url: "/api/health" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: "error", db: "error", version: appVersion });
    } finally {
      await app.close().catch(() => {});
      await handle.dispose();
    }
  });
});
