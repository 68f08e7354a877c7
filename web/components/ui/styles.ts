/** Class names for the few looks shared across pages, so a button looks the same everywhere. */
export const primaryButton =
  "inline-block rounded-md bg-gem px-4 py-2 text-sm font-semibold text-zinc-950 hover:bg-gem-strong";

export const secondaryButton =
  "inline-block rounded-md border border-line px-4 py-2 text-sm text-zinc-200 hover:bg-zinc-800";

/** The frame of a feed's failure notice, a built-in feed's or a member's own. */
export const failureFrame = "space-y-2 rounded-xl border border-red-900/60 bg-red-950/30 p-4";
