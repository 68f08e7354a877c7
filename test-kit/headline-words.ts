/*
 * The words the generated headlines are made of (bench/headlines.ts): coins with their
 * tickers, firms, regulators, people, places, verbs, adjectives, nouns, the joins
 * between phrases, and the synonyms a reworded copy swaps in. Big names first: the
 * generator draws earlier entries more often.
 */

export const coins: ReadonlyArray<[string, string]> = [
  ["Bitcoin", "BTC"],
  ["Ethereum", "ETH"],
  ["Solana", "SOL"],
  ["XRP", "XRP"],
  ["Dogecoin", "DOGE"],
  ["Cardano", "ADA"],
  ["BNB", "BNB"],
  ["Toncoin", "TON"],
  ["Avalanche", "AVAX"],
  ["Chainlink", "LINK"],
  ["Shiba Inu", "SHIB"],
  ["Polkadot", "DOT"],
  ["Litecoin", "LTC"],
  ["Sui", "SUI"],
  ["Aptos", "APT"],
  ["Near Protocol", "NEAR"],
  ["Pepe", "PEPE"],
  ["Arbitrum", "ARB"],
  ["Uniswap", "UNI"],
  ["Hedera", "HBAR"],
  ["Stellar", "XLM"],
  ["Monero", "XMR"],
  ["Kaspa", "KAS"],
  ["Render", "RENDER"],
  ["Injective", "INJ"],
  ["Celestia", "TIA"],
  ["Bonk", "BONK"],
  ["Optimism", "OP"],
  ["Filecoin", "FIL"],
  ["Cosmos", "ATOM"],
];

export const firms = [
  "BlackRock",
  "Coinbase",
  "Binance",
  "MicroStrategy",
  "Fidelity",
  "Tether",
  "Circle",
  "Kraken",
  "Grayscale",
  "Ripple",
  "Robinhood",
  "Galaxy Digital",
  "Ark Invest",
  "VanEck",
  "Bitwise",
  "OKX",
  "Bybit",
  "Franklin Templeton",
  "JPMorgan",
  "Goldman Sachs",
  "Standard Chartered",
  "Deutsche Bank",
  "PayPal",
  "Visa",
  "Mastercard",
  "Marathon Digital",
  "Riot Platforms",
  "Metaplanet",
  "Block",
  "Gemini",
  "Crypto.com",
  "Bitstamp",
  "Bitfinex",
  "Consensys",
  "a16z",
  "Paradigm",
  "Jump Trading",
  "Wintermute",
  "Cantor Fitzgerald",
  "Citadel",
];

export const regulators = [
  "the SEC",
  "the CFTC",
  "the Fed",
  "the ECB",
  "the FCA",
  "ESMA",
  "Hong Kong's SFC",
  "Singapore's MAS",
  "Japan's FSA",
  "the Treasury",
  "the IRS",
  "the DOJ",
  "the Bank of England",
  "Brazil's central bank",
  "Korea's FSC",
  "Dubai's VARA",
];

export const firstNames = [
  "Michael",
  "Cathie",
  "Vitalik",
  "Brian",
  "Larry",
  "Paolo",
  "Anatoly",
  "Changpeng",
  "Richard",
  "Arthur",
  "Jerome",
  "Gary",
  "Hester",
  "Elizabeth",
  "Cynthia",
  "Jesse",
  "Justin",
  "Charles",
  "Brad",
  "Raoul",
  "Samson",
  "Anthony",
  "Tom",
  "Mike",
];
export const lastNames = [
  "Saylor",
  "Wood",
  "Buterin",
  "Armstrong",
  "Fink",
  "Ardoino",
  "Yakovenko",
  "Zhao",
  "Teng",
  "Hayes",
  "Powell",
  "Gensler",
  "Peirce",
  "Warren",
  "Lummis",
  "Novogratz",
  "Sun",
  "Hoskinson",
  "Garlinghouse",
  "Pal",
  "Mow",
  "Pompliano",
  "Lee",
  "Dunleavy",
];

export const countries = [
  "US",
  "EU",
  "UK",
  "Japan",
  "South Korea",
  "Brazil",
  "India",
  "Nigeria",
  "Turkey",
  "Argentina",
  "Hong Kong",
  "Singapore",
  "UAE",
  "Canada",
  "Australia",
  "Germany",
  "France",
  "Mexico",
  "El Salvador",
  "Thailand",
  "Vietnam",
  "Kenya",
  "Poland",
  "Switzerland",
];

const words = (text: string) => text.split(" ");

export const verbs = words(
  "surges slides tumbles rallies stalls rebounds slumps climbs dips soars sinks jumps steadies wobbles recovers " +
    "launches buys sells delays scraps pauses expands halts unveils backs rejects approves probes fines sues " +
    "targets courts warns questions doubles-down-on bets-on exits joins acquires lists delists freezes unfreezes " +
    "burns mints stakes unstakes bridges audits settles blocks clears tests restarts hires cuts funds drops",
).map((verb) => verb.replaceAll("-", " "));
export const adjectives = words(
  "record fresh surprise early late quiet major minor bullish bearish cautious aggressive new first final " +
    "weekly monthly quarterly global regional retail institutional offshore onshore rival secret leaked delayed " +
    "long-awaited controversial landmark tentative emergency tokenized on-chain cross-chain private public " +
    "experimental upgraded failed stalled rushed contested",
);
export const nouns = words(
  "rally sell-off breakout inflows outflows liquidations listing lawsuit settlement probe fine ban license " +
    "stablecoin ETF fund treasury reserve bridge exploit hack upgrade fork airdrop unlock burn buyback " +
    "partnership merger acquisition raise valuation audit wallet custody exchange platform app network chain " +
    "rollup validator node miner pool yield loan vault index option future perpetual spread premium discount " +
    "rate cut hike bill framework guidance warning forecast target outlook report survey filing deadline vote " +
    "hearing ruling appeal",
);
export const connectors = [", ", " as ", " after ", "; ", ": ", " while ", " — ", " amid ", " before ", " despite "];

export const synonyms: Record<string, string[]> = {
  surges: ["soars", "jumps", "spikes"],
  slips: ["dips", "slides", "falls"],
  breaks: ["smashes", "clears", "pushes"],
  falls: ["drops", "sinks", "slides"],
  plunges: ["tumbles", "crashes", "dives"],
  launches: ["rolls out", "debuts", "unveils"],
  buys: ["acquires", "adds", "purchases"],
  sells: ["dumps", "offloads", "unloads"],
  says: ["claims", "predicts", "argues"],
  approves: ["greenlights", "clears", "okays"],
  sues: ["takes on", "charges", "targets"],
  record: ["all-time high", "new peak", "fresh high"],
  raises: ["secures", "lands", "closes"],
  warns: ["cautions", "alerts"],
};
