/**
 * Pump Vision's board is sample data: every token here is
 * invented, and every contract address starts with "SAMPLE" so nobody mistakes one for a
 * real mint. The numbers come from a seeded generator, so the board is the same on every
 * visit and in every test.
 */

export const launchpads = ["pumpfun", "moonshot"] as const;
export type Launchpad = (typeof launchpads)[number];
export const launchpadLabels: Record<Launchpad, string> = { pumpfun: "Pump.fun", moonshot: "Moonshot" };

export type Social = "x" | "telegram" | "website";
export const socialLabels: Record<Social, string> = { x: "X", telegram: "Telegram", website: "Website" };

export const columnIds = ["new", "graduating", "graduated"] as const;
export type ColumnId = (typeof columnIds)[number];
export const columnTitles: Record<ColumnId, string> = {
  new: "New Creations",
  graduating: "About to Graduate",
  graduated: "Graduated",
};

/** A sample pump token, its percentages named for what the card shows. */
export type PumpToken = {
  symbol: string;
  name: string;
  address: string;
  launchpad: Launchpad;
  socials: readonly Social[];
  ageMinutes: number;
  bondingCurvePercent: number;
  top10Percent: number;
  devPercent: number;
  sniperPercent: number;
  liquidity: number;
  stats: {
    volume: number;
    marketCap: number;
    holders: number;
    likes: number;
    comments: number;
    shares: number;
    views: number;
  };
};

/** The quick-buy amount, in USD. */
export const QUICK_BUY_USD = 5;

type Seed = [symbol: string, name: string, launchpad: Launchpad, socials: Social[]];

const seeds: Record<ColumnId, Seed[]> = {
  new: [
    ["NOODL", "Nebula Noodle", "pumpfun", ["x", "telegram"]],
    ["WLRS", "Pixel Walrus", "moonshot", ["x"]],
    ["GRVY", "Gravy Comet", "pumpfun", []],
    ["SNAIL", "Turbo Snail Club", "pumpfun", ["telegram"]],
    ["FIGG", "Figment Frog", "moonshot", ["x", "website"]],
    ["BLIMP", "Blimp Capital", "pumpfun", []],
    ["TOAST", "Toaster Oracle", "pumpfun", ["x"]],
    ["KELP", "Kelp Kingdom", "moonshot", ["website"]],
    ["YAWN", "Yawning Yak", "pumpfun", []],
    ["PEBL", "Pebble Prophet", "moonshot", ["x", "telegram", "website"]],
  ],
  graduating: [
    ["MOTH", "Lamp Moth", "pumpfun", ["x", "telegram"]],
    ["CRUMB", "Crumb Cartel", "moonshot", ["x"]],
    ["ZEBU", "Zebu Zoomer", "pumpfun", ["telegram"]],
    ["SPUD", "Space Potato", "pumpfun", ["x", "website"]],
    ["GLOOP", "Gloop Labs", "moonshot", []],
    ["WOMBO", "Wombat Omnibus", "pumpfun", ["x"]],
    ["DRIZL", "Drizzle Dog", "pumpfun", ["x", "telegram"]],
    ["PLNK", "Plankton Pilot", "moonshot", ["website"]],
    ["HUMMS", "Hummus Hamster", "pumpfun", []],
    ["OPAL", "Opal Owl", "moonshot", ["x", "telegram", "website"]],
  ],
  graduated: [
    ["BRICK", "Brick Butler", "pumpfun", ["x", "telegram", "website"]],
    ["QUILL", "Quill Quokka", "moonshot", ["x", "website"]],
    ["TUBA", "Tuba Turtle", "pumpfun", ["x"]],
    ["MANGO", "Mango Meteor", "pumpfun", ["telegram"]],
    ["FJORD", "Fjord Ferret", "moonshot", ["x", "telegram"]],
    ["COBLT", "Cobalt Capybara", "pumpfun", ["x", "website"]],
    ["RIZZO", "Rizzo Raccoon", "pumpfun", []],
    ["VELVT", "Velvet Vortex", "moonshot", ["x"]],
    ["SOCKS", "Sock Puppet Society", "pumpfun", ["x", "telegram"]],
    ["ORBIT", "Orbit Orca", "moonshot", ["website"]],
  ],
};

/** Each column's stage of a launch: how old, how far along the bonding curve, how big. */
type Stage = {
  age: [number, number];
  bonding: [number, number];
  marketCap: [number, number];
  holders: [number, number];
  volumeShare: [number, number];
};

const stages: Record<ColumnId, Stage> = {
  new: { age: [1, 45], bonding: [2, 45], marketCap: [4_000, 28_000], holders: [5, 180], volumeShare: [0.2, 1.5] },
  graduating: {
    age: [20, 300],
    bonding: [70, 99],
    marketCap: [45_000, 69_000],
    holders: [150, 900],
    volumeShare: [0.5, 3],
  },
  graduated: {
    age: [300, 20_160],
    bonding: [100, 100],
    marketCap: [70_000, 4_500_000],
    holders: [800, 12_000],
    volumeShare: [0.3, 2],
  },
};

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** mulberry32: a tiny seeded generator, so the sample numbers never change between visits. */
function generator(seedText: string): () => number {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, decimals = 0) => Math.round(value * 10 ** decimals) / 10 ** decimals;

function buildToken([symbol, name, launchpad, socials]: Seed, stage: Stage): PumpToken {
  const next = generator(symbol);
  const between = ([low, high]: [number, number]) => low + (high - low) * next();
  const marketCap = round(between(stage.marketCap), -2);
  let address = "SAMPLE";
  while (address.length < 44) address += BASE58[Math.floor(next() * BASE58.length)];
  return {
    symbol,
    name,
    address,
    launchpad,
    socials,
    ageMinutes: Math.round(between(stage.age)),
    bondingCurvePercent: round(between(stage.bonding), 1),
    top10Percent: round(between([12, 68]), 1),
    devPercent: round(between([0, 14]), 1),
    sniperPercent: round(between([0, 22]), 1),
    liquidity: round(marketCap * between([0.12, 0.3]), -2),
    stats: {
      volume: round(marketCap * between(stage.volumeShare), -2),
      marketCap,
      holders: Math.round(between(stage.holders)),
      likes: Math.round(between([0, 400])),
      comments: Math.round(between([0, 120])),
      shares: Math.round(between([0, 60])),
      views: Math.round(between([50, 9_000])),
    },
  };
}

/** The board: new creations youngest first, the others furthest along first. */
export const sampleBoard: Record<ColumnId, readonly PumpToken[]> = {
  new: seeds.new.map((seed) => buildToken(seed, stages.new)).sort((a, b) => a.ageMinutes - b.ageMinutes),
  graduating: seeds.graduating
    .map((seed) => buildToken(seed, stages.graduating))
    .sort((a, b) => b.bondingCurvePercent - a.bondingCurvePercent),
  graduated: seeds.graduated
    .map((seed) => buildToken(seed, stages.graduated))
    .sort((a, b) => b.stats.marketCap - a.stats.marketCap),
};
