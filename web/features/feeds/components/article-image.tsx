import { useState } from "react";
import { showsImage } from "../article-rules.ts";

/** An article's picture, or nothing at all when it is missing or fails to load. */
export function ArticleImage({ src, className }: { src: string | null; className: string }) {
  const [failed, setFailed] = useState(false);
  if (!showsImage(src, failed)) return null;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={className}
    />
  );
}
