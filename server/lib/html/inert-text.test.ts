import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNSAFE_MARKUP } from "../../test/inert.ts";
import { isInertText } from "./inert-text.ts";

describe("isInertText", () => {
  it.each([
    ["plain words", "Bitcoin rose 5%", true],
    ["a quoted raw-text tag", "Hackers slip <script> tag into DEX front end", true],
    ["a type parameter", "Vec<T> and Map<K, V>", true],
    ["a bare end tag", "close it with </div>", true],
    ["an unfinished name", "a<b, and 1 < 2", true],
    ["a tag with an attribute value", '<img src="x">', false],
    ["an unclosed tag with a handler", "Hi <img src=x onerror=alert(1)", false],
    ["a less-than as an attribute's name", "<img <=x onerror=alert(1)> hi", false],
    ["a handler after a less-than", "<svg <1 onload=alert(1)>", false],
    ["a pair", "<b>bold</b>", false],
    ["a raw-text pair, any case", "<SCRIPT>x</script >", false],
    ["a comment", "a <!-- b", false],
    ["a declaration", "<!x>", false],
    ["a processing instruction", "<?php ?>", false],
    ["a nameless end tag", "a </1 hidden> b", false],
    ["an equals sign after the tag ends", "<T> = 5", true],
  ])("%s: %s", (_, text, inert) => {
    expect(isInertText(text)).toBe(inert);
  });

  it("agrees with the rule written out independently (server/test/inert.ts)", { timeout: 30_000 }, () => {
    const piece = fc.constantFrom(
      "<",
      ">",
      "/",
      "!",
      "?",
      "=",
      '"',
      " ",
      "\t",
      "a",
      "b",
      "B",
      "1",
      "-",
      "img",
      "script",
      "x=y",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        expect(isInertText(text), JSON.stringify(text)).toBe(!UNSAFE_MARKUP.some((pattern) => pattern.test(text)));
      }),
      { numRuns: 20_000 },
    );
  });

  it("stays linear on hostile text", { timeout: 5_000 }, () => {
    // Hang guard, not a speed target: re-searching after each `<` would take minutes.
    for (const unit of ["<!", "<?", "</1", "<a ", "<a<", "<a =", "<b>"]) isInertText(unit.repeat(400_000));
  });
});
