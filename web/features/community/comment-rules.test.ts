import { describe, expect, it } from "vitest";
import { COMMENT_EDIT_WINDOW_MS } from "../../../contracts/community-catalog.ts";
import { commentPermissions, editTimeLeft } from "./comment-rules.ts";
import { asMember, hal, satoshi, visitor } from "./test/community.tsx";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const postedAgo = (ms: number) => ({ handle: "hal", timestamp: new Date(NOW - ms).toISOString() });

describe("what a reader may do with a comment", () => {
  it.each([
    ["its author, just after posting", asMember(hal), postedAgo(1_000), { edit: true, remove: true }],
    [
      "its author, a moment before 15 minutes",
      asMember(hal),
      postedAgo(COMMENT_EDIT_WINDOW_MS - 1),
      { edit: true, remove: true },
    ],
    ["its author, at 15 minutes", asMember(hal), postedAgo(COMMENT_EDIT_WINDOW_MS), { edit: false, remove: true }],
    ["its author, a day later", asMember(hal), postedAgo(86_400_000), { edit: false, remove: true }],
    [
      "its author, handle in other case",
      asMember({ ...hal, handle: "HAL" }),
      postedAgo(1_000),
      { edit: true, remove: true },
    ],
    ["another member", asMember(satoshi), postedAgo(1_000), { edit: false, remove: false }],
    ["the admin, who is not its author", asMember(satoshi, true), postedAgo(86_400_000), { edit: false, remove: true }],
    [
      "the admin without a member session",
      { user: null, admin: true },
      postedAgo(1_000),
      { edit: false, remove: true },
    ],
    ["a visitor", visitor, postedAgo(1_000), { edit: false, remove: false }],
    [
      "nobody, when the commenter has no handle",
      asMember(hal),
      { ...postedAgo(1_000), handle: null },
      { edit: false, remove: false },
    ],
  ])("%s", (_who, me, comment, expected) => {
    expect(commentPermissions(comment, me, NOW)).toEqual(expected);
  });

  it("counts an unreadable time as outside the edit window", () => {
    expect(editTimeLeft({ timestamp: "not a date" }, NOW)).toBe(0);
  });
});
