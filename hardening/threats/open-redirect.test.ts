/**
 * T8 — open redirects after sign-in. The sign-in page comes back to `?next=` (read with
 * URLSearchParams, checked by web/lib/return-path.ts, followed by the client router);
 * the server itself never answers a sign-in or a page with a redirect. Every hostile form
 * a link can carry, and a property over arbitrary strings built from the pieces such
 * forms are made of, must leave a path that stays on the app's origin.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createInvite } from "../../server/modules/accounts/invites.ts";
import { TEST_PASSWORD } from "../../server/test/accounts.ts";
import { useTestApp } from "../../server/test/app.ts";
import { testDatabaseTargets } from "../../server/test/databases.ts";
import { tempDirs } from "../../server/test/temp-dirs.ts";
import { safeNextPath } from "../../web/lib/return-path.ts";
import { scale } from "../scale.ts";
import { tried } from "../tally.ts";

const APP_ORIGIN = "https://gemwire.example";
/** Where the sign-in page sits when it reads `next`: relative paths resolve against it. */
const SIGN_IN_PAGE = `${APP_ORIGIN}/login`;

/** Return addresses an attacker would put in a link, exactly as written after `next=`. */
const HOSTILE_NEXT = [
  "//evil.example",
  "//evil.example/login",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "%2F%2Fevil.example",
  "%2f%2fevil.example",
  "/%2F/evil.example",
  "/%5Cevil.example",
  "%5C%5Cevil.example",
  "%252F%252Fevil.example",
  "https://evil.example",
  "https:evil.example",
  "https:/evil.example",
  "http%3A%2F%2Fevil.example",
  "HTTPS://evil.example",
  "ftp://evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(document.cookie)",
  "javascript%3Aalert(1)",
  " javascript:alert(1)",
  "%20//evil.example",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "%0D%0ALocation:%20https://evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/../..//evil.example",
  "/./..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E//evil.example",
  "/x/../..//evil.example",
  "//gemwire@evil.example",
  "//gemwire.example@evil.example",
  "https://gemwire.example@evil.example",
  "/@evil.example",
  "//evil.example%2F@gemwire.example",
  "／／evil.example",
  "/／evil.example",
  "＼＼evil.example",
  "/＼evil.example",
  "%EF%BC%8F%EF%BC%8Fevil.example",
  "⁄⁄evil.example",
  "∕∕evil.example",
  "/%00/evil.example",
  "%00//evil.example",
  "/\u0000/evil.example",
  "/news%00//evil.example",
  "//%65vil.example",
  "//evil。example",
  "//0x7f.1",
  "//[::1]",
  "//2130706433",
  "/ /evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "/\u200b/evil.example",
  "/login?next=//evil.example",
  `/${"a".repeat(5000)}`,
];

/** How the sign-in page reads a link's `next=` (react-router's useSearchParams is URLSearchParams). */
const nextParameterOf = (written: string) => new URLSearchParams(`next=${written}`).get("next");

/**
 * What a browser does with the page the sign-in page goes to: the client router pushes
 * it as a path on this origin. Same origin, and still a path (no scheme, no host).
 */
function expectSameOrigin(next: string | null, written: string): void {
  if (next === null) return; // refused: the sign-in page goes home
  expect(next.startsWith("/"), written).toBe(true);
  expect(next.startsWith("//") || next.startsWith("/\\"), written).toBe(false);
  expect(new URL(next, SIGN_IN_PAGE).origin, written).toBe(APP_ORIGIN);
  expect(new URL(next, `${APP_ORIGIN}/deep/page/`).origin, written).toBe(APP_ORIGIN);
  // Checked again (a later page reads it once more): still the same path, still here.
  expect(safeNextPath(next), written).toBe(next);
}

/** The pieces hostile return paths are made of; the property combines them freely. */
const PIECES = [
  "/",
  "//",
  "\\",
  ".",
  "..",
  "%2F",
  "%2f",
  "%5C",
  "%2e",
  "%00",
  "%09",
  "\t",
  "\n",
  "\r",
  "\u0000",
  " ",
  "@",
  ":",
  "?",
  "#",
  "&",
  "=",
  "evil.example",
  "gemwire",
  "javascript:",
  "https:",
  "data:",
  "／",
  "＼",
  "。",
  "\u2044",
  "\u2215",
  "news",
];

describe("T8 open redirect: the sign-in return path (?next=)", () => {
  it("keeps every hostile return address on the app's origin, as written in a link and as read", async ({ task }) => {
    for (const written of HOSTILE_NEXT) {
      // As the page reads it from a link, and as a value the page hands on unparsed.
      for (const raw of [nextParameterOf(written), written]) {
        const next = safeNextPath(raw);
        expectSameOrigin(next, written);
        // None of these forms is a path of ours to keep (the corpus names other hosts or schemes).
        if (next !== null) expect(new URL(next, SIGN_IN_PAGE).pathname, written).not.toMatch(/^\/\/|^\/\\/);
      }
    }
    // The plainly foreign ones are refused outright, not rewritten into something else.
    for (const written of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)"]) {
      expect(safeNextPath(nextParameterOf(written)), written).toBeNull();
    }
    tried(task, "open-redirect", HOSTILE_NEXT.length);
  });

  it("property: whatever a link carries, the page it leads to is on the app's origin", async ({ task }) => {
    const runs = scale(2_000, 50_000);
    const hostile = fc
      .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 })
      .map((parts) => parts.join(""));
    const anything = fc.oneof(hostile, fc.string({ unit: "binary", maxLength: 64 }), fc.webUrl(), fc.webPath());
    fc.assert(
      fc.property(anything, (written) => {
        expectSameOrigin(safeNextPath(written), written);
        expectSameOrigin(safeNextPath(nextParameterOf(encodeURIComponent(written))), written);
        expectSameOrigin(safeNextPath(nextParameterOf(written)), written);
      }),
      { numRuns: runs },
    );
    tried(task, "open-redirect", runs);
  });

  it("keeps the app's own paths (the check refuses hostile forms, not every page)", () => {
    for (const page of ["/news", "/token/BTC?range=7d#chart", "/blog/v1.2-release", "/notifications"]) {
      expect(safeNextPath(nextParameterOf(encodeURIComponent(page)))).toBe(page);
    }
  });
});

describe.each(testDatabaseTargets())("T8 open redirect: the server on $dialect", (target) => {
  const dirs = tempDirs();
  // Registered first, so it runs after the app is closed and the database dropped.
  afterAll(() => dirs.removeAll());
  let inviteCode = "";
  const setup = useTestApp(target, () => {
    const webRoot = dirs.make("t8-web");
    fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><html><head></head><body></body></html>");
    return {
      webRoot,
      seed: async (database) => {
        inviteCode = (await createInvite(database, {})).code;
      },
    };
  });

  it("never answers signing in, signing up or the sign-in page with a redirect, whatever next= says", async ({
    task,
  }) => {
    const joined = await setup.app.inject({
      method: "POST",
      url: `/api/auth/signup?next=${encodeURIComponent("//evil.example")}`,
      payload: { inviteCode, handle: "t8_member", password: TEST_PASSWORD },
      remoteAddress: "192.0.2.80",
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.headers.location).toBeUndefined();
    const forms = HOSTILE_NEXT.filter((form) => form.length < 200);
    let sent = 0;
    for (const written of forms) {
      const query = `?next=${encodeURIComponent(written)}`;
      const answers = await Promise.all([
        setup.app.inject({
          method: "POST",
          url: `/api/auth/login${query}`,
          payload: { handle: "t8_member", password: TEST_PASSWORD },
          remoteAddress: `192.0.2.${(sent % 200) + 1}`,
        }),
        setup.app.inject({ method: "GET", url: `/login${query}`, headers: { accept: "text/html" } }),
      ]);
      sent += answers.length;
      const [signIn, page] = answers;
      expect(signIn?.statusCode, written).toBe(200);
      expect(page?.statusCode, written).toBe(200);
      for (const answer of answers) {
        expect(answer.headers.location, written).toBeUndefined();
        expect(answer.headers.refresh, written).toBeUndefined();
      }
    }
    tried(task, "open-redirect", sent);
  });
});
