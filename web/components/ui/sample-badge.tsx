/** Marks numbers Gemwire made up (sample data) so nobody takes them for real ones. */
export function SampleBadge({ label = "Sample data" }: { label?: string }) {
  return (
    <span className="inline-flex items-center rounded-full border border-amber-700/60 bg-amber-950/40 px-2 py-0.5 text-xs font-medium text-amber-200">
      {label}
    </span>
  );
}
