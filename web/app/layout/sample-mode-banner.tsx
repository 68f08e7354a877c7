import { FlaskConical } from "lucide-react";
import { useSiteConfig } from "../../lib/site-config.ts";

/** A thin line over every page while the server runs on the bundled samples (SAMPLE_MODE). */
export function SampleModeBanner() {
  const site = useSiteConfig();
  if (!site.data?.sampleMode) return null;
  return (
    <p
      role="note"
      className="flex items-center justify-center gap-2 border-b border-amber-800/60 bg-amber-950/70 px-4 py-1 text-center text-xs text-amber-100"
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      <span>Sample mode — sample feeds, prices and trends</span>
    </p>
  );
}
