import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { withTestApp } from "../test/app.ts";

/** The sources of one CSP directive, e.g. script-src → ["'self'"]. */
function directive(response: LightMyRequestResponse, name: string): string[] | undefined {
  return String(response.headers["content-security-policy"])
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name)
    ?.slice(1);
}

/** Every directive but the two a page-view script may widen. */
const others = (response: LightMyRequestResponse) =>
  String(response.headers["content-security-policy"])
    .split(";")
    .filter((part) => !/^\s*(script|connect)-src /.test(part));

describe("the content security policy and an analytics script", () => {
  it("allows no third-party script or connection without ANALYTICS_SCRIPT_URL", async () => {
    await withTestApp({}, async (app) => {
      const page = await app.inject({ method: "GET", url: "/api/health" });
      expect(directive(page, "script-src")).toEqual(["'self'"]);
      expect(directive(page, "connect-src")).toEqual(["'self'"]);
      expect((await app.inject({ method: "GET", url: "/api/site" })).json().analyticsScript).toBeNull();
    });
  });

  it("allows exactly the script's origin in script-src and connect-src, and nothing else changes", async () => {
    let without: LightMyRequestResponse | undefined;
    await withTestApp({}, async (app) => {
      without = await app.inject({ method: "GET", url: "/api/health" });
    });
    const env = {
      ANALYTICS_SCRIPT_URL: "https://stats.example.org:8443/js/script.manual.js?v=2",
      ANALYTICS_SCRIPT_DATA: "domain=gemwire.example",
    };
    await withTestApp(env, async (app) => {
      for (const url of ["/api/health", "/api/no-such-thing"]) {
        const response = await app.inject({ method: "GET", url });
        expect(directive(response, "script-src"), url).toEqual(["'self'", "https://stats.example.org:8443"]);
        expect(directive(response, "connect-src"), url).toEqual(["'self'", "https://stats.example.org:8443"]);
        expect(others(response)).toEqual(others(without as LightMyRequestResponse));
      }
      // The answers no hook sees (a URL that cannot be decoded) carry the same policy.
      const undecodable = await app.inject({ method: "GET", url: "/api/%E0%A4%A" });
      expect(undecodable.statusCode).toBe(400);
      expect(directive(undecodable, "script-src")).toEqual(["'self'", "https://stats.example.org:8443"]);
      // The web app learns where to load it from, and what to tell it.
      expect((await app.inject({ method: "GET", url: "/api/site" })).json().analyticsScript).toEqual({
        url: "https://stats.example.org:8443/js/script.manual.js?v=2",
        data: { domain: "gemwire.example" },
      });
    });
  });
});

describe("the security headers", () => {
  it("are helmet's for Gemwire's settings, the same on every answer, without HSTS", async () => {
    await withTestApp({}, async (app) => {
      const answers = await Promise.all(
        ["/api/health", "/api/no-such-thing", "/api/feeds"].map((url) => app.inject({ method: "GET", url })),
      );
      for (const response of answers) {
        expect(response.headers).toMatchObject({
          "x-content-type-options": "nosniff",
          "referrer-policy": "no-referrer",
          "x-frame-options": "DENY",
          "cross-origin-opener-policy": "same-origin",
          "cross-origin-resource-policy": "same-origin",
          "origin-agent-cluster": "?1",
          "x-dns-prefetch-control": "off",
          "x-download-options": "noopen",
          "x-permitted-cross-domain-policies": "none",
          "x-xss-protection": "0",
        });
        expect(response.headers["strict-transport-security"]).toBeUndefined();
        expect(response.headers["cross-origin-embedder-policy"]).toBeUndefined();
        expect(response.headers["content-security-policy"]).toBe(answers[0]?.headers["content-security-policy"]);
      }
    });
  });
});
