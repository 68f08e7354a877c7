/*
 * Account rules and constants without zod, so the web app can import them
 * (docs/decisions/009); contracts/accounts.ts holds the API schemas.
 */

/** A handle's longest length, in letters, digits or underscores. */
export const HANDLE_MAX = 30;
