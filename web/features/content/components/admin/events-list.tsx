import { useRef, useState } from "react";
import { Link } from "react-router";
import { EVENTS_FAILED, NO_EVENTS } from "../../../../../contracts/content-catalog.ts";
import { toast } from "../../../../components/ui/toast/toast-store.ts";
import { formatDateTime } from "../../../../lib/dates.ts";
import { paths } from "../../../../paths.ts";
import { type Event, useAdminEvents, useDeleteEvent } from "../../admin-api.ts";
import { AdminList, editLinkClass, RowActions } from "./admin-list.tsx";
import { ConfirmDelete } from "./confirm-delete.tsx";

/** The admin's 'Events List': search, edit (`?edit={id}`) and delete the stored events. */
export function EventsList({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const query = useAdminEvents(q);
  const events = query.data?.pages.flatMap((page) => page.events) ?? [];
  const remove = useDeleteEvent();
  const [deleting, setDeleting] = useState<Event | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const close = () => {
    setDeleting(null);
    remove.reset();
  };
  return (
    <>
      <AdminList
        label="Events"
        search="Search events"
        q={q}
        onSearch={onSearch}
        query={query}
        count={events.length}
        empty={NO_EVENTS}
        searchRef={search}
        failed={EVENTS_FAILED}
      >
        {events.map((event) => (
          <li key={event.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0 space-y-1">
              <h3 className="font-semibold text-zinc-50">{event.title}</h3>
              <p className="text-sm text-zinc-400">
                {formatDateTime(event.startDate)} – {formatDateTime(event.endDate)}
                {" · "}
                {[event.location.city, event.location.country].filter(Boolean).join(", ")}
              </p>
              <a
                href={event.website}
                target="_blank"
                rel="noopener noreferrer"
                className="block truncate text-sm text-gem underline hover:text-white"
              >
                {event.website}
              </a>
            </div>
            <RowActions
              name={event.title}
              onDelete={() => setDeleting(event)}
              edit={
                <Link to={paths.adminEditEvent(event.id)} aria-label={`Edit ${event.title}`} className={editLinkClass}>
                  Edit
                </Link>
              }
            />
          </li>
        ))}
      </AdminList>
      {deleting ? (
        <ConfirmDelete
          what="event"
          name={deleting.title}
          busy={remove.isPending}
          error={remove.error?.message}
          onClose={close}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast({ title: "Event deleted", description: deleting.title });
                close();
                // The row and its button go: focus waits in the search box (once the dialog has let go).
                requestAnimationFrame(() => search.current?.focus());
              },
            })
          }
        />
      ) : null}
    </>
  );
}
