/** Date display rules ('MMM d, yyyy' or 'MMM d, yyyy h:mm a') and article ages. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function valid(date: Date | string | number): Date | null {
  const parsed = date instanceof Date ? date : new Date(date);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** 'MMM d, yyyy' in the reader's time zone, e.g. "Nov 22, 2026"; "" for an unreadable date. */
export function formatDate(date: Date | string | number): string {
  const d = valid(date);
  return d ? `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}` : "";
}

/** 'MMM d, yyyy h:mm a', e.g. "Nov 22, 2026 3:05 PM". */
export function formatDateTime(date: Date | string | number): string {
  const d = valid(date);
  return d ? `${formatDate(d)} ${formatTime(d)}` : "";
}

/** 'h:mm a' in the reader's time zone, e.g. "5:29 PM". */
function formatTime(d: Date): string {
  const hours = d.getHours();
  return `${hours % 12 || 12}:${String(d.getMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * An article's age abbreviated as the age badge shows it: s, m, h, d, w, mo, y.
 * A date in the future (a publisher's clock ahead of ours) counts as just now.
 */
export function ageLabel(date: Date | string | number, now = Date.now()): string {
  const d = valid(date);
  if (!d) return "";
  const age = Math.max(0, now - d.getTime());
  if (age < MINUTE) return `${Math.floor(age / SECOND)}s`;
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h`;
  const days = Math.floor(age / DAY);
  if (days < 7) return `${days}d`;
  if (days < 30) return `${Math.floor(days / 7)}w`;
  if (days < 365) return `${Math.floor(days / 30)}mo`;
  return `${Math.floor(days / 365)}y`;
}

export type AgeTone = "green" | "yellow" | "orange" | "red";

/** An age badge's colour: green up to 6 hours, yellow up to 12, orange up to 18, red above. */
export function ageTone(date: Date | string | number, now = Date.now()): AgeTone {
  const d = valid(date);
  const hours = d ? Math.max(0, now - d.getTime()) / HOUR : Number.POSITIVE_INFINITY;
  if (hours <= 6) return "green";
  if (hours <= 12) return "yellow";
  if (hours <= 18) return "orange";
  return "red";
}

/** "5m ago", "3h ago", …; 'recently' when the date cannot be read. */
export function relativeTime(date: Date | string | number, now = Date.now()): string {
  const label = ageLabel(date, now);
  if (!label) return "recently";
  return label === "0s" ? "just now" : `${label} ago`;
}

/** The clock time alone when it is today, else the date with it ('MMM d, yyyy h:mm a'). */
function clock(time: number, now: number): string {
  return formatDate(time) === formatDate(now) ? formatTime(new Date(time)) : formatDateTime(time);
}

/** "in 4 min (3:05 PM)", or "any moment now" once it is due. */
export function nextTryLabel(nextAttempt: string | null, now = Date.now()): string {
  if (!nextAttempt) return "as soon as the server starts fetching";
  const at = Date.parse(nextAttempt);
  const wait = at - now;
  if (wait <= 30_000) return "any moment now";
  const minutes = Math.round(wait / MINUTE);
  const span = minutes < 60 ? `${Math.max(1, minutes)} min` : `${Math.round((minutes / 60) * 10) / 10} h`;
  return `in ${span} (${clock(at, now)})`;
}

/** "5m ago (3:00 PM)", or "never". */
export function pastLabel(time: string | null, now = Date.now()): string {
  return time ? `${relativeTime(time, now)} (${clock(Date.parse(time), now)})` : "never";
}
