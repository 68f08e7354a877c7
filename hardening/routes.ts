/**
 * Every route the built app answers, read from Fastify's own router (its radix tree, printRoutes), so a
 * sweep over "every route" covers a route added tomorrow without anyone listing it. The
 * OpenAPI document is compared with it, so the reading cannot quietly miss routes.
 */
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

export type AppRoute = { method: string; route: string };

const BRANCH = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/;

/** Each method and route pattern (`/api/feeds/:key/items`) the app answers, HEAD and OPTIONS included. */
export function appRoutes(app: FastifyInstance): AppRoute[] {
  const stack: string[] = [];
  const routes: AppRoute[] = [];
  for (const line of app.printRoutes().split("\n")) {
    const match = BRANCH.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    const route = stack.join("");
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method) routes.push({ method, route });
    }
  }
  expectOpenApiCovered(app, routes);
  return routes;
}

/** Every operation in the OpenAPI document is among the routes read (so none is missed). */
function expectOpenApiCovered(app: FastifyInstance, routes: AppRoute[]): void {
  const known = new Set(routes.map(({ method, route }) => `${method} ${route}`));
  const document = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const documented = Object.entries(document.paths ?? {}).flatMap(([pattern, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${pattern.replace(/\{(\w+)\}/g, ":$1")}`),
  );
  expect(documented.length).toBeGreaterThan(20);
  for (const operation of documented) expect(known, operation).toContain(operation);
}

/** Values for route parameters that reach a handler (a real feed key, a coin), else a plausible id. */
const SAMPLE_PARAMS: Record<string, string> = {
  key: "bitcoin",
  symbol: "BTC",
  slug: "a-post",
  name: "00000000-0000-4000-8000-000000000000.webp",
  id: "00000000-0000-4000-8000-000000000000",
};

/** A concrete address for a route pattern: its parameters filled in. */
export function concretePath(route: string): string {
  return route.replace(/:(\w+)/g, (_whole, name: string) => SAMPLE_PARAMS[name] ?? "x").replace(/\*$/, "app.js");
}

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The GET route patterns (HEAD answers as GET does), each once, sorted. */
export const getRoutes = (app: FastifyInstance): string[] =>
  [
    ...new Set(
      appRoutes(app)
        .filter((route) => route.method === "GET")
        .map((route) => route.route),
    ),
  ].sort();

/**
 * GET routes that carry no stored text anybody wrote — no feed's, member's or admin's —
 * and why; the stored-XSS sweeps read every other GET route or say why they need not.
 */
export const NO_STORED_TEXT: Record<string, string> = {
  "/": "the web app's page: it carries the operator's site settings only; stored text comes through the API (xss-browser.test.ts renders it)",
  "/*": "the web app's built files, and its page under every other address",
  "/api/docs": "API documentation, written by us",
  "/api/docs/": "API documentation, written by us",
  "/api/docs/*": "API documentation, written by us",
  "/api/docs/json": "API documentation, written by us",
  "/api/docs/yaml": "API documentation, written by us",
  "/api/docs/static/*": "API documentation, written by us",
  "/api/docs/static/index.html": "API documentation, written by us",
  "/api/docs/static/swagger-initializer.js": "API documentation, written by us",
  "/api/openapi.json": "API documentation, written by us",
  "/api/health": "process and database health",
  "/api/site": "the operator's site settings (environment, not the API)",
  "/api/settings": "a visitor's feed choices, from a fixed list",
  "/api/reading/preferences": "a member's reading preferences, from fixed lists",
  "/api/avatars/:name": "an uploaded image (T9: uploads.test.ts)",
  "/api/blog/images/:name": "an uploaded image (T9: uploads.test.ts)",
  "/api/admin/analytics": "page view counts by the app's own page patterns",
  "/api/prices": "prices",
  "/api/tokens/:symbol/history": "prices",
  "/api/trends": "search trends, from the trends sources (server/modules/trends/parse.test.ts)",
  "/api/reader": "a page read live, not stored text (server/modules/reader/reader-view.test.ts)",
  "/api/notifications/stream": "the notifications /api/notifications serves, as events",
};
