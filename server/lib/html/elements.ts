/*
 * What Gemwire knows of HTML's elements, in one place for every reading of HTML as text:
 * feed fragments (fragment-text.ts), parsed pages (dom-text.ts) and the reader view's
 * blocks (dom-blocks.ts). See docs/decisions/041-one-html-to-text-module.md.
 */

/**
 * HTML's element names. A tag naming one of these is markup in HTML content; a bare tag
 * naming anything else (`Vec<T>`, `the <blink> tag`) is text, unless its own end tag follows.
 */
export const KNOWN_ELEMENTS = new Set(
  `a abbr acronym address applet area article aside audio b base basefont bdi bdo big blockquote body br button
  canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed
  fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i
  iframe img input ins kbd label legend li link main map mark marquee menu meta meter nav nobr noembed
  noframes noscript object ol optgroup option output p param picture plaintext pre progress q rp rt ruby s
  samp script search section select slot small source span strike strong style sub summary sup svg math
  table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp`.split(/\s+/),
);

/**
 * Elements whose content the tokenizer reads as text up to their end tag (script, style,
 * and the like). Their content is never article text: with an end tag after them they
 * are skipped whole; without one, the tag is only text ("Hackers slip <script> tag…").
 */
export const RAW_TEXT_ELEMENTS = new Set([
  "script",
  "style",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "textarea",
  "title",
  "plaintext",
]);

/** Elements whose content holds markup but no article text (pictures, embeds, fallbacks, controls): skipped with it. */
export const HIDDEN_ELEMENTS = new Set([
  "svg",
  "math",
  "object",
  "applet",
  "template",
  "head",
  "select",
  "noscript",
  "audio",
  "video",
  "canvas",
  "frameset",
  "button",
]);

/**
 * Every element whose content is never text to read, whatever reads it: the two sets
 * above, and the void elements that stand for something embedded or a form control.
 */
export const SKIPPED_ELEMENTS: ReadonlySet<string> = new Set([
  ...RAW_TEXT_ELEMENTS,
  ...HIDDEN_ELEMENTS,
  "embed",
  "frame",
  "input",
]);

/**
 * Block elements: each ends a run of words. In a fragment they become a space; in a page
 * each starts and ends a paragraph.
 */
export const BLOCK_ELEMENTS = new Set(
  `address article aside blockquote br caption center dd details dialog dir div dl dt fieldset figcaption
  figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre search section summary
  table tbody td tfoot th thead tr ul`.split(/\s+/),
);

/** Namespaced (`o:p`, `xhtml:p`) and custom (`x-widget`) names are markup too. */
export const isMarkupName = (name: string) => KNOWN_ELEMENTS.has(name) || name.includes(":") || name.includes("-");
