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

  it.each(["\u0000", "\u0001", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085", "\ud800"])(
    "refuses %j in text of several lines",
    (bad) => {
      expect(text({ controls: "lines" }).safeParse(`a${bad}b`).success).toBe(false);
    },
  );

  it("lets tab and line breaks through in text of several lines", () => {
    expect(text({ controls: "lines" }).safeParse("one\ttwo\r\nthree\nfour 🚀").success).toBe(true);
  });

  it("refuses NUL and nothing else in a password being checked", () => {
    expect(text({ controls: "allow" }).safeParse("pass\u0000word").success).toBe(false);
    expect(text({ controls: "allow" }).safeParse("pass\tword\u001b").success).toBe(true);
  });
});
