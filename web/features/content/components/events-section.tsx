import { CalendarDays, MapPin } from "lucide-react";
import { useId } from "react";
import type { Event } from "../../../../contracts/content.ts";
import { EVENTS_FAILED } from "../../../../contracts/content-catalog.ts";
import { sampleEvents } from "../../../../contracts/sample-events.ts";
import { RefreshFailed } from "../../../components/ui/list-states.tsx";
import { formatDate } from "../../../lib/dates.ts";
import { useEvents } from "../api.ts";

/** When the events cannot be loaded, the built-in samples stand in. */
const fallbackEvents = [...sampleEvents];

/**
 * The dashboard's Notable Events, soonest first (those not yet ended before past ones), on
 * 360×140 cards. Sample events (the server's stand-ins, or ours when loading fails) are
 * labelled as samples.
 */
export function EventsSection() {
  const headingId = useId();
  const events = useEvents();
  const failed = events.isError && !events.data;
  const sample = failed || events.data?.sample === true;
  const shown = failed ? fallbackEvents : (events.data?.events ?? []);
  // Stored events come in the server's order: not yet ended, soonest first, then past ones.
  const list = sample ? [...shown].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate)) : shown;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-zinc-50">
          Notable Events
        </h2>
        {sample && list.length > 0 ? <SampleBadge>Sample events</SampleBadge> : null}
      </div>
      {failed ? (
        <RefreshFailed
          message={`${EVENTS_FAILED}. These are sample events, not real listings.`}
          onRetry={() => void events.refetch()}
        />
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <ul tabIndex={0} aria-label="Notable events" className="flex snap-x gap-4 overflow-x-auto pb-3">
        {events.isPending
          ? [0, 1, 2].map((i) => (
              <li key={i} aria-hidden className="h-[140px] w-[360px] shrink-0 animate-pulse rounded-xl bg-panel" />
            ))
          : list.map((event) => <EventCard key={event.id} event={event} sample={sample} />)}
      </ul>
    </section>
  );
}

function SampleBadge({ children }: { children: string }) {
  return (
    <span className="rounded-full border border-amber-700/70 bg-amber-950/40 px-2 py-0.5 text-xs font-medium text-amber-200">
      {children}
    </span>
  );
}

function EventCard({ event, sample }: { event: Event; sample: boolean }) {
  const place = [event.location.city, event.location.country].filter(Boolean).join(", ");
  return (
    <li
      data-sample={sample || undefined}
      className="h-[140px] w-[360px] max-w-[85vw] shrink-0 snap-start overflow-hidden rounded-xl border border-line bg-gradient-to-br from-panel to-zinc-900 p-4"
    >
      <a href={event.website} target="_blank" rel="noopener noreferrer" className="group flex h-full flex-col">
        <span className="flex items-start justify-between gap-2">
          <span className="line-clamp-1 font-semibold text-zinc-50 group-hover:text-gem">{event.title}</span>
          {sample ? <SampleBadge>Sample</SampleBadge> : null}
        </span>
        <span className="mt-1 line-clamp-2 text-sm text-muted">{event.description}</span>
        {/* Dates, then place, each on its own line on every card, however long either is. */}
        <span className="mt-auto flex flex-col gap-0.5 text-xs text-zinc-400">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden />
            {formatDate(event.startDate)} – {formatDate(event.endDate)}
          </span>
          {place ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden />
              {place}
            </span>
          ) : null}
        </span>
      </a>
    </li>
  );
}
