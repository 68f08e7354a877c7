import type { Analytics } from "../../../../contracts/content.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A stored day (YYYY-MM-DD, UTC) as 'MMM d, yyyy', read as written: no time zone can shift it. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}, ${year}`;
}

const BAR = 10;
const HEIGHT = 100;

/**
 * Views per day as bars, oldest on the left. The drawing is for the eye only; screen
 * readers get the same figures as a table.
 */
export function DailyViewsChart({ days }: { days: Analytics["days"] }) {
  const most = Math.max(1, ...days.map((entry) => entry.views));
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${days.length * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        aria-hidden="true"
        focusable="false"
        data-testid="daily-views-chart"
      >
        {days.map((entry, i) => {
          // A day with views always shows, however small next to the busiest.
          const height = entry.views === 0 ? 0 : Math.max(2, (entry.views / most) * HEIGHT);
          return (
            <g key={entry.day}>
              <rect x={i * BAR + 1} y={0} width={BAR - 2} height={HEIGHT} className="fill-zinc-800/40" />
              <rect x={i * BAR + 1} y={HEIGHT - height} width={BAR - 2} height={height} className="fill-gem">
                <title>{`${formatDay(entry.day)}: ${entry.views}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
      {first && last ? (
        <div className="flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      ) : null}
      <table className="sr-only">
        <caption>Page views per day (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {days.map((entry) => (
            <tr key={entry.day}>
              <th scope="row">{formatDay(entry.day)}</th>
              <td>{entry.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
