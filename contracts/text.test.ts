import { describe, expect, it } from "vitest";
import { text } from "./text.ts";

describe("text inputs", () => {
  it.each(["Zoë", "Satoshi 🚀", "日本語のニュース", "non\u00a0breaking space", "שלום", ""])(
    "accepts ordinary text: %j",
    (value) => {
      expect(text().safeParse(value).success).toBe(true);
    },
  );

  it.each(["\u0000", "\u0001", "\t", "\n", "\r", "\u001f", "\u007f", "\u0080", "\u009f", "\ud800", "\udc00x"])(
    "refuses %j",
    (bad) => {
      expect(text().safeParse(`a${bad}b`).success).toBe(false);
    },
  );

  it("refuses NUL and nothing else in a password being checked", () => {
    expect(text({ controls: "allow" }).safeParse("pass\u0000word").success).toBe(false);
    expect(text({ controls: "allow" }).safeParse("pass\tword\u001b").success).toBe(true);
  });
});
