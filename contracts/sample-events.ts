import type { Event } from "./content.ts";

/**
 * The built-in events shown while the events store is empty, and by
 * the web app when the events cannot be loaded (so they live here, free of zod: decision
 * 009). Written for Gemwire, in no particular order; dates in 2027 so they stay upcoming
 * for a while. Always labelled as samples wherever they are shown.
 */
export const sampleEvents: readonly Event[] = [
  {
    id: "sample-bitcoin-2027",
    title: "Bitcoin 2027",
    description:
      "The largest Bitcoin conference: builders, miners and investors on the network's development, adoption and policy.",
    startDate: "2027-04-27T15:00:00.000Z",
    endDate: "2027-04-30T00:00:00.000Z",
    location: { city: "Las Vegas", country: "United States" },
    website: "https://b.tc/conference",
    imageUrl: null,
  },
  {
    id: "sample-ethdenver-2027",
    title: "ETHDenver 2027",
    description:
      "A week of Ethereum building in Denver: a hackathon, workshops and talks on scaling, wallets and decentralised apps.",
    startDate: "2027-02-26T16:00:00.000Z",
    endDate: "2027-03-07T01:00:00.000Z",
    location: { city: "Denver", country: "United States" },
    website: "https://ethdenver.com",
    imageUrl: null,
  },
  {
    id: "sample-breakpoint-2027",
    title: "Solana Breakpoint 2027",
    description:
      "Solana's yearly gathering of developers and founders: protocol updates, payments, DeFi and consumer apps on Solana.",
    startDate: "2027-11-11T08:00:00.000Z",
    endDate: "2027-11-13T17:00:00.000Z",
    location: { city: "Lisbon", country: "Portugal" },
    website: "https://solana.com/breakpoint",
    imageUrl: null,
  },
];
