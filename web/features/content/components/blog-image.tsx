import { Newspaper } from "lucide-react";
import { useState } from "react";
import { RemoteImage } from "../../../components/ui/remote-image.tsx";

/**
 * A post's picture. When it is missing or fails to load, a card keeps its shape with a
 * plain panel (`fallback`), and a post page shows nothing.
 */
export function BlogImage({ src, className, fallback }: { src: string | null; className: string; fallback?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return fallback ? (
      <div
        aria-hidden
        data-testid="image-fallback"
        className={`${className} grid place-items-center bg-gradient-to-br from-zinc-800 to-panel`}
      >
        <Newspaper className="size-8 text-zinc-600" />
      </div>
    ) : null;
  }
  return <RemoteImage src={src} onError={() => setFailed(src)} className={`${className} object-cover`} />;
}
