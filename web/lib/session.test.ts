import { describe, expect, it } from "vitest";
import { initialsOf } from "./session.ts";

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
