import { type FeedSettings, feedSettingsForDegen, normaliseFeedChoice } from "../../../contracts/feed-settings.ts";

/** Visitors keep their settings in the browser under this key, version 3. */
export const SETTINGS_STORAGE_KEY = "settings-storage";
export const SETTINGS_STORAGE_VERSION = 3;

/** A visitor's settings, or the defaults when none (or an unreadable or older version) are stored. */
export function readLocalSettings(storage: Storage = window.localStorage): FeedSettings {
  try {
    const stored = JSON.parse(storage.getItem(SETTINGS_STORAGE_KEY) ?? "null") as {
      state?: { degenMode?: unknown; enabledFeeds?: unknown; feedOrder?: unknown };
      version?: unknown;
    } | null;
    const state = stored?.version === SETTINGS_STORAGE_VERSION ? stored.state : undefined;
    if (!state || !Array.isArray(state.enabledFeeds) || !Array.isArray(state.feedOrder))
      return feedSettingsForDegen(false);
    return { degenMode: state.degenMode === true, ...normaliseFeedChoice(state.enabledFeeds, state.feedOrder) };
  } catch {
    return feedSettingsForDegen(false);
  }
}

export function writeLocalSettings(settings: FeedSettings, storage: Storage = window.localStorage): void {
  storage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: settings, version: SETTINGS_STORAGE_VERSION }));
}
