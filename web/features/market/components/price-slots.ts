/*
 * Room kept for a price and its 24-hour change before the prices arrive, in the strips at
 * the top of every page: '—' turning into "$105,853.00" must not push every coin after it
 * sideways (a layout shift `npm run bench:web` measures). Both are monospaced, so `ch`
 * counts characters: 11 fit "$105,853.00" and "$0.00001234", 7 fit "−12.34%".
 */
export const PRICE_SLOT = "inline-block min-w-[11ch]";
export const CHANGE_SLOT = "inline-block min-w-[7ch] font-mono";
