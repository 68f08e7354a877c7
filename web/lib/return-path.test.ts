import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathFrom } from "./return-path.ts";

describe("safeNextPath", () => {
  it.each([
    ["/news", "/news"],
    ["/token/BTC?range=7d#chart", "/token/BTC?range=7d#chart"],
    ["/stories?feed=gemwire&sort=coverage", "/stories?feed=gemwire&sort=coverage"],
    ["/x/../settings", "/settings"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps a path on this site: %s", (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["protocol-relative", "//evil.example/path"],
    ["three slashes", "///evil.example"],
    ["a scheme", "https://evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,hi"],
    ["no leading slash", "evil.example"],
    ["relative", "news"],
    ["backslash host", "/\\evil.example"],
    ["backslash later", "/news\\..\\\\evil.example"],
    ["a tab folding into //", "/\t/evil.example"],
    ["a newline folding into //", "/\n/evil.example"],
    ["NUL", "/news\u0000"],
    ["dot segments folding into //", "/..//evil.example"],
    ["one dot folding into //", "/.//evil.example"],
    ["encoded dots folding into //", "/%2e%2e//evil.example"],
    ["the sign-in page itself", "/login?next=/news"],
    ["too long", `/${"a".repeat(2048)}`],
  ])("refuses %s", (_name, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe("signInPathFrom", () => {
  it("comes back to the page the prompt was on", () => {
    expect(signInPathFrom({ pathname: "/news", search: "?x=1", hash: "" })).toBe("/login?next=%2Fnews%3Fx%3D1");
  });

  it("needs no return path from home, and keeps the sign-in page's own", () => {
    expect(signInPathFrom({ pathname: "/", search: "", hash: "" })).toBe("/login");
    expect(signInPathFrom({ pathname: "/login", search: "?next=/news", hash: "" })).toBe("/login?next=/news");
  });
});
