/*
 * The longest common subsequence of one title (the pattern) with many others, bit-parallel
 * (Allison–Dix, as Hyyrö writes it): one bit per pattern character, a few word operations
 * per text character. It bounds the edit distance from below: in an alignment of s and t
 * with d edits, every character of the longer title t is matched, substituted or deleted,
 * so |t| ≤ matches + d ≤ LCS + d, that is d ≥ max(|s|, |t|) − LCS. Unlike counting shared
 * characters or bigrams it respects their order, which is what tells two unrelated
 * headlines apart: their LCS is under half their length, while 0.6 needs 60%.
 * Characters are UTF-16 code units, as in the Levenshtein distance (fastest-levenshtein);
 * titles are read from one array of code units, so a sweep reads memory in order.
 */

const WORD = 32;

/** A string's UTF-16 code units, the units the distance counts. */
export const codeUnits = (text: string) => Uint16Array.from({ length: text.length }, (_, i) => text.charCodeAt(i));

export class LcsPattern {
  /** For each code unit, its slot in `masks` plus one (0: not in the pattern). */
  private readonly slotOf = new Int32Array(0x10000);
  private masks = new Int32Array(0);
  /** The pattern's bit vector, one word per 32 characters: a 1 bit is a position not yet matched. */
  private vector = new Int32Array(0);
  private words = 0;
  private length = 0;
  private codes: number[] = [];

  /** Makes `units[from..to)` the title the next `lcs` calls compare with. */
  set(units: Uint16Array, from = 0, to = units.length): void {
    for (const code of this.codes) this.slotOf[code] = 0;
    this.codes = [];
    this.length = to - from;
    this.words = Math.ceil(this.length / WORD);
    let distinct = 0;
    for (let i = from; i < to; i++) {
      const code = units[i] as number;
      if (this.slotOf[code] === 0) {
        this.slotOf[code] = ++distinct;
        this.codes.push(code);
      }
    }
    if (this.masks.length < distinct * this.words) this.masks = new Int32Array(distinct * this.words * 2);
    this.masks.fill(0, 0, distinct * this.words);
    if (this.vector.length < this.words) this.vector = new Int32Array(this.words * 2);
    for (let i = 0; i < this.length; i++) {
      const at = ((this.slotOf[units[from + i] as number] as number) - 1) * this.words + ((i / WORD) | 0);
      this.masks[at] = (this.masks[at] as number) | (1 << (i % WORD));
    }
  }

  /** The length of the longest common subsequence of the pattern and `units[from..to)`. */
  lcs(units: Uint16Array, from = 0, to = units.length): number {
    if (this.words === 1) return this.lcsOneWord(units, from, to);
    if (this.words === 2) return this.lcsTwoWords(units, from, to);
    const words = this.words;
    const vector = this.vector;
    const masks = this.masks;
    vector.fill(-1, 0, words);
    for (let j = from; j < to; j++) {
      const slot = this.slotOf[units[j] as number] as number;
      // A character the pattern lacks changes nothing.
      if (slot === 0) continue;
      const base = (slot - 1) * words;
      let carry = 0;
      for (let w = 0; w < words; w++) {
        const v = vector[w] as number;
        const u = v & (masks[base + w] as number);
        // (V + U) | (V − U), the sum's carry passed on to the next word; U ⊆ V, so V − U = V & ~U.
        const sum = (v + u + carry) | 0;
        carry = carryOut(v, u, sum);
        vector[w] = sum | (v & ~u);
      }
    }
    let unmatched = 0;
    for (let w = 0; w < words; w++) {
      const bits = Math.min(WORD, this.length - w * WORD);
      unmatched += popcount((vector[w] as number) & lowBits(bits));
    }
    return this.length - unmatched;
  }

  /** Titles of up to 32 code units: the vector is one word. */
  private lcsOneWord(units: Uint16Array, from: number, to: number): number {
    const masks = this.masks;
    const slotOf = this.slotOf;
    let v = -1;
    for (let j = from; j < to; j++) {
      const slot = slotOf[units[j] as number] as number;
      if (slot === 0) continue;
      const u = v & (masks[slot - 1] as number);
      v = (v + u) | 0 | (v & ~u);
    }
    return this.length - popcount(v & lowBits(this.length));
  }

  /** Titles of 33 to 64 code units (most headlines): two words in locals. */
  private lcsTwoWords(units: Uint16Array, from: number, to: number): number {
    const masks = this.masks;
    const slotOf = this.slotOf;
    let low = -1;
    let high = -1;
    for (let j = from; j < to; j++) {
      const slot = slotOf[units[j] as number] as number;
      if (slot === 0) continue;
      const base = (slot - 1) * 2;
      const u0 = low & (masks[base] as number);
      const u1 = high & (masks[base + 1] as number);
      const sum0 = (low + u0) | 0;
      const carry = carryOut(low, u0, sum0);
      low = sum0 | (low & ~u0);
      high = (high + u1 + carry) | 0 | (high & ~u1);
    }
    return this.length - popcount(low) - popcount(high & lowBits(this.length - WORD));
  }
}

/** The carry out of the top bit of a + b (+ carry in) = sum, as a full adder gives it. */
const carryOut = (a: number, b: number, sum: number) => ((a & b) | ((a | b) & ~sum)) >>> 31;

/** A mask of the lowest `bits` bits (1 ≤ bits ≤ 32). */
const lowBits = (bits: number) => (bits >= WORD ? -1 : (1 << bits) - 1);

function popcount(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
