import { describe, expect, it } from "vitest";
import {
  clampLeverage,
  liquidationPrice,
  openFee,
  positionSize,
  potentialWin,
  readPayment,
  readPercentage,
  readTimeFrame,
  stepLeverage,
  tokenSize,
} from "./panel-math.ts";

describe("the prediction panel's arithmetic", () => {
  it.each([
    [50, 20, 1000],
    [50, 1.1, 55],
    [50, 20.1, 1005],
    [1, 100, 100],
    [333, 33.3, 11088.9],
  ])("size of %i GEMS at %sx is $%s", (payment, leverage, size) => {
    expect(positionSize(payment, leverage)).toBe(size);
  });

  it.each([
    [1000, 97_000, "0.01030928"],
    [1000, 0.5, "2000.00000000"],
    [55, 3, "18.33333333"],
    [1000, null, null],
    [1000, 0, null],
  ])("token size of $%s at price %s is %s", (size, price, expected) => {
    expect(tokenSize(size, price)).toBe(expected);
  });

  it.each([
    [1000, 0.6],
    [55, 0.03],
    [10_000, 6],
  ])("open fee on $%s is $%s (0.06%)", (size, fee) => {
    expect(openFee(size)).toBe(fee);
  });

  it.each([
    [100_000, "up", 95_000],
    [100_000, "down", 105_000],
    [null, "up", null],
  ] as const)("liquidation at entry %s going %s is %s", (entry, direction, expected) => {
    expect(liquidationPrice(entry, direction)).toBe(expected);
  });

  it.each([
    [100, 1, 200],
    [50, 1, 100],
    [50, 0.5, 75],
    [3, 0.33, 3],
    [100, 2.55, 355],
    [50, null, null],
  ])("potential win of %s GEMS at %s is %s (wager × (1 + percentage), whole GEMS)", (payment, percentage, win) => {
    expect(potentialWin(payment, percentage)).toBe(win);
  });
});

describe("leverage", () => {
  it.each([
    [20, 20],
    [0, 1.1],
    [1, 1.1],
    [150, 100],
    [20.04, 20],
    [20.06, 20.1],
    [Number.NaN, 20],
  ])("clamps %s to %s", (value, expected) => {
    expect(clampLeverage(value)).toBe(expected);
  });

  it.each([
    [20, 1, 21],
    [20, -1, 19],
    [1.1, -1, 1.1],
    [1.5, -1, 1.1],
    [1.1, 1, 2.1],
    [99.5, 1, 100],
    [100, 1, 100],
    [100, -1, 99],
  ] as const)("%s stepped by %s is %s", (value, direction, expected) => {
    expect(stepLeverage(value, direction)).toBe(expected);
  });
});

describe("reading the inputs", () => {
  it.each([
    ["50", 1250, { value: 50 }],
    ["1250", 1250, { value: 1250 }],
    [" 7 ", undefined, { value: 7 }],
    ["1251", 1250, { error: "Payment cannot be more than your balance (1,250 GEMS)" }],
    ["0", 1250, { error: "Payment must be at least 1 GEMS" }],
    ["2.5", 1250, { error: "Payment must be a whole number of GEMS" }],
    ["-3", 1250, { error: "Payment must be a whole number of GEMS" }],
    ["", 1250, { error: "Payment must be a whole number of GEMS" }],
  ])("payment %j with balance %s", (text, balance, expected) => {
    expect(readPayment(text, balance)).toEqual(expected);
  });

  it.each([
    ["1", { value: 1 }],
    ["2.55", { value: 2.55 }],
    ["100", { value: 100 }],
    ["0", { error: "Target must be more than 0%" }],
    ["100.01", { error: "Target must be at most 100%" }],
    ["1.234", { error: "Target may have at most 2 decimals" }],
    [".5", { value: 0.5 }],
    ["5.", { value: 5 }],
    [" 0.25 ", { value: 0.25 }],
    [".", { error: "Target must be a number, e.g. 1.5" }],
    ["1e2", { error: "Target must be a number, e.g. 1.5" }],
    ["-1", { error: "Target must be a number, e.g. 1.5" }],
    ["abc", { error: "Target must be a number, e.g. 1.5" }],
    ["", { error: "Target must be a number, e.g. 1.5" }],
  ])("target %j", (text, expected) => {
    expect(readPercentage(text)).toEqual(expected);
  });

  it.each([
    ["1m", { value: "1m" }],
    ["90m", { value: "90m" }],
    ["24H", { value: "24h" }],
    ["25h", { error: "Timeframe must be between 1m and 24h" }],
    ["1441m", { error: "Timeframe must be between 1m and 24h" }],
    ["0m", { error: "Timeframe must be whole minutes or hours, e.g. 5m or 1h" }],
    ["1d", { error: "Timeframe must be whole minutes or hours, e.g. 5m or 1h" }],
    ["1.5h", { error: "Timeframe must be whole minutes or hours, e.g. 5m or 1h" }],
  ])("timeframe %j", (text, expected) => {
    expect(readTimeFrame(text)).toEqual(expected);
  });
});
