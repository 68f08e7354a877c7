import { describe, expect, it } from "vitest";
import { MAX_PAGES_AT_ONCE, MAX_PAGES_PER_ASKER, MAX_VISITOR_PAGES, PageSlots, type SlotHolder } from "./page-slots.ts";

const visitor = (n: number): SlotHolder => ({ key: `ip:198.51.100.${n}`, member: false });
const member = (n: number): SlotHolder => ({ key: `member:m${n}`, member: true });

/** Takes a slot that must be given. */
function take(slots: PageSlots, holder: SlotHolder): () => void {
  const release = slots.take(holder);
  if (typeof release !== "function") throw new Error(`no slot for ${holder.key}: ${release}`);
  return release;
}

describe("PageSlots", () => {
  it("gives one asker at most their share, whatever is free", () => {
    const slots = new PageSlots();
    for (let i = 0; i < MAX_PAGES_PER_ASKER; i++) take(slots, visitor(1));
    expect(slots.take(visitor(1))).toBe("asker");
    for (let i = 0; i < MAX_PAGES_PER_ASKER; i++) take(slots, member(1));
    expect(slots.take(member(1))).toBe("asker");
    expect(slots.inHand).toBe(2 * MAX_PAGES_PER_ASKER);
  });

  it("keeps slots for members that visitors together cannot take", () => {
    const slots = new PageSlots();
    for (let i = 0; i < MAX_VISITOR_PAGES; i++) take(slots, visitor(i));
    expect(slots.take(visitor(100))).toBe("busy");
    const members = MAX_PAGES_AT_ONCE - MAX_VISITOR_PAGES;
    for (let i = 0; i < members; i++) take(slots, member(i));
    expect(slots.take(member(100))).toBe("busy");
    expect(slots.inHand).toBe(MAX_PAGES_AT_ONCE);
  });

  it("gives a slot back once, however often its release is called", () => {
    const slots = new PageSlots();
    const first = take(slots, visitor(1));
    take(slots, visitor(1));
    first();
    first();
    expect(slots.inHand).toBe(1);
    const third = take(slots, visitor(1));
    expect(slots.take(visitor(1))).toBe("asker");
    third();
    expect(slots.inHand).toBe(1);
  });

  it("counts a visitor's slot given back towards the visitors' share again", () => {
    const slots = new PageSlots();
    const releases = Array.from({ length: MAX_VISITOR_PAGES }, (_, i) => take(slots, visitor(i)));
    expect(slots.take(visitor(100))).toBe("busy");
    releases[0]?.();
    expect(typeof slots.take(visitor(100))).toBe("function");
  });
});
