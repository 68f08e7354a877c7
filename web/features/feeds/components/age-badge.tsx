import { type AgeTone, ageLabel, ageTone, formatDateTime } from "../../../lib/dates.ts";

const toneClass: Record<AgeTone, string> = {
  green: "bg-emerald-500/15 text-emerald-300 ring-emerald-500/30",
  yellow: "bg-yellow-500/15 text-yellow-300 ring-yellow-500/30",
  orange: "bg-orange-500/15 text-orange-300 ring-orange-500/30",
  red: "bg-red-500/15 text-red-300 ring-red-500/30",
};

/** How old an article is, coloured green, yellow, orange or red by the hour. */
export function AgeBadge({ date, now }: { date: string; now?: number }) {
  const tone = ageTone(date, now);
  const label = ageLabel(date, now);
  if (!label) return null;
  return (
    <time
      dateTime={date}
      title={formatDateTime(date)}
      data-tone={tone}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${toneClass[tone]}`}
    >
      {label}
    </time>
  );
}
