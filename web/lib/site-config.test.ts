import { afterEach, describe, expect, it } from "vitest";
import { inlinedSiteConfig } from "./site-config.ts";

const site = {
  name: "Gemwire",
  version: "1.0.0",
  accessMode: "open",
  contactEmail: "hello@example.com",
  feedRefreshMs: 300_000,
  sampleMode: true,
  social: {},
  analyticsScript: null,
};

function inline(text: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = "gemwire-site";
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById("gemwire-site")?.remove());

describe("the site settings inlined in the page", () => {
  it("are read before the first render", () => {
    inline(JSON.stringify(site));
    expect(inlinedSiteConfig()).toEqual(site);
  });

  it("are missing on a page without them (the Vite dev server)", () => {
    expect(inlinedSiteConfig()).toBeUndefined();
  });

  it.each(["{not json", "null", "[]", '{"name":"Gemwire"}', '{"name":1,"sampleMode":true}'])(
    "are ignored when they do not read as settings: %s",
    (text) => {
      inline(text);
      expect(inlinedSiteConfig()).toBeUndefined();
    },
  );
});
