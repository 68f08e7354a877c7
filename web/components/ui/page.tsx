import { type ReactNode, useEffect, useId } from "react";

/** A page's frame: sets the document title and gives the page one labelled heading. */
export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const headingId = useId();
  useEffect(() => {
    document.title = `${title} · Gemwire`;
  }, [title]);
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-6xl">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id={headingId} className="text-2xl font-bold tracking-tight text-zinc-50 sm:text-3xl">
            {title}
          </h1>
          {description ? <p className="mt-2 max-w-2xl text-muted">{description}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
