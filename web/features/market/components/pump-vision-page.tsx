import { FlaskConical } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Page } from "../../../components/ui/page.tsx";
import { type ColumnId, columnIds, sampleBoard } from "../pump-vision-data.ts";
import { readColumnFilters, withColumnFilters } from "../pump-vision-params.ts";
import { columnElementId, PumpColumn } from "./pump-vision-column.tsx";
import { PumpColumnTabs } from "./pump-vision-tabs.tsx";

/**
 * /pump-vision: a launchpad-style board of sample tokens in three columns. Each
 * column's filters are kept in the address, so a reload or a shared link shows the same board.
 */
export function PumpVisionPage() {
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState<ColumnId>("new");
  const chosen = useRef(false);
  const choose = (column: ColumnId) => {
    chosen.current = true;
    setTab(column);
  };
  // A column chosen while scrolled far down starts at its top, not somewhere in its middle.
  useEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    const element = document.getElementById(columnElementId(tab));
    if (element && element.getBoundingClientRect().top < Number.parseFloat(getComputedStyle(element).scrollMarginTop)) {
      element.scrollIntoView({ block: "start" });
    }
  }, [tab]);
  return (
    <Page
      title="Pump Vision"
      description="Tokens just created, tokens close to the end of their bonding curve, and tokens that graduated."
    >
      <p
        role="note"
        className="mb-6 flex items-start gap-2 rounded-lg border border-amber-900/60 bg-amber-950/30 px-3 py-2 text-sm text-amber-100"
      >
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <strong className="font-semibold">Sample data.</strong> Every token, contract address and number on this board
          is invented for illustration, and the $5 quick-buy only simulates a trade.
        </span>
      </p>
      <div className="grid gap-4 lg:grid-cols-3">
        {columnIds.map((column) => (
          <PumpColumn
            key={column}
            column={column}
            tokens={sampleBoard[column]}
            filters={readColumnFilters(params, column)}
            shownOnSmallScreens={tab === column}
            onFiltersChange={(filters) => setParams((current) => withColumnFilters(current, column, filters))}
          />
        ))}
      </div>
      <PumpColumnTabs selected={tab} onSelect={choose} />
    </Page>
  );
}
