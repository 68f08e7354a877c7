import { describe, expect, it } from "vitest";
import { outcomeOf, payoutFor, timeFrameMs } from "./gems-catalog.ts";

describe("the prediction rules", () => {
  it("pays the stake back plus stake × percentage, in whole GEMS rounded down", () => {
    expect(payoutFor(100, 1)).toBe(200);
    expect(payoutFor(100, 100)).toBe(10_100);
    expect(payoutFor(3, 1.25)).toBe(6);
    expect(payoutFor(50, 0.01)).toBe(50);
    // 0.29 × 100 is 28.999999999999996 in floating point; hundredths keep it 29.
    expect(payoutFor(100, 0.29)).toBe(129);
  });

  it("counts a move of exactly the percentage as a win, both ways, whatever floating point makes of it", () => {
    expect(outcomeOf({ direction: "up", percentage: 1.1 }, 100, 101.1)).toBe("won");
    expect(outcomeOf({ direction: "down", percentage: 1.1 }, 100, 98.9)).toBe("won");
    for (let hundredths = 1; hundredths <= 10_000; hundredths += 7) {
      const percentage = hundredths / 100;
      for (const entry of [64_000.5, 3, 0.1, 0.000012345]) {
        expect(outcomeOf({ direction: "up", percentage }, entry, entry * (1 + percentage / 100))).toBe("won");
        expect(outcomeOf({ direction: "down", percentage }, entry, entry * (1 - percentage / 100))).toBe("won");
      }
    }
  });

  it("counts anything short of the percentage, or the wrong way, as lost", () => {
    expect(outcomeOf({ direction: "up", percentage: 1 }, 100, 100.9999)).toBe("lost");
    expect(outcomeOf({ direction: "up", percentage: 1 }, 100, 90)).toBe("lost");
    expect(outcomeOf({ direction: "down", percentage: 1 }, 100, 99.0001)).toBe("lost");
    expect(outcomeOf({ direction: "down", percentage: 1 }, 100, 150)).toBe("lost");
    expect(outcomeOf({ direction: "up", percentage: 0.01 }, 64_000, 64_006.3)).toBe("lost");
  });

  it("reads 'Nm' as minutes and 'Nh' as hours, anything else 0", () => {
    expect(timeFrameMs("5m")).toBe(300_000);
    expect(timeFrameMs("24h")).toBe(86_400_000);
    expect(timeFrameMs("1d")).toBe(0);
    expect(timeFrameMs("05m")).toBe(0);
  });
});
