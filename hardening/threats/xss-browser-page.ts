/**
 * What xss-browser.test.ts runs inside the page (Chromium serialises each function, so
 * each stands alone): the hook that records a payload that runs, the DOM check for
 * anything live, and the payload markers the page shows.
 */

/** Runs in the page before the app: records any payload that runs, and any dialog it opens. */
export function installHooks() {
  const ran: unknown[] = [];
  Object.defineProperty(window, "__xss", { value: ran, writable: false });
  for (const name of ["alert", "confirm", "prompt"] as const) {
    (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      ran.push(`${name}(${args.join(",")})`);
    };
  }
}

/** Runs in the page: everything in the DOM that would run script or load a script address. */
export function liveMarkup(): string[] {
  const found: string[] = [];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a URL parser drops them, so must we
  const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  const dangerous = (value: string) => /^(javascript|vbscript|data|file|livescript):/.test(squeeze(value));
  const addressAttributes = new Set([
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "data",
    "poster",
    "background",
    "codebase",
    "cite",
    "ping",
    "manifest",
  ]);
  for (const element of Array.from(document.querySelectorAll("*"))) {
    const tag = element.tagName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on")) found.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
      if (name === "srcdoc") found.push(`<${tag} srcdoc>`);
      if (addressAttributes.has(name) && dangerous(attribute.value))
        found.push(`<${tag} ${name}="${attribute.value.slice(0, 60)}">`);
      if (name === "srcset" && attribute.value.split(",").some((part) => dangerous(part.trim())))
        found.push(`<${tag} srcset="${attribute.value.slice(0, 60)}">`);
    }
    if (tag === "script") {
      const script = element as HTMLScriptElement;
      const own = script.type === "application/json" || script.src.startsWith(`${location.origin}/assets/`);
      if (!own) found.push(`<script src="${script.src}">${(script.textContent ?? "").slice(0, 60)}`);
    }
    if (tag === "meta" && element.getAttribute("http-equiv")?.toLowerCase() === "refresh") found.push("<meta refresh>");
    if (tag === "base") found.push(`<base href="${element.getAttribute("href")}">`);
    if (["iframe", "object", "embed", "frame"].includes(tag)) {
      const address = element.getAttribute("src") ?? element.getAttribute("data") ?? "";
      if (!/^https:\/\//.test(address)) found.push(`<${tag} src="${address.slice(0, 60)}">`);
    }
  }
  return found;
}

/** Runs in the page: the payload markers (xssprobe07, xssprobe07e2) its visible text and fields show; null if none. */
export function visibleMarkers(): string[] | null {
  const fields = Array.from(document.querySelectorAll("input, textarea"), (field) => (field as HTMLInputElement).value);
  // biome-ignore lint/performance/useDomNodeTextContent: what is rendered visible is the point
  const text = [document.body.innerText, ...fields].join("\n");
  const markers = [...new Set(text.match(/xssprobe\d+(?:e\d)?/g) ?? [])];
  return markers.length > 0 ? markers : null;
}
