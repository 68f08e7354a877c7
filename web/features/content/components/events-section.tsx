import { CalendarDays, MapPin } from "lucide-react";
import { useId } from "react";
import type { Event } from "../../../../contracts/content.ts";
import { formatDate } from "../../../lib/dates.ts";
import { useEvents } from "../api.ts";

/** Spec §2 Home: Notable Events, soonest first, on 360×140 cards. */
export function EventsSection() {
  const headingId = useId();
  const events = useEvents();
  const list = [...(events.data?.events ?? [])].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate));
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-zinc-50">
        Notable Events
      </h2>
      {events.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Failed to load events
        </p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <ul tabIndex={0} aria-label="Notable events" className="flex snap-x gap-4 overflow-x-auto pb-3">
          {events.isPending
            ? [0, 1, 2].map((i) => (
                <li key={i} aria-hidden className="h-[140px] w-[360px] shrink-0 animate-pulse rounded-xl bg-panel" />
              ))
            : list.map((event) => <EventCard key={event.id} event={event} />)}
        </ul>
      )}
    </section>
  );
}

function EventCard({ event }: { event: Event }) {
  const place = [event.location.city, event.location.country].filter(Boolean).join(", ");
  return (
    <li className="h-[140px] w-[360px] max-w-[85vw] shrink-0 snap-start overflow-hidden rounded-xl border border-line bg-gradient-to-br from-panel to-zinc-900 p-4">
      <a href={event.website} target="_blank" rel="noopener noreferrer" className="group flex h-full flex-col">
        <span className="line-clamp-1 font-semibold text-zinc-50 group-hover:text-gem">{event.title}</span>
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
