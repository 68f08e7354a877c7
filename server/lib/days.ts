/** A day in milliseconds. */
export const DAY_MS = 86_400_000;

/** The UTC calendar day of `at` (milliseconds since the epoch), as YYYY-MM-DD. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);
