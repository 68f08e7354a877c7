import net from "node:net";
import { describe, expect, it } from "vitest";
import { createInvite } from "../modules/accounts/invites.ts";
import { cookieOf, TEST_ADMIN_PASSWORD, TEST_PASSWORD } from "../test/accounts.ts";
import { withTestApp } from "../test/app.ts";

const PASSWORD = TEST_PASSWORD;
const ADMIN = TEST_ADMIN_PASSWORD;

describe("session cookies over HTTPS", () => {
  it("are Secure when Gemwire is reached over HTTPS through a trusted proxy", async () => {
    await withTestApp({ TRUST_PROXY: "true", ADMIN_PASSWORD: ADMIN }, async (app) => {
      const login = (headers: Record<string, string>) =>
        app.inject({ method: "POST", url: "/api/admin/login", payload: { password: ADMIN }, headers });
      expect(cookieOf(await login({ "x-forwarded-proto": "https" }), "gemwire_admin")?.secure).toBe(true);
      expect(cookieOf(await login({}), "gemwire_admin")?.secure).toBeFalsy();
    });
  });
});

/** Sends a raw HTTP/1.1 request line, exactly as written, and returns the status code. */
async function rawStatus(port: number, requestLine: string): Promise<number> {
  const socket = net.connect(port, "127.0.0.1");
  socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  let answer = "";
  for await (const chunk of socket) answer += chunk;
  return Number(answer.split(" ")[1]);
}

describe("ACCESS_MODE=members", () => {
  it("cannot be slipped past with encoded paths or absolute-form request lines", async () => {
    await withTestApp({ ACCESS_MODE: "members", ADMIN_PASSWORD: ADMIN }, async (app) => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as net.AddressInfo;
      for (const line of [
        "GET /%61pi/feeds HTTP/1.1",
        "GET /%61pi/search?q=btc HTTP/1.1",
        "GET /api/feeds/%62itcoin/items HTTP/1.1",
        "GET /%66eeds/gemwire.xml HTTP/1.1",
        `GET http://127.0.0.1:${port}/api/feeds HTTP/1.1`,
        "HEAD /api/feeds HTTP/1.1",
        "GET /api/feeds/ HTTP/1.1",
        "GET /api/openapi.json HTTP/1.1",
      ]) {
        expect([401, 404], line).toContain(await rawStatus(port, line));
      }
      expect(await rawStatus(port, "GET /api/health HTTP/1.1")).toBe(200);
    });
  });

  it("answers 401 to reads without a session, but lets people sign in", async () => {
    await withTestApp({ ACCESS_MODE: "members", ADMIN_PASSWORD: ADMIN }, async (app, database) => {
      for (const url of ["/api/feeds", "/api/feeds/bitcoin/items", "/api/search?q=btc", "/feeds/gemwire.xml"]) {
        const response = await app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().error.message).toBe("User not authenticated");
      }
      for (const url of ["/api/health", "/api/site"]) {
        expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(200);
      }
      const code = (await createInvite(database, {})).code;
      const joined = await app.inject({
        method: "POST",
        url: "/api/auth/signup",
        payload: { inviteCode: code, handle: "member_one", password: PASSWORD },
      });
      expect(joined.statusCode).toBe(201);
      const session = cookieOf(joined, "gemwire_session")?.value ?? "";
      const feeds = await app.inject({ method: "GET", url: "/api/feeds", cookies: { gemwire_session: session } });
      expect(feeds.statusCode).toBe(200);
      // What a member reads is never left in a shared cache for visitors to be handed.
      for (const url of [
        "/api/tokens/BTC/history?range=24h",
        "/feeds/gemwire.xml",
        "/feeds/gemwire.json",
        "/feeds/blog.xml",
      ]) {
        const read = await app.inject({ method: "GET", url, cookies: { gemwire_session: session } });
        expect(read.statusCode, url).toBe(200);
        expect(read.headers["cache-control"], url).toMatch(/^private, max-age=\d+$/);
      }
    });
  });
});
