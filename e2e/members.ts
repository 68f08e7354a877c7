import { type Browser, type BrowserContext, expect, request } from "@playwright/test";

const ADMIN_PASSWORD = "e2e admin password 42";
/** Every test member's password, for journeys that sign in through the page. */
export const PASSWORD = "a long reading password";

/**
 * Each test "device" comes from its own address, as real members do: the e2e server
 * trusts X-Forwarded-For from loopback (TRUST_PROXY in playwright.config.ts), so the
 * per-address sign-up and sign-in limits count each device apart instead of the whole
 * suite as one address.
 */
const device = () => {
  const part = () => Math.floor(Math.random() * 0xffff).toString(16);
  return { "x-forwarded-for": `2001:db8:${part()}:${part()}::1` };
};

/** An invitation made through the admin API (the admin journey itself is in membership.spec.ts). */
async function invite(baseURL: string): Promise<string> {
  const admin = await request.newContext({ baseURL });
  expect((await admin.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } })).ok()).toBe(true);
  const created = await admin.post("/api/admin/invites", { data: { note: "e2e reader" } });
  expect(created.ok()).toBe(true);
  const { code } = (await created.json()) as { code: string };
  await admin.dispose();
  return code;
}

/** A new member, signed in within a fresh browser context (a "device"). */
export async function newMember(browser: Browser, baseURL: string, handle: string): Promise<BrowserContext> {
  const code = await invite(baseURL);
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: device() });
  const joined = await context.request.post("/api/auth/signup", {
    data: { inviteCode: code, handle, password: PASSWORD },
  });
  expect(joined.ok()).toBe(true);
  return context;
}

/** The same member signing in on another device. */
export async function signInElsewhere(browser: Browser, baseURL: string, handle: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: device() });
  const signedIn = await context.request.post("/api/auth/login", { data: { handle, password: PASSWORD } });
  expect(signedIn.ok()).toBe(true);
  return context;
}

/** A handle no other test run uses. */
export const uniqueHandle = (prefix: string) => `${prefix}_${Date.now().toString(36)}`.slice(0, 30);
