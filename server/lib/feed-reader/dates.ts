/**
 * Feed dates: W3C/ISO 8601 (Atom, RSS 1.0's dc:date, JSON Feed) and RFC 822 (RSS 2.0),
 * including what publishers actually write: two-digit years, missing seconds or zones,
 * zone names, 12-hour clocks, asctime order, and day and month names in English, German, French,
 * Spanish, Portuguese, Italian and Dutch ("Seg, 24 Set 2018 19:42:40 -0300"). Anything
 * else is no date: the item is then shown as undated, never given a made-up time.
 */

const ISO =
  /^(\d{4})(?:-?(\d{2})(?:-?(\d{2})(?:[T\s]+(\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Month names and abbreviations, accents removed, lower case → month number. */
const MONTHS = new Map<string, number>();
const monthNames: Array<[number, string]> = [
  [1, "jan january januar janvier janv ene enero janeiro gen gennaio januari jänner janner"],
  [2, "feb february februar fevrier fevr fev fevereiro febrero febbraio februari"],
  [3, "mar march marz maer mars marzo marco mrt maart"],
  [4, "apr april avr avril abr abril aprile"],
  [5, "may mai mayo maio mag maggio mei"],
  [6, "jun june juni juin junio junho giu giugno"],
  [7, "jul july juli juil juillet julio julho lug luglio"],
  [8, "aug august aout ago agosto augustus"],
  [9, "sep sept september septembre septiembre set setembro settembre"],
  [10, "oct october okt oktober octobre octubre out outubro ott ottobre"],
  [11, "nov november novembre noviembre novembro"],
  [12, "dec december dez dezember decembre dic diciembre dezembro dicembre"],
];
for (const [month, names] of monthNames) for (const name of names.split(" ")) MONTHS.set(name, month);

/** Zone names feeds use, in minutes east of UTC. */
const ZONES: Record<string, number> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  wet: 0,
  bst: 60,
  cet: 60,
  mez: 60,
  cest: 120,
  mesz: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  ist: 330,
  jst: 540,
  kst: 540,
  aest: 600,
  aedt: 660,
};

const withoutAccents = (word: string) => word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

function utc(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
  offset = 0,
): number | undefined {
  if (month < 1 || month > 12 || day < 1 || hour > 24 || minute > 59 || second > 60) return undefined;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return undefined;
  const time = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), millisecond);
  return time - offset * 60_000;
}

/** A numeric zone (`+0100`, `-03:00`, `+01`) in minutes east of UTC. */
function numericZone(zone: string): number {
  const sign = zone[0] === "-" ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0"));
}

function isoDate(text: string): number | undefined {
  const match = ISO.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  let offset = 0;
  if (zone && /^[+-]/.test(zone)) offset = numericZone(zone);
  return utc(
    Number(year),
    Number(month ?? 1),
    Number(day ?? 1),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0,
    offset,
  );
}

/** RFC 822 as most feeds write it ("Sun, 22 Nov 2026 10:00:00 GMT"), read without splitting it up. */
const RFC_822 =
  /^(?:[A-Z][a-z]{2}, )?(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) (GMT|UTC|UT|Z|[+-]\d{4})$/;

function commonDate(text: string): number | undefined {
  const match = RFC_822.exec(text);
  if (!match) return undefined;
  const month = MONTHS.get((match[2] as string).toLowerCase());
  if (month === undefined) return undefined;
  const [, day, , year, hour, minute, second, zone] = match;
  const offset = /^[+-]/.test(zone as string) ? numericZone(zone as string) : 0;
  return utc(Number(year), month, Number(day), Number(hour), Number(minute), Number(second), 0, offset);
}

/** RFC 822 and its relatives, read token by token whatever their order and language. */
function writtenDate(text: string): number | undefined {
  const tokens = text
    // RFC 822 comments, and what Date.toString() adds: "(Central European Standard Time)".
    .replace(/\([^()]*\)/g, " ")
    // "GMT+0100": the offset is the zone.
    .replace(/\b(?:GMT|UTC|UT)(?=[+-]\d)/gi, " ")
    .replace(/([+-]\d{2}:?\d{2})\b/g, " $1 ")
    .split(/[\s,]+/)
    .filter(Boolean);
  let day: number | undefined;
  let month: number | undefined;
  let year: number | undefined;
  let time: number[] | undefined;
  let offset: number | undefined;
  for (const token of tokens) {
    const timeMatch = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?$/.exec(token);
    if (timeMatch && time === undefined) {
      time = [Number(timeMatch[1]), Number(timeMatch[2]), Number(timeMatch[3] ?? 0)];
      continue;
    }
    if (/^[+-]\d{2}:?\d{2}$/.test(token) && time !== undefined && offset === undefined) {
      offset = numericZone(token);
      continue;
    }
    const number = /^(\d{1,4})(?:\.|st|nd|rd|th|º)?$/i.exec(token);
    if (number) {
      const value = Number(number[1]);
      const digits = (number[1] as string).length;
      if (digits === 4 && year === undefined) year = value;
      else if (digits <= 2 && day === undefined && (month === undefined || year === undefined)) day = value;
      else if (digits <= 2 && year === undefined) year = value < 50 ? 2000 + value : 1900 + value;
      else return undefined;
      continue;
    }
    const word = withoutAccents(token.toLowerCase()).replace(/\.$/, "");
    if (month === undefined && MONTHS.has(word)) {
      month = MONTHS.get(word);
      continue;
    }
    if (time !== undefined && (word === "am" || word === "pm")) {
      const [hour = 0] = time;
      if (hour < 1 || hour > 12) return undefined;
      time[0] = (hour % 12) + (word === "pm" ? 12 : 0);
      continue;
    }
    if (time !== undefined && offset === undefined) {
      const zone = ZONES[word];
      if (zone !== undefined) {
        offset = zone;
        continue;
      }
      // A military zone letter: no one agrees on their signs, so only Z (UTC) is read.
      if (/^[a-y]$/.test(word)) continue;
    }
    // Day names ("Mon", "Montag", "Seg"), "de", "le" and the like carry nothing needed.
    if (!/^[\p{L}.-]+$/u.test(token)) return undefined;
  }
  if (day === undefined || month === undefined || year === undefined) return undefined;
  const [hour, minute, second] = time ?? [0, 0, 0];
  return utc(year, month, day, hour, minute, second, 0, offset ?? 0);
}

/** The time a feed's date stands for, in epoch milliseconds, or undefined when it is none. */
export function parseFeedDate(raw: string | undefined): number | undefined {
  const text = raw?.trim();
  if (!text || text.length > 100) return undefined;
  return commonDate(text) ?? isoDate(text) ?? writtenDate(text);
}
