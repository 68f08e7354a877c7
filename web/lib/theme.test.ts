import { describe, expect, it } from "vitest";
import { applyForcedDarkTheme, readTheme, rememberTheme, THEME_STORAGE_KEY, writeTheme } from "./theme.ts";

describe("theme preference", () => {
  it("defaults to system", () => {
    expect(readTheme()).toBe("system");
  });

  it.each(["light", "dark", "system"] as const)("keeps %s under the key 'theme'", (theme) => {
    writeTheme(theme);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe(theme);
    expect(readTheme()).toBe(theme);
  });

  it("stores the default on first visit and keeps a chosen value", () => {
    expect(rememberTheme()).toBe("system");
    expect(window.localStorage.getItem("theme")).toBe("system");
    writeTheme("light");
    expect(rememberTheme()).toBe("light");
  });

  it("ignores a value that is not a theme", () => {
    window.localStorage.setItem("theme", "neon");
    expect(readTheme()).toBe("system");
  });

  it("shows the app dark whatever the preference", () => {
    writeTheme("light");
    const root = document.createElement("html");
    root.classList.add("light");
    applyForcedDarkTheme(root);
    expect(root.classList.contains("dark")).toBe(true);
    expect(root.classList.contains("light")).toBe(false);
  });
});
