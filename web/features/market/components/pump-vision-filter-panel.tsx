import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { type Launchpad, launchpadLabels, launchpads } from "../pump-vision-data.ts";
import { type PumpFilters, type RangeKey, rangeFields, TOP10_LIMIT_PERCENT } from "../pump-vision-filters.ts";
import { draftOf, type FilterDraft, readDraft } from "../pump-vision-form.ts";

/** Right-hand side panel: the <dialog> keeps its focus trap and Escape, and is laid against the right edge. */
const sidePanel =
  "max-w-md mr-0 h-dvh max-h-dvh rounded-r-none rounded-l-xl border-y-0 border-r-0 sm:w-[28rem] max-sm:w-full max-sm:rounded-none";

function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="py-1.5">
      <label className="flex cursor-pointer items-center gap-3">
        {/* The real checkbox lies, transparent, over the drawn switch: it takes the clicks and the focus. */}
        <span className="relative h-5 w-9 shrink-0">
          <input
            type="checkbox"
            role="switch"
            checked={checked}
            aria-checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-describedby={hint ? hintId : undefined}
            className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
          />
          <span
            aria-hidden
            className="absolute inset-0 rounded-full bg-zinc-700 transition-colors after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-zinc-100 after:transition-transform peer-checked:bg-gem peer-checked:after:translate-x-4 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gem motion-reduce:transition-none motion-reduce:after:transition-none"
          />
        </span>
        <span className="text-sm text-zinc-100">{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="pl-12 text-xs text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const inputClass =
  "w-full rounded-md border bg-zinc-950 px-3 py-1.5 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-gem";

function RangeRow({
  field,
  value,
  error,
  onChange,
}: {
  field: (typeof rangeFields)[number];
  value: { min: string; max: string };
  error: string | undefined;
  onChange: (value: { min: string; max: string }) => void;
}) {
  const errorId = useId();
  const name = field.unit ? `${field.label} (${field.unit})` : field.label;
  const invalid = error ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <fieldset className="py-1.5">
      <legend className="mb-1 text-sm font-medium text-zinc-200">{name}</legend>
      <div className="grid grid-cols-2 gap-2">
        {(["min", "max"] as const).map((bound) => (
          <input
            key={bound}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-label={`${name} ${bound === "min" ? "minimum" : "maximum"}`}
            placeholder={bound === "min" ? "Min" : "Max"}
            value={value[bound]}
            onChange={(event) => onChange({ ...value, [bound]: event.target.value })}
            className={`${inputClass} ${error ? "border-red-700" : "border-line"}`}
            {...invalid}
          />
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * A column's Filter side panel, working: Apply filters the column, Reset clears its
 * filters. A range that cannot be applied is named beside its fields and nothing changes.
 */
export function PumpFilterPanel({
  columnTitle,
  filters,
  onApply,
  onReset,
  onClose,
}: {
  columnTitle: string;
  filters: PumpFilters;
  onApply: (filters: PumpFilters) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftOf(filters));
  const [errors, setErrors] = useState<Partial<Record<RangeKey, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  // After a refused Apply, focus goes to the first range to fix (the panel may be scrolled away from it).
  useEffect(() => {
    if (Object.keys(errors).length > 0) form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [errors]);
  const change = (next: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...next }));
  const toggleLaunchpad = (launchpad: Launchpad, on: boolean) =>
    change({ launchpads: launchpads.filter((l) => (l === launchpad ? on : draft.launchpads.includes(l))) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = readDraft(draft);
    if (result.ok) onApply(result.filters);
    else setErrors(result.errors);
  };
  const errorCount = Object.keys(errors).length;

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Filter ${columnTitle}`}
      description="Applies to this column only. Leave a field empty for no limit."
      className={sidePanel}
    >
      <form ref={form} onSubmit={submit} noValidate aria-label={`Filter ${columnTitle}`} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-zinc-200">Launchpad</legend>
          {launchpads.map((launchpad) => (
            <Toggle
              key={launchpad}
              label={`${launchpadLabels[launchpad]} tokens`}
              checked={draft.launchpads.includes(launchpad)}
              onChange={(on) => toggleLaunchpad(launchpad, on)}
            />
          ))}
          <p className="text-xs text-zinc-400">With none switched on, tokens from both launchpads show.</p>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-zinc-200">Holders and socials</legend>
          <Toggle
            label={`Top 10 holders ≤ ${TOP10_LIMIT_PERCENT}%`}
            hint={`Only tokens whose ten largest holders own at most ${TOP10_LIMIT_PERCENT}% of the supply.`}
            checked={draft.top10}
            onChange={(top10) => change({ top10 })}
          />
          <Toggle
            label="At least 1 social"
            hint="Only tokens that list an X account, a Telegram group or a website."
            checked={draft.social}
            onChange={(social) => change({ social })}
          />
        </fieldset>
        <div>
          {rangeFields.map((field) => (
            <RangeRow
              key={field.key}
              field={field}
              value={draft.ranges[field.key]}
              error={errors[field.key]}
              onChange={(value) => change({ ranges: { ...draft.ranges, [field.key]: value } })}
            />
          ))}
        </div>
        <FormError
          message={
            errorCount > 0
              ? `${errorCount === 1 ? "One range needs" : `${errorCount} ranges need`} fixing; the filters were not applied.`
              : undefined
          }
        />
        <div className="sticky bottom-0 -mx-5 -mb-5 flex justify-end gap-2 border-t border-line bg-panel px-5 py-3">
          <Button variant="secondary" onClick={onReset}>
            Reset
          </Button>
          <Button type="submit">Apply</Button>
        </div>
      </form>
    </Dialog>
  );
}
