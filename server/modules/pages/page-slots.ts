/*
 * How many page reads and analyses a process has in hand, and whose: one pool per
 * process (PageReads.slots), shared by the analysis and the reader view. Each one fetches
 * a page and reads it in a worker (or ranks a post's sentences in one), so only a few
 * run at once; one
 * asker may hold only a couple of them, and visitors who are not signed in only most of
 * them together, so neither one network nor a crowd of strangers can lock members out.
 */

/** Reads and analyses in hand at once in a process: past this, 503. */
export const MAX_PAGES_AT_ONCE = 8;
/** Of those, what visitors who are not signed in may hold together: the rest are kept for members. */
export const MAX_VISITOR_PAGES = 6;
/** Reads and analyses one asker (a member, or a visitor's network) may have in hand at once: past this, 429. */
export const MAX_PAGES_PER_ASKER = 2;

/** Who holds a slot: `key` as the rate limit counts them ("member:<id>", "ip:<network>"). */
export type SlotHolder = { key: string; member: boolean };

/** Why a slot was not given: the asker has their share in hand, or the process is full (for them). */
export type NoSlot = "asker" | "busy";

export class PageSlots {
  #inHand = 0;
  #visitors = 0;
  readonly #byAsker = new Map<string, number>();

  get inHand(): number {
    return this.#inHand;
  }

  /**
   * Takes a slot for `holder` and returns the function that gives it back (once, however
   * often it is called), or why there is none.
   */
  take(holder: SlotHolder): (() => void) | NoSlot {
    const mine = this.#byAsker.get(holder.key) ?? 0;
    if (mine >= MAX_PAGES_PER_ASKER) return "asker";
    if (this.#inHand >= MAX_PAGES_AT_ONCE) return "busy";
    if (!holder.member && this.#visitors >= MAX_VISITOR_PAGES) return "busy";
    this.#inHand++;
    if (!holder.member) this.#visitors++;
    this.#byAsker.set(holder.key, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#inHand--;
      if (!holder.member) this.#visitors--;
      const left = (this.#byAsker.get(holder.key) ?? 1) - 1;
      if (left > 0) this.#byAsker.set(holder.key, left);
      else this.#byAsker.delete(holder.key);
    };
  }
}
