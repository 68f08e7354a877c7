import { type ReactNode, type Ref, useEffect, useId } from "react";

/**
 * A page's frame: sets the document title and gives the page one labelled heading.
 * With `headingRef` the heading can take focus (where it goes when what had it is gone).
 */
export function Page({
  title,
  description,
  actions,
  children,
  headingRef,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  useEffect(() => {
    document.title = `${title} · Gemwire`;
  }, [title]);
  return (
    <section aria-labelledby={headingId} className="mx-auto w-full max-w-6xl">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            id={headingId}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className="text-2xl font-bold tracking-tight text-zinc-50 outline-none sm:text-3xl"
          >
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
