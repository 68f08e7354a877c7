import { changeTone, describeChange, formatChange } from "../format.ts";

/**
 * A 24-hour change: signed and coloured on screen ("+1.23%" green, "−0.45%" red), said in
 * words to screen readers ("up 1.23%"), so colour never carries it alone.
 */
export function PriceChange({ change, className = "" }: { change: number | null | undefined; className?: string }) {
  return (
    <span className={`font-mono tabular-nums ${changeTone(change)} ${className}`}>
      <span aria-hidden>{formatChange(change)}</span>
      <span className="sr-only">{describeChange(change)}</span>
    </span>
  );
}
