/*
 * Bag distance: a lower bound of the edit distance that costs a fraction of it. Each
 * title is counted by character class; what one title has more of than the other can
 * only be removed by edits.
 */

/** Letters and digits each count on their own, the space too; everything else folds into three classes. */
const BAG_SIZE = 40;

function slotOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  if (code === 32) return 36;
  return 37 + (code % 3);
}

/** Every title's character counts by class, one row of BAG_SIZE per title. */
export function bagsOf(titles: readonly string[]): Uint8Array {
  const bags = new Uint8Array(titles.length * BAG_SIZE);
  titles.forEach((title, row) => {
    const offset = row * BAG_SIZE;
    for (let k = 0; k < title.length; k++) {
      const slot = offset + slotOf(title.charCodeAt(k));
      bags[slot] = Math.min(255, (bags[slot] as number) + 1);
    }
  });
  return bags;
}

/**
 * Whether the bag distance of titles i and j — max(characters only in i, characters
 * only in j), over the classes — is above `limit`. It is never more than the Levenshtein
 * distance (each edit changes each side's surplus by at most one), so above the limit
 * rules the pair out. Both surpluses only grow, so it stops as soon as one passes.
 */
export function bagExceeds(bags: Uint8Array, i: number, j: number, limit: number): boolean {
  let onlyI = 0;
  let onlyJ = 0;
  const x = i * BAG_SIZE;
  const y = j * BAG_SIZE;
  for (let k = 0; k < BAG_SIZE; k++) {
    const d = (bags[x + k] as number) - (bags[y + k] as number);
    if (d > 0) {
      onlyI += d;
      if (onlyI > limit) return true;
    } else {
      onlyJ -= d;
      if (onlyJ > limit) return true;
    }
  }
  return false;
}
