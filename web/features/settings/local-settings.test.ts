import { describe, expect, it } from "vitest";
import { readLocalSettings, SETTINGS_STORAGE_KEY, writeLocalSettings } from "./local-settings.ts";

describe("visitor settings in local storage", () => {
  it("defaults to degen mode off and the 5 default feeds", () => {
    expect(readLocalSettings()).toMatchObject({
      degenMode: false,
      enabledFeeds: ["gemwire", "bitcoin", "news", "market", "search"],
    });
  });

  it("keeps settings under 'settings-storage' as version 3", () => {
    writeLocalSettings({ degenMode: true, enabledFeeds: ["bitcoin", "youtube"], feedOrder: ["youtube", "bitcoin"] });
    const stored = JSON.parse(window.localStorage.getItem(SETTINGS_STORAGE_KEY) ?? "{}");
    expect(stored.version).toBe(3);
    expect(readLocalSettings()).toMatchObject({ degenMode: true, enabledFeeds: ["youtube", "bitcoin"] });
  });

  it.each([
    ["not JSON", "{oops"],
    ["an older version", JSON.stringify({ state: { degenMode: true, enabledFeeds: [], feedOrder: [] }, version: 2 })],
    ["a broken state", JSON.stringify({ state: { enabledFeeds: "all" }, version: 3 })],
  ])("falls back to the defaults on %s", (_, value) => {
    window.localStorage.setItem(SETTINGS_STORAGE_KEY, value);
    expect(readLocalSettings().degenMode).toBe(false);
  });

  it("keeps bitcoin enabled even if storage says otherwise", () => {
    window.localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ state: { degenMode: false, enabledFeeds: ["news"], feedOrder: [] }, version: 3 }),
    );
    expect(readLocalSettings().enabledFeeds).toContain("bitcoin");
  });
});
