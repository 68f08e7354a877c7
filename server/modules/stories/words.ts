/* The words titles are blocked on, as ids, and how many two titles share. */

/** A word needs at least this many letters or digits. */
const MIN_TOKEN = 2;

/** A title's distinct words: runs of letters and digits. */
export function tokensOf(title: string): string[] {
  return [...new Set(title.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length >= MIN_TOKEN))];
}

/** How many values two ascending id lists have in common. */
export function overlap(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  let x = 0;
  let y = 0;
  while (x < a.length && y < b.length) {
    const left = a[x] as number;
    const right = b[y] as number;
    if (left === right) {
      shared++;
      x++;
      y++;
    } else if (left < right) x++;
    else y++;
  }
  return shared;
}
