import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { panel } from "../../../../contracts/gems-catalog.ts";
import { clampLeverage, stepLeverage } from "../panel-math.ts";

const { min, max, step, marks } = panel.leverage;
const stepButton =
  "rounded-md border border-line p-1.5 text-zinc-200 hover:bg-zinc-800 disabled:cursor-not-allowed disabled:opacity-50";

export const leverageText = (value: number) => `${value.toFixed(1)}x`;

/**
 * Leverage: a slider from 1.1 to 100 in steps of 0.1, +/- buttons stepping 1, both
 * clamped, and the marks 1.1x…100x as one-click choices. Arrow keys move the slider by 0.1.
 */
export function LeverageControl({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div>
      <div className="mb-1 flex items-center justify-between">
        <label htmlFor={id} className="text-sm font-medium text-zinc-200">
          Leverage
        </label>
        {/* The slider itself tells screen readers its value (aria-valuetext). */}
        <span aria-hidden className="text-sm font-semibold text-gem tabular-nums">
          {leverageText(value)}
        </span>
      </div>
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label="Decrease leverage by 1"
          className={stepButton}
          disabled={value <= min}
          onClick={() => onChange(stepLeverage(value, -1))}
        >
          <Minus className="size-3.5" aria-hidden />
        </button>
        <input
          id={id}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          aria-valuetext={leverageText(value)}
          onChange={(event) => onChange(clampLeverage(Number(event.target.value)))}
          className="min-w-0 flex-1 accent-gem"
        />
        <button
          type="button"
          aria-label="Increase leverage by 1"
          className={stepButton}
          disabled={value >= max}
          onClick={() => onChange(stepLeverage(value, 1))}
        >
          <Plus className="size-3.5" aria-hidden />
        </button>
      </div>
      <div className="mt-1 flex justify-between gap-1">
        {marks.map((mark) => (
          <button
            key={mark}
            type="button"
            aria-label={`Set leverage to ${mark}x`}
            aria-pressed={value === mark}
            onClick={() => onChange(mark)}
            className="rounded px-1 text-xs text-muted hover:text-zinc-100 aria-pressed:text-gem"
          >
            {mark}x
          </button>
        ))}
      </div>
    </div>
  );
}
