import { ExternalLink } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { Trend } from "../../../../contracts/trends.ts";
import { tokenNamedIn } from "../../../../contracts/trends-catalog.ts";
import { formatDateTime, relativeTime } from "../../../lib/dates.ts";
import { httpLink } from "../../../lib/links.ts";
import { paths } from "../../../paths.ts";
import { countryNames } from "../trend-display.ts";
import { TrendPicture } from "./trend-picture.tsx";

/** '200K+' shown as '200K+ searches'; a source's own wording is kept. */
function trafficLabel(traffic: string): string {
  return /searches$/i.test(traffic) ? traffic : `${traffic} searches`;
}

/**
 * One trend: picture, title, traffic, country, when, and its news links (new tab). A title
 * naming a built-in token links to that token's page. Every text is the server's plain
 * text, rendered as text.
 */
export function TrendItem({ trend }: { trend: Trend }) {
  const titleId = useId();
  const token = tokenNamedIn(trend.title);
  const news = trend.newsItems.flatMap((item) => {
    const href = httpLink(item.url);
    return href ? [{ ...item, href }] : [];
  });
  return (
    <article aria-labelledby={titleId} className="flex gap-4 rounded-xl border border-line bg-panel p-4">
      <TrendPicture src={trend.picture} source={trend.pictureSource} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h2 id={titleId} className="text-lg font-semibold leading-snug text-zinc-50 [overflow-wrap:anywhere]">
            {trend.title}
          </h2>
          {token ? (
            <Link
              to={paths.token(token.symbol)}
              className="rounded-full border border-gem/50 px-2 py-0.5 text-xs font-medium text-gem hover:bg-gem/10"
            >
              {token.name} ({token.symbol}) page
            </Link>
          ) : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          {trend.traffic ? <span className="font-medium text-zinc-200">{trafficLabel(trend.traffic)}</span> : null}
          {trend.traffic ? <span aria-hidden>·</span> : null}
          {/* The code, as Google names the countries; flags are not drawn on every system. */}
          <span
            title={countryNames[trend.country]}
            className="rounded border border-line px-1.5 py-px font-mono text-xs text-zinc-300"
          >
            <span aria-hidden>{trend.country}</span>
            <span className="sr-only">{countryNames[trend.country]}</span>
          </span>
          <span aria-hidden>·</span>
          <time dateTime={trend.pubDate} title={formatDateTime(trend.pubDate)}>
            {relativeTime(trend.pubDate)}
          </time>
        </p>
        {news.length > 0 ? (
          <ul aria-label={`News about ${trend.title}`} className="space-y-1 text-sm">
            {news.map((item) => (
              <li key={item.href} className="flex min-w-0 items-start gap-1.5">
                <ExternalLink className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden />
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-zinc-200 underline-offset-2 hover:text-gem hover:underline"
                  >
                    {item.title}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>{" "}
                  <span className="text-muted">— {item.source}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
