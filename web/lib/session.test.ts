import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialsOf, meQuery } from "./session.ts";

describe("initialsOf", () => {
  it.each([
    [{ username: "journey", handle: "x" }, "JO"],
    [{ username: null, handle: "satoshi_n" }, "SA"],
    [{ username: "  ", handle: "ab" }, "AB"],
    [{ username: "Ξ", handle: "x" }, "Ξ"],
  ])("takes the first 2 letters of the username, else of the handle: %o", (user, initials) => {
    expect(initialsOf(user)).toBe(initials);
  });
});

describe("meQuery", () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

  it("takes the server's visitor answer as nobody signed in", async () => {
    const fetchMock = answer(200, { user: null, admin: false });
    vi.stubGlobal("fetch", fetchMock);
    expect(await new QueryClient().fetchQuery(meQuery)).toEqual({ user: null, admin: false });
    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual(["/api/me"]);
  });

  it("reports a failure instead of passing it off as signed out", async () => {
    vi.stubGlobal("fetch", answer(500, { error: { code: "internal_error", message: "Something went wrong" } }));
    await expect(new QueryClient().fetchQuery({ ...meQuery, retry: false })).rejects.toMatchObject({
      status: 500,
      code: "internal_error",
    });
  });
});
