/**
 * How hard the hardening suite pushes: `npm test` runs every hardening test at its quick
 * size; `npm run test:hardening` (HARDENING_FULL=1) runs the same tests with more inputs,
 * longer bursts and more repetitions.
 */
export const FULL = process.env.HARDENING_FULL === "1";

/** `quick` in `npm test`, `full` in `npm run test:hardening`. */
export function scale<T>(quick: T, full: T): T {
  return FULL ? full : quick;
}
