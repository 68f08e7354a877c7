/**
 * A picture from another site: decorative (no alt text), loaded lazily, and fetched without
 * telling that site which Gemwire page asked (no Referer). `onError` lets the caller hide it.
 */
export function RemoteImage({ src, className, onError }: { src: string; className: string; onError: () => void }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={onError}
      className={className}
    />
  );
}
