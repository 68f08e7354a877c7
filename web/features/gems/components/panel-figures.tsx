import type { PredictionDirection } from "../../../../contracts/gems-catalog.ts";
import { panel } from "../../../../contracts/gems-catalog.ts";
import { formatCents, formatUsd } from "../../../lib/usd.ts";
import { formatGems } from "../format.ts";
import { liquidationPrice, openFee, positionSize, potentialWin, tokenSize } from "../panel-math.ts";

const percent = (rate: number, digits: number) => `${(rate * 100).toFixed(digits)}%`;

/** What the position would look like, from the panel's inputs and the token's price. */
export function PanelFigures({
  symbol,
  price,
  direction,
  payment,
  leverage,
  percentage,
}: {
  symbol: string;
  price: number | null;
  direction: PredictionDirection;
  /** Whole GEMS, or null while the payment typed is not valid. */
  payment: number | null;
  leverage: number;
  percentage: number | null;
}) {
  const size = payment === null ? null : positionSize(payment, leverage);
  const tokens = size === null ? null : tokenSize(size, price);
  const win = potentialWin(payment, percentage);
  const rows: Array<[string, string]> = [
    ["Entry price", formatUsd(price)],
    ["Size", formatCents(size)],
    ["Token size", tokens === null ? "—" : `${tokens} ${symbol}`],
    [`Open fee (${percent(panel.openFeeRate, 2)})`, formatCents(size === null ? null : openFee(size))],
    ["Price impact", percent(panel.priceImpactRate, 2)],
    ["Borrow rate", `${percent(panel.borrowRatePerHour, 4)} / h`],
    ["Available liquidity", formatCents(panel.availableLiquidityUsd)],
    ["Liquidation price", formatUsd(liquidationPrice(price, direction))],
    ["Potential win", win === null ? "—" : formatGems(win)],
  ];
  return (
    <dl aria-label="Position" className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right text-zinc-100 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
