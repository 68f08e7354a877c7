/**
 * T14 — ACCESS_MODE=members: nothing leaks without a session. Every route the app
 * answers (read from its router: API, published feeds, uploads, the OpenAPI document and
 * its page, event streams), under every method it takes plus HEAD and OPTIONS, and under
 * disguises of its path (encoded letters, an encoded slash, doubled and trailing slashes,
 * dot segments, upper case, `;jsessionid=` parameters), is asked without a session. Only
 * the routes meant to stay open (server/plugins/access-mode.ts: health, site settings,
 * who is signed in, signing in, up and out, page views) and the web app's shell may
 * answer; everything else is a 401, or an error body or the shell page that carries no
 * data. server/plugins/access.test.ts holds the single cases (absolute-form request lines,
 * what members get); this is the sweep.
 */
import fs from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { type AppRoute, appRoutes, concretePath } from "../routes.ts";
import { tried } from "../tally.ts";

/** What a visitor may reach in members mode: exactly these, and the web app's shell. */
const PUBLIC_ROUTES = new Set([
  "/api/health",
  "/api/site",
  "/api/me",
  "/api/auth/signup",
  "/api/auth/login",
  "/api/auth/logout",
  "/api/admin/login",
  "/api/analytics/pageview",
]);
/** The web app's shell: its page and its built files (static, the same for everyone). */
const SHELL_ROUTES = new Set(["/", "/*"]);

const SHELL_MARK = "t14-shell-page";
const ASSET = "console.log('t14 asset');";
/** An uploaded picture on disk under DATA_DIR, named as the upload routes name them. */
const STORED_NAME = "00000000-0000-4000-8000-000000000000.webp";
const STORED_BYTES = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 t14 stored picture");

/** The disguises a path is sent under; each is one more request the gate must hold. */
function disguises(address: string): string[] {
  const segments = address.split("/").slice(1);
  const encodeFirst = (segment: string) =>
    segment.length > 0 ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment;
  const variants = [
    address,
    `${address}/`,
    `/${address}`,
    address.replace(/\//g, "//"),
    `/${segments.map(encodeFirst).join("/")}`,
    `/${segments.map((s, i) => (i === 0 ? encodeFirst(s) : s)).join("/")}`,
    address.toUpperCase(),
    `/${segments[0]?.toUpperCase()}/${segments.slice(1).join("/")}`,
    `${address};jsessionid=x`,
    `/${segments[0]};x=1/${segments.slice(1).join("/")}`,
    `/${segments.join("%2F")}`,
    `/${segments[0]}/./${segments.slice(1).join("/")}`,
    `/.${address}`,
    `/${segments[0]}/%2e/${segments.slice(1).join("/")}`,
    `/${segments[0]}/x/../${segments.slice(1).join("/")}`,
    `/${segments[0]}/x/%2e%2e/${segments.slice(1).join("/")}`,
    `/${segments[0]}/x/%2E%2E%2F${segments.slice(1).join("/")}`,
    // Servlet-style path parameters on a dot segment, which some proxies strip and others keep.
    `/${segments[0]}/x/..;/${segments.slice(1).join("/")}`,
    `/${segments[0]}/..;/${segments.join("/")}`,
    `${address}?`,
    `${address}%20`,
    `${address}%00`,
  ];
  return [...new Set(variants)];
}

type Verdict = "refused" | "error" | "shell" | "empty";

describe.each(testDatabaseTargets())("T14 access mode members on $dialect", (target) => {
  const dirs = tempDirs();
  // Registered first, so it runs after the app is closed and the database dropped.
  afterAll(() => dirs.removeAll());
  const setup = useTestApp(target, () => {
    const webRoot = dirs.make("t14-web");
    fs.writeFileSync(
      path.join(webRoot, "index.html"),
      `<!doctype html><html><head></head><body>${SHELL_MARK}</body></html>`,
    );
    fs.mkdirSync(path.join(webRoot, "assets"));
    fs.writeFileSync(path.join(webRoot, "assets", "app.js"), ASSET);
    const dataDir = dirs.make("t14-data");
    for (const folder of ["avatars", "blog-images"]) {
      fs.mkdirSync(path.join(dataDir, folder));
      fs.writeFileSync(path.join(dataDir, folder, STORED_NAME), STORED_BYTES);
    }
    return { webRoot, env: { ACCESS_MODE: "members", DATA_DIR: dataDir, MEMBER_FEEDS: "on" } };
  });
  let routes: AppRoute[];

  beforeAll(() => {
    routes = appRoutes(setup.app);
  });

  /**
   * What an answer to HEAD gave away. Its body is always empty, but a 2xx or 3xx still says
   * the path exists, and its headers how much is there: so it is judged as the GET of the same
   * address is, and must answer as that GET does (the shell's page may answer HEAD, a guarded
   * route's data may not).
   */
  async function verdictOfHead(answer: LightMyRequestResponse, url: string): Promise<Verdict | "data"> {
    if (answer.statusCode === 401) return "refused";
    if (answer.statusCode >= 400) return "empty";
    const get = await setup.app.inject({ method: "GET", url, headers: { accept: "text/html, */*" } });
    const same = (name: string) => String(get.headers[name] ?? "") === String(answer.headers[name] ?? "");
    if (get.statusCode !== answer.statusCode || !same("content-type") || !same("location")) return "data";
    return verdictOf(get);
  }

  /** What an answer without a session gave away: nothing (refused, an error, the shell), or data. */
  function verdictOf(answer: LightMyRequestResponse): Verdict | "data" {
    if (answer.statusCode === 401 && answer.json().error?.code === "unauthenticated") return "refused";
    const type = String(answer.headers["content-type"] ?? "");
    if (answer.body === "" && (answer.statusCode === 304 || answer.statusCode >= 400)) return "empty";
    if (answer.statusCode >= 400 && answer.statusCode < 500 && type.startsWith("application/json")) {
      const body = answer.json();
      return Object.keys(body).join() === "error" && Object.keys(body.error).sort().join() === "code,message"
        ? "error"
        : "data";
    }
    if (type.startsWith("text/html") && answer.body.includes(SHELL_MARK)) return "shell";
    if (answer.body === ASSET) return "shell";
    return "data";
  }

  it("refuses every route but the open ones without a session, whatever the path's disguise and method", async ({
    task,
  }) => {
    /** Each route pattern with the methods it takes. */
    const patterns = new Map<string, Set<string>>();
    for (const { method, route } of routes) patterns.set(route, (patterns.get(route) ?? new Set()).add(method));
    // The sweep reaches the kinds of route that must not leak.
    for (const route of ["/api/feeds", "/feeds/gemwire.xml", "/api/openapi.json", "/api/notifications/stream"]) {
      expect(patterns.has(route), route).toBe(true);
    }
    expect([...patterns.keys()].some((route) => route.startsWith("/api/docs"))).toBe(true);
    expect(patterns.has("/api/avatars/:name") && patterns.has("/api/blog/images/:name")).toBe(true);

    let sent = 0;
    const leaks: string[] = [];
    for (const [route, methods] of patterns) {
      const open = PUBLIC_ROUTES.has(route) || SHELL_ROUTES.has(route);
      const address = route === "/*" ? "/assets/app.js" : concretePath(route);
      for (const url of disguises(address)) {
        for (const method of [...new Set([...methods, "HEAD", "OPTIONS"])].sort()) {
          const answer = await setup.app.inject({
            method: method as "GET",
            url,
            headers: { accept: "text/html, */*" },
          });
          const verdict = method === "HEAD" ? await verdictOfHead(answer, url) : verdictOf(answer);
          // The exact path of a guarded route is refused by the gate itself, not by luck.
          if (!open && url === address && methods.has(method)) expect(answer.statusCode, `${method} ${url}`).toBe(401);
          // A disguised path reaches an open route at most; nothing it answers is a stored picture.
          if ((verdict === "data" && !open) || answer.rawPayload.includes(STORED_BYTES)) {
            leaks.push(`${method} ${url} → ${answer.statusCode}`);
          }
          // Only requests for what the gate guards are attacks on it; the open routes are controls.
          if (!open) sent++;
        }
      }
    }
    expect(leaks).toEqual([]);
    tried(task, "access", sent);
  });

  it("lets a visitor reach exactly the open routes and the shell", async () => {
    for (const url of ["/api/health", "/api/site", "/api/me"]) {
      expect((await setup.app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
    const page = await setup.app.inject({ method: "GET", url: "/", headers: { accept: "text/html" } });
    expect(page.body).toContain(SHELL_MARK);
    expect((await setup.app.inject({ method: "GET", url: "/assets/app.js" })).body).toBe(ASSET);
  });
});
