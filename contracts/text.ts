import { z } from "zod";

/*
 * The one rule for text the API accepts. PostgreSQL cannot store NUL at all (it answers
 * "invalid byte sequence") while SQLite keeps it, and the other control characters (tab,
 * line breaks, escape, DEL, the C1 range) have no place in a handle, a link, a search or
 * a one-line note: they hide text, break logs and terminals, and read differently on
 * each database. So every text input is refused with 400 when it holds one, checked on
 * the raw value before any trimming, the same on both databases. Half a surrogate pair
 * is refused for the same reason.
 */

/** C0 controls (NUL, tab, line breaks, escape…), DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding it is the point
const NO_NUL = /^[^\u0000]*$/;
/** As NO_CONTROL_CHARACTERS, but tab and line breaks are allowed: text written in several lines. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const ONLY_LINE_CONTROLS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/**
 * Half of a UTF-16 pair without its other half: JSON can carry one ("\ud800"), and each
 * database turns it into different replacement characters.
 */
const WELL_FORMED = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

const controlCharactersMessage = "Must not contain control characters (such as NUL, tab or line breaks)";

/** The checks themselves, for string formats (such as email) that are not built on `text()`. */
const wellFormed = () =>
  z.regex(WELL_FORMED, { error: "Must not contain broken characters (half of a UTF-16 surrogate pair)" });

export const textChecks = () => [z.regex(NO_CONTROL_CHARACTERS, { error: controlCharactersMessage }), wellFormed()];

/**
 * A text input: a string without control characters or half surrogate pairs. Chain
 * `.trim()`, `.min()`, `.max()`, `.regex()` as with `z.string()`. `{ controls: "lines" }`
 * is for text written in several lines (a comment): tab, line feed and carriage return
 * pass, every other control character (NUL first) is still refused.
 *
 * `{ controls: "allow" }` is only for a password being checked against its hash: it is
 * never stored or shown, so only NUL is refused there, and a password set before this
 * rule (or an `ADMIN_PASSWORD` holding a tab) still signs in.
 */
export function text({ controls = "refuse" }: { controls?: "refuse" | "lines" | "allow" } = {}) {
  if (controls === "refuse") return z.string().check(...textChecks());
  if (controls === "lines") {
    return z
      .string()
      .check(
        z.regex(ONLY_LINE_CONTROLS, { error: "Must not contain control characters other than tab and line breaks" }),
        wellFormed(),
      );
  }
  return z.string().check(z.regex(NO_NUL, { error: "Must not contain the NUL character" }));
}
