/**
 * A row of buttons of which one is on (aria-pressed), for a list's order or filter; the
 * legend names the group for screen readers. Choosing the one already on does nothing.
 */
export function ToggleGroup<T extends string>({
  legend,
  values,
  labels,
  value,
  onChoose,
}: {
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChoose: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap overflow-hidden rounded-md border border-line">
      <legend className="sr-only">{legend}</legend>
      {values.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => {
            if (option !== value) onChoose(option);
          }}
          className={`px-3 py-1.5 text-sm ${
            value === option ? "bg-gem/15 font-medium text-gem" : "text-zinc-300 hover:bg-zinc-800"
          }`}
        >
          {labels[option]}
        </button>
      ))}
    </fieldset>
  );
}
