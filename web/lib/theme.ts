/**
 * The theme preference: light, dark or system, stored under `theme`, default
 * system. The app itself is always shown dark; the preference is kept for later use.
 */
export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];

export const THEME_STORAGE_KEY = "theme";
export const DEFAULT_THEME: Theme = "system";

function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

export function readTheme(storage: Storage = window.localStorage): Theme {
  try {
    const stored = storage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function writeTheme(theme: Theme, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or a full quota: the preference just is not remembered.
  }
}

/** Keeps the preference in storage (the default when none was chosen), so one is always stored. */
export function rememberTheme(storage: Storage = window.localStorage): Theme {
  const theme = readTheme(storage);
  writeTheme(theme, storage);
  return theme;
}

/** Forces the dark look whatever the stored preference says. */
export function applyForcedDarkTheme(root: HTMLElement = document.documentElement): void {
  root.classList.remove("light");
  root.classList.add("dark");
}
