/**
 * Generated crypto headline sets for the stories benchmark and tests: stories told by
 * several outlets (small edits, reworded copies) among unrelated headlines. A headline
 * is one or two phrases in the shapes outlets use ("{who} {does} {what}", "{what} for
 * {who}", …) joined the way headlines join them (", ", " as ", ": ", …), filled from
 * wide lists — coins, firms, regulators, people, places, hundreds of project names,
 * figures — with the big names drawn most often. Unrelated headlines then share words
 * the way real ones do without being copies of one another. Seeded: every run sees the
 * same titles.
 */

import {
  adjectives,
  coins,
  connectors,
  countries,
  firms,
  firstNames,
  lastNames,
  nouns,
  regulators,
  synonyms,
  verbs,
} from "./headline-words.ts";

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** Zipf-like: the item of rank r is drawn with weight 1/(r+1), as a few names dominate the news. */
function pickRanked<T>(random: Random, list: readonly T[]): T {
  const harmonic = Math.log(list.length) + 0.5772;
  const rank = Math.min(list.length - 1, Math.floor(Math.exp(random() * harmonic)) - 1);
  return list[Math.max(0, rank)] as T;
}

/** Project names the news mentions now and then: made of syllables, many of them. */
function projectNames(random: Random, count: number): string[] {
  const heads = [
    "Zen",
    "Kai",
    "Mo",
    "Ly",
    "Ar",
    "Ve",
    "No",
    "Sy",
    "Qu",
    "Ze",
    "Ori",
    "Ba",
    "Ta",
    "Fi",
    "Hy",
    "Lu",
    "Ne",
    "Pi",
  ];
  const middles = ["", "", "ra", "li", "no", "ve", "xa", "to", "mi", "ri"];
  const tails = ["x", "n", "s", "ra", "ta", "fi", "on", "ia", "um", "io", "ka", "o"];
  const suffixes = ["", "", "", " Labs", " Finance", " Protocol", " Network", " Chain", " DAO", " Swap"];
  const names = new Set<string>();
  while (names.size < count) {
    names.add(`${pick(random, heads)}${pick(random, middles)}${pick(random, tails)}${pick(random, suffixes)}`);
  }
  return [...names];
}

function amount(random: Random): string {
  const scale = pick(random, ["", "K", "M", " million", " billion"]);
  const value =
    scale === "" ? Math.floor(random() * 90 + 10) / (random() < 0.5 ? 100 : 1) : Math.floor(random() * 900) + 5;
  return `$${value}${scale}`;
}
const percent = (random: Random) => `${Math.floor(random() * 40) + 2}%`;
const person = (random: Random) => `${pickRanked(random, firstNames)} ${pickRanked(random, lastNames)}`;

/** Someone or something the news is about: mostly the big names, often one of many smaller ones. */
function entity(random: Random, projects: readonly string[]): string {
  const kind = random();
  if (kind < 0.3) return pickRanked(random, coins)[random() < 0.7 ? 0 : 1];
  if (kind < 0.5) return pickRanked(random, firms);
  if (kind < 0.6) return pickRanked(random, regulators);
  if (kind < 0.7) return pick(random, countries);
  if (kind < 0.8) return person(random);
  return pick(random, projects);
}

/** One phrase of a headline, in one of the shapes outlets use. */
function phrase(random: Random, projects: readonly string[]): string {
  const shape = random();
  const subject = entity(random, projects);
  if (shape < 0.3) return `${subject} ${pick(random, verbs)} ${pick(random, adjectives)} ${pick(random, nouns)}`;
  if (shape < 0.5) return `${subject} ${pick(random, verbs)} ${amount(random)} ${pick(random, nouns)}`;
  if (shape < 0.7) return `${subject} ${pick(random, verbs)} ${entity(random, projects)} ${pick(random, nouns)}`;
  if (shape < 0.85) return `${subject} ${pick(random, nouns)} ${pick(random, verbs)} ${percent(random)}`;
  return `${pick(random, adjectives)} ${pick(random, nouns)} ${pick(random, ["for", "at", "on", "in", "from"])} ${subject}`;
}

/** A headline: one phrase, often two joined the way headlines join them. */
function headline(random: Random, projects: readonly string[]): string {
  const first = phrase(random, projects);
  const text = random() < 0.75 ? `${first}${pick(random, connectors)}${phrase(random, projects).toLowerCase()}` : first;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A small edit: a typo, a changed figure, a word added or dropped, a different case. */
function edited(random: Random, title: string): string {
  const kind = random();
  if (kind < 0.25) {
    const at = Math.floor(random() * (title.length - 1));
    return title.slice(0, at) + title.slice(at + 1);
  }
  if (kind < 0.45) return title.replace(/\d+/, (n) => String(Number(n) + 1 + Math.floor(random() * 3)));
  if (kind < 0.6) return title.replace(/\b\w+ ?$/, "").trim();
  if (kind < 0.75) return title.replace(/(^\w|\s\w)/g, (letter) => letter.toUpperCase());
  if (kind < 0.9) return `${title}${pick(random, [" - report", " — sources", ": what it means", " (updated)"])}`;
  return title.replace(/ as /, " as new ").replace(/ to /, " to the ");
}

/** A reworded copy: synonyms swapped in, a ticker for a name, a prefix or suffix an outlet adds. */
function reworded(random: Random, title: string): string {
  let text = title;
  for (const [name, ticker] of coins) {
    if (text.includes(name) && random() < 0.3) text = text.replace(name, ticker);
  }
  let words = text.split(" ").map((word) => {
    const options = synonyms[word.toLowerCase()];
    return options && random() < 0.7 ? pick(random, options) : word;
  });
  if (random() < 0.35) words = [pick(random, ["Breaking:", "Update:", "Markets:", "Watch:", "Exclusive:"]), ...words];
  if (random() < 0.2) words.push(pick(random, ["(video)", "| Opinion", "— analysis", "- live updates"]));
  return words.join(" ");
}

/** `count` titles: about half in stories of 2–6 versions, the rest unrelated. */
export function generateHeadlines(count: number, seed = 42): string[] {
  const random = seededRandom(seed);
  const projects = projectNames(random, 800);
  const titles: string[] = [];
  while (titles.length < count) {
    const base = headline(random, projects);
    titles.push(base);
    if (random() < 0.5) continue;
    const versions = 2 + Math.floor(random() * 5);
    for (let v = 1; v < versions && titles.length < count; v++) {
      const previous = pick(random, titles.slice(-v));
      titles.push(random() < 0.55 ? edited(random, previous) : reworded(random, previous));
    }
  }
  // Shuffled, so stories are not neighbours.
  for (let i = titles.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [titles[i], titles[j]] = [titles[j] as string, titles[i] as string];
  }
  return titles;
}
