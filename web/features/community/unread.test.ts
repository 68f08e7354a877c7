import { describe, expect, it } from "vitest";
import { badgeText, notificationsLabel } from "./unread.ts";

describe("the unread badge", () => {
  it.each([
    [-3, null],
    [0, null],
    [Number.NaN, null],
    [1, "1"],
    [99, "99"],
    [100, "99+"],
    [12_345, "99+"],
  ])("%d unread shows %s", (unread, text) => {
    expect(badgeText(unread)).toBe(text);
  });

  it("names the count in the link's label, and nothing when none is unread", () => {
    expect(notificationsLabel(3)).toBe("Notifications, 3 unread");
    expect(notificationsLabel(150)).toBe("Notifications, 150 unread");
    expect(notificationsLabel(0)).toBe("Notifications");
    expect(notificationsLabel(-1)).toBe("Notifications");
  });
});
