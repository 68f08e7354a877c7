import type { ReactNode } from "react";

/** Long-form text (legal pages, posts) with readable spacing. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4 leading-relaxed text-zinc-300 [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-zinc-50 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1 [&_a]:text-gem [&_a:hover]:underline">
      {children}
    </div>
  );
}
