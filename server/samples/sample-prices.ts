/** CoinGecko coin ids with a sample USD price and circulating supply (for market caps). */
const coins: Record<string, { usd: number; supply: number }> = {
  bitcoin: { usd: 104_250, supply: 19.8e6 },
  ethereum: { usd: 3_890, supply: 120.7e6 },
  tether: { usd: 1, supply: 150e9 },
  binancecoin: { usd: 712, supply: 145e6 },
  ripple: { usd: 2.31, supply: 58e9 },
  solana: { usd: 242, supply: 480e6 },
  dogecoin: { usd: 0.41, supply: 147e9 },
  "usd-coin": { usd: 1, supply: 60e9 },
  cardano: { usd: 1.04, supply: 35.5e9 },
  "avalanche-2": { usd: 48.2, supply: 410e6 },
  tron: { usd: 0.26, supply: 86e9 },
  chainlink: { usd: 24.6, supply: 630e6 },
  polkadot: { usd: 8.9, supply: 1.5e9 },
  "the-open-network": { usd: 5.6, supply: 2.5e9 },
  "shiba-inu": { usd: 0.000027, supply: 589e12 },
  litecoin: { usd: 118, supply: 75e6 },
  "bitcoin-cash": { usd: 520, supply: 19.8e6 },
  near: { usd: 6.8, supply: 1.2e9 },
  uniswap: { usd: 15.4, supply: 600e6 },
  stellar: { usd: 0.45, supply: 30e9 },
  aptos: { usd: 11.2, supply: 560e6 },
  sui: { usd: 4.6, supply: 3e9 },
  pepe: { usd: 0.000021, supply: 420e12 },
};

const stablecoins = new Set(["tether", "usd-coin"]);

/** Wiggles of a sample price: period in minutes and relative size, from minute-to-minute jitter to weekly swings. */
const OCTAVES: ReadonlyArray<[periodMinutes: number, amplitude: number]> = [
  [1, 0.0008],
  [10, 0.003],
  [60, 0.006],
  [360, 0.012],
  [1_440, 0.02],
  [10_080, 0.04],
];

/** A repeatable number in [-1, 1] for three integers (a 32-bit mix). */
function unit(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ b ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ c ^ (h >>> 16), 0x27d4eb2f);
  h ^= h >>> 15;
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

/** Smooth noise: repeatable values on a lattice, eased in between. */
function noise(seed: number, octave: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const eased = f * f * (3 - 2 * f);
  const a = unit(seed, octave, i);
  return a + (unit(seed, octave, i + 1) - a) * eased;
}

const seedOf = (id: string) => [...id].reduce((sum, c) => Math.imul(sum, 31) + c.charCodeAt(0), 7);

/** A coin's sample price at a minute: its base moved by noise at every scale, the same in every process. */
function priceAt(id: string, minute: number): number {
  const { usd } = coins[id] as { usd: number };
  const seed = seedOf(id);
  const scale = stablecoins.has(id) ? 0.01 : 1;
  let move = 0;
  OCTAVES.forEach(([period, amplitude], octave) => {
    move += amplitude * noise(seed, octave, minute / period);
  });
  return Number((usd * (1 + scale * move)).toPrecision(6));
}

export type SamplePrice = { usd: number; usd_24h_change: number; usd_market_cap: number; usd_24h_vol: number };

/**
 * Sample prices in the shape of CoinGecko's /simple/price, for every coin the app lists
 * (unknown ids are left out, as CoinGecko does). They move every minute, a small walk
 * at every scale worked out from the clock alone (no state), so every process gives the
 * same answer in the same minute, and charts and predictions have something to show.
 */
export function samplePrices(ids: string[], now = Date.now()): Record<string, SamplePrice> {
  const minute = Math.floor(now / 60_000);
  const result: Record<string, SamplePrice> = {};
  for (const id of ids) {
    const coin = coins[id];
    if (!coin || !Object.hasOwn(coins, id)) continue;
    const usd = priceAt(id, minute);
    const dayAgo = priceAt(id, minute - 1_440);
    const marketCap = usd * coin.supply;
    const turnover = (stablecoins.has(id) ? 0.3 : 0.05) * (1 + 0.4 * noise(seedOf(id), 99, minute / 60));
    result[id] = {
      usd,
      usd_24h_change: Number((((usd - dayAgo) / dayAgo) * 100).toFixed(2)),
      usd_market_cap: Math.round(marketCap),
      usd_24h_vol: Math.round(marketCap * turnover),
    };
  }
  return result;
}

/** A coin of the sample coin list, in the shape of CoinGecko's /coins/list?include_platform=true. */
export type SampleListedCoin = { id: string; symbol: string; name: string; platforms: Record<string, string> };

/** Sample token addresses: labelled as samples, never real ones. */
const sampleAddress = (chain: string, symbol: string) => `sample-${chain}-${symbol.toLowerCase()}-address`;

/** Well-known tokens issued on Solana, so analyses in sample mode flag them (with no price: the app never asks for one). */
const sampleSolanaTokens: Array<[id: string, symbol: string, name: string]> = [
  ["bonk", "bonk", "Bonk"],
  ["dogwifcoin", "wif", "dogwifhat"],
  ["jupiter-exchange-solana", "jup", "Jupiter"],
  ["raydium", "ray", "Raydium"],
  ["pyth-network", "pyth", "Pyth Network"],
  ["jito-governance-token", "jto", "Jito"],
];

/**
 * The sample price API's coin list (CoinGecko's /coins/list?include_platform=true): the
 * coins above, with a Solana address for the stablecoins issued there, and a few Solana
 * tokens, so article analysis works offline in sample mode.
 */
export function sampleCoinList(): SampleListedCoin[] {
  const names: Record<string, [symbol: string, name: string]> = {
    bitcoin: ["btc", "Bitcoin"],
    ethereum: ["eth", "Ethereum"],
    tether: ["usdt", "Tether"],
    binancecoin: ["bnb", "BNB"],
    ripple: ["xrp", "XRP"],
    solana: ["sol", "Solana"],
    dogecoin: ["doge", "Dogecoin"],
    "usd-coin": ["usdc", "USDC"],
    cardano: ["ada", "Cardano"],
    "avalanche-2": ["avax", "Avalanche"],
    tron: ["trx", "TRON"],
    chainlink: ["link", "Chainlink"],
    polkadot: ["dot", "Polkadot"],
    "the-open-network": ["ton", "Toncoin"],
    "shiba-inu": ["shib", "Shiba Inu"],
    litecoin: ["ltc", "Litecoin"],
    "bitcoin-cash": ["bch", "Bitcoin Cash"],
    near: ["near", "NEAR Protocol"],
    uniswap: ["uni", "Uniswap"],
    stellar: ["xlm", "Stellar"],
    aptos: ["apt", "Aptos"],
    sui: ["sui", "Sui"],
    pepe: ["pepe", "Pepe"],
  };
  const listed = Object.keys(coins).map((id) => {
    const [symbol, name] = names[id] ?? [id, id];
    const platforms: Record<string, string> = {};
    if (stablecoins.has(id)) {
      platforms.ethereum = sampleAddress("ethereum", symbol);
      platforms.solana = sampleAddress("solana", symbol);
    }
    return { id, symbol, name, platforms };
  });
  const solana = sampleSolanaTokens.map(([id, symbol, name]) => ({
    id,
    symbol,
    name,
    platforms: { solana: sampleAddress("solana", symbol) },
  }));
  return [...listed, ...solana];
}
