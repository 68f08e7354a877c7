/**
 * The hostile corpus for the stored-XSS threats (T1 feeds, T2 members' text): markup that
 * runs script when a browser reads it as markup, links whose scheme runs script, and the
 * ways a feed can hide either (entities, double entities, CDATA, control characters).
 *
 * Every script here calls `window.__xss.push(<n>)` (or `alert`), so a page that ran one
 * is caught by the browser test's hook; and every payload carries its own marker word
 * (`xssprobe<n>`), so a test can find the item it was stored in and prove it rendered.
 */
import { escapeMarkup } from "../server/lib/markup.ts";

export type MarkupPayload = { marker: string; name: string; text: string };
export type LinkPayload = { name: string; href: string };

const run = (n: number) => `window.__xss.push(${n})`;
const base64 = (text: string) => Buffer.from(text).toString("base64");

const MARKUP_FORMS: Array<[name: string, text: (n: number) => string]> = [
  ["script element", (n) => `<script>${run(n)}</script>`],
  ["img onerror", (n) => `<img src=x onerror="${run(n)}">`],
  ["svg onload", (n) => `<svg onload="${run(n)}"><circle r="1"/></svg>`],
  ["attribute breakout", (n) => `"><script>${run(n)}</script><b title="`],
  ["single-quote breakout", (n) => `'><img src=x onerror=${run(n)}>`],
  ["iframe javascript src", (n) => `<iframe src="javascript:${run(n)}"></iframe>`],
  ["anchor javascript href", (n) => `<a href="javascript:${run(n)}">click me</a>`],
  ["body onload", (n) => `<body onload=${run(n)}>`],
  ["details ontoggle", (n) => `<details open ontoggle="${run(n)}"><summary>x</summary></details>`],
  ["input autofocus onfocus", (n) => `<input autofocus onfocus="${run(n)}">`],
  ["form button formaction", (n) => `<form><button formaction="javascript:${run(n)}">go</button></form>`],
  [
    "object data: html",
    (n) => `<object data="data:text/html;base64,${base64(`<script>${run(n)}</script>`)}"></object>`,
  ],
  ["meta refresh", (n) => `<meta http-equiv="refresh" content="0;url=javascript:${run(n)}">`],
  ["nested script split", (n) => `<scr<script>ipt>${run(n)}</scr</script>ipt>`],
  ["comment-hidden tag", (n) => `<!--><img src=x onerror="${run(n)}">-->`],
  ["mXSS through math and style", (n) => `<math><mtext><table><mglyph><style><img src=x onerror="${run(n)}">`],
  ["uppercase tag and handler", (n) => `<IMG SRC=x ONERROR="${run(n)}">`],
  ["tab inside the tag name", (n) => `<img\tsrc=x\tonerror="${run(n)}">`],
  ["slash instead of space", (n) => `<svg/onload=${run(n)}>`],
  ["unquoted handler without end", (n) => `<img src=x onerror=${run(n)} `],
  ["template expression", (n) => `{{constructor.constructor('${run(n)}')()}} \${${run(n)}}`],
  ["alert dialog", () => `<img src=x onerror=alert(1)>`],
];

/** The markup payloads; the quick size takes a representative few (`quickMarkup`). */
export const MARKUP: readonly MarkupPayload[] = MARKUP_FORMS.map(([name, text], i) => {
  const marker = `xssprobe${String(i + 1).padStart(2, "0")}`;
  return { marker, name, text: text(i + 1) };
});

/** Script, handler, breakout, entity-free nesting and a dialog: one of each family. */
export const QUICK_MARKUP: readonly MarkupPayload[] = [0, 1, 2, 3, 6, 13, 15, 21].map(
  (i) => MARKUP[i] as MarkupPayload,
);

/**
 * Links that must never reach a page: script schemes however spelt (case, controls and
 * spaces a URL parser drops, entities), data: and vbscript:, file:, and a
 * protocol-relative address (which must come out as an absolute http(s) one if at all).
 */
export const LINKS: readonly LinkPayload[] = [
  { name: "javascript:", href: `javascript:${run(101)}` },
  { name: "uppercase JAVASCRIPT:", href: `JAVASCRIPT:${run(102)}` },
  { name: "tab inside the scheme", href: `java\tscript:${run(103)}` },
  { name: "line feed inside the scheme", href: `java\nscript:${run(104)}` },
  { name: "leading spaces", href: `   javascript:${run(105)}` },
  { name: "C1 control before the scheme", href: `\u0085javascript:${run(106)}` },
  { name: "entity-encoded letter", href: `&#106;avascript:${run(107)}` },
  { name: "entity-encoded colon", href: `javascript&colon;${run(108)}` },
  { name: "data: html", href: `data:text/html;base64,${base64(`<script>${run(109)}</script>`)}` },
  { name: "data: svg", href: `data:image/svg+xml,<svg onload="${run(110)}"/>` },
  { name: "vbscript:", href: "vbscript:msgbox(1)" },
  { name: "file:", href: "file:///etc/passwd" },
  { name: "protocol-relative", href: "//attacker.example/xss" },
  { name: "scheme in the path of a relative link", href: `/redirect?to=javascript:${run(111)}` },
];

export const QUICK_LINKS: readonly LinkPayload[] = [0, 1, 2, 6, 8, 10, 12].map((i) => LINKS[i] as LinkPayload);

/** Ways a feed's XML can carry markup in a text element. */
export const FEED_ENCODINGS: ReadonlyArray<[name: string, encode: (markup: string) => string]> = [
  ["CDATA", (markup) => `<![CDATA[${markup.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`],
  ["entity-encoded", (markup) => escapeMarkup(markup)],
  ["double-encoded", (markup) => escapeMarkup(escapeMarkup(markup))],
  [
    "split across CDATA sections",
    (markup) => {
      const half = Math.ceil(markup.length / 2);
      return `<![CDATA[${markup.slice(0, half)}]]><![CDATA[${markup.slice(half)}]]>`;
    },
  ],
  ["numeric character references", (markup) => markup.replace(/[<>"'&]/g, (c) => `&#${c.charCodeAt(0)};`)],
];

/**
 * Whether an address runs or embeds something instead of going to a page: its scheme,
 * once the characters a URL parser drops (controls, spaces) are gone, is a script or
 * data scheme.
 */
export function isDangerousAddress(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a URL parser drops them, so must we
  const squeezed = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  return /^(javascript|vbscript|data|file|livescript|mocha):/.test(squeezed);
}

/** Fields whose value a page uses as an address (href, src). */
export const ADDRESS_FIELD = /(^|[^a-z])(link|url|href|src|image|website|avatar|icon|thumbnail)s?$/i;

/** An address a page may link to or load: absolute http(s), or a path on this site. */
export const isSafeAddress = (value: string) =>
  value === "" || /^https?:\/\/[^/]/i.test(value) || /^\/(?!\/)/.test(value);
