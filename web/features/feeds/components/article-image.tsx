import { useState } from "react";
import { RemoteImage } from "../../../components/ui/remote-image.tsx";
import { showsImage } from "../../../lib/article-rules.ts";

/** An article's picture, or nothing at all when it is missing or fails to load. */
export function ArticleImage({ src, className }: { src: string | null; className: string }) {
  const [failed, setFailed] = useState(false);
  if (!showsImage(src, failed)) return null;
  return <RemoteImage src={src} onError={() => setFailed(true)} className={className} />;
}
