import { useId, useState } from "react";
import { type PredictionDirection, panel } from "../../../../contracts/gems-catalog.ts";
import { TextField } from "../../../components/ui/fields.tsx";
import { Button, FormError } from "../../../components/ui/form.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { primaryButton } from "../../../components/ui/styles.ts";
import { toast } from "../../../components/ui/toast/toast-store.ts";
import { useMe } from "../../../lib/session.ts";
import { useGems, usePlacePrediction } from "../api.ts";
import { formatGems } from "../format.ts";
import { readPayment, readPercentage, readTimeFrame, TIME_FRAME_CHOICES } from "../panel-math.ts";
import { LeverageControl } from "./leverage-control.tsx";
import { PanelFigures } from "./panel-figures.tsx";

const sides: Array<{ direction: PredictionDirection; label: string; hint: string }> = [
  { direction: "up", label: "Long", hint: "price goes up" },
  { direction: "down", label: "Short", hint: "price goes down" },
];

const value = <T,>(read: { value: T } | { error: string }) => ("value" in read ? read.value : null);
const problem = (read: { value: unknown } | { error: string }) => ("error" in read ? read.error : undefined);

/**
 * The prediction panel: long (up) or short (down), a payment in GEMS that is also the
 * stake, leverage, a target move and a timeframe, with the position's figures. A visitor sees
 * the same panel and is asked to sign in to place it.
 */
export function PredictionPanel({ symbol, name, price }: { symbol: string; name: string; price: number | null }) {
  const headingId = useId();
  const me = useMe();
  const member = me.data?.user ?? null;
  const gems = useGems(member !== null);
  const place = usePlacePrediction();
  const [direction, setDirection] = useState<PredictionDirection>("up");
  const [paymentText, setPaymentText] = useState(String(panel.defaultPayment));
  const [leverage, setLeverage] = useState<number>(panel.leverage.default);
  const [percentageText, setPercentageText] = useState("1");
  const [timeFrameText, setTimeFrameText] = useState<string>("5m");
  const [placed, setPlaced] = useState<number | null>(null);

  const balance = gems.data?.balance;
  const payment = readPayment(paymentText, balance);
  const percentage = readPercentage(percentageText);
  const timeFrame = readTimeFrame(timeFrameText);
  const ready = "value" in payment && "value" in percentage && "value" in timeFrame;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!("value" in payment && "value" in percentage && "value" in timeFrame)) return;
    setPlaced(null);
    place.mutate(
      { token: symbol, direction, percentage: percentage.value, timeFrame: timeFrame.value, wager: payment.value },
      {
        onSuccess: ({ balance: next }) => {
          setPlaced(next);
          toast({ title: "Prediction placed", description: `Your balance is now ${formatGems(next)}.` });
        },
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className="self-start rounded-xl border border-line bg-panel p-4">
      <h2 id={headingId} className="text-lg font-semibold text-zinc-50">
        Predict {name}
      </h2>
      <p className="mt-1 text-xs text-muted">
        Staked in GEMS, Gemwire's play-money points — never real money.
        {member && balance !== undefined ? ` You have ${formatGems(balance)}.` : ""}
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-zinc-200">Side</legend>
          <div className="grid grid-cols-2 gap-2">
            {sides.map((side) => (
              <label
                key={side.direction}
                className={`cursor-pointer rounded-md border px-3 py-2 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gem ${
                  direction === side.direction
                    ? side.direction === "up"
                      ? "border-emerald-500 bg-emerald-950/40 text-emerald-200"
                      : "border-red-500 bg-red-950/40 text-red-200"
                    : "border-line text-zinc-300"
                }`}
              >
                <input
                  type="radio"
                  name={`${headingId}-side`}
                  value={side.direction}
                  checked={direction === side.direction}
                  onChange={() => setDirection(side.direction)}
                  className="sr-only"
                />
                <span className="font-semibold">{side.label}</span>
                <span className="block text-xs opacity-80">{side.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Payment (GEMS)"
          inputMode="numeric"
          value={paymentText}
          onChange={(event) => setPaymentText(event.target.value)}
          aria-invalid={"error" in payment}
          hint={problem(payment) ?? "The GEMS you stake: whole GEMS, at least 1."}
        />
        <LeverageControl value={leverage} onChange={setLeverage} />
        <TextField
          label="Target move (%)"
          inputMode="decimal"
          value={percentageText}
          onChange={(event) => setPercentageText(event.target.value)}
          aria-invalid={"error" in percentage}
          hint={
            problem(percentage) ??
            `${direction === "up" ? "Up" : "Down"} by at least this much to win; up to 100, 2 decimals.`
          }
        />
        <TimeFrameField text={timeFrameText} onChange={setTimeFrameText} error={problem(timeFrame)} />
        <PanelFigures
          symbol={symbol}
          price={price}
          direction={direction}
          payment={value(payment)}
          leverage={leverage}
          percentage={value(percentage)}
        />
        {member ? (
          <>
            <FormError message={place.error ? `Failed to create prediction: ${place.error.message}` : undefined} />
            {placed !== null ? (
              <p role="status" className="text-sm text-emerald-300">
                Prediction placed. Your balance is now {formatGems(placed)}.
              </p>
            ) : null}
            <Button type="submit" busy={place.isPending} disabled={!ready} className="w-full">
              Place prediction
            </Button>
          </>
        ) : (
          <SignInLink className={`${primaryButton} block w-full text-center`}>Sign in to predict</SignInLink>
        )}
      </form>
    </section>
  );
}

function TimeFrameField({
  text,
  onChange,
  error,
}: {
  text: string;
  onChange: (text: string) => void;
  error: string | undefined;
}) {
  return (
    <div>
      <TextField
        label="Timeframe"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined}
        hint={error ?? "Whole minutes or hours between 1m and 24h, e.g. 5m or 4h."}
      />
      <fieldset className="mt-1 flex flex-wrap gap-1" aria-label="Common timeframes">
        {TIME_FRAME_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={text.trim().toLowerCase() === choice}
            onClick={() => onChange(choice)}
            className="rounded border border-line px-2 py-0.5 text-xs text-zinc-300 hover:bg-zinc-800 aria-pressed:border-gem aria-pressed:text-gem"
          >
            {choice}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
