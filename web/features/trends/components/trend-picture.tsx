import { useState } from "react";
import { RemoteImage } from "../../../components/ui/remote-image.tsx";

/**
 * A trend's picture with its credit, or nothing at all when it has none or it fails to load.
 */
export function TrendPicture({ src, source }: { src: string | null; source: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return (
    <figure className="w-20 shrink-0 sm:w-24">
      <RemoteImage
        src={src}
        onError={() => setFailed(true)}
        className="aspect-square w-full rounded-lg border border-line object-cover"
      />
      {source ? (
        <figcaption className="mt-1 truncate text-[11px] text-muted" title={`Picture: ${source}`}>
          {source}
        </figcaption>
      ) : null}
    </figure>
  );
}
