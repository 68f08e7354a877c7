import { useParams } from "react-router";
import { findBuiltInToken } from "../../../../contracts/market-catalog.ts";
import { ComingSoon } from "../../../components/ui/coming-soon.tsx";
import { Page } from "../../../components/ui/page.tsx";

/** /token/{symbol}: the symbol is matched case-insensitively against the built-in list. */
export function TokenPage() {
  const { symbol = "" } = useParams();
  const token = findBuiltInToken(symbol);
  if (!token) {
    return (
      <Page title="Token not found">
        <p className="text-muted">Gemwire has no token with the symbol “{symbol}”.</p>
      </Page>
    );
  }
  return (
    <Page title={`${token.name} (${token.symbol})`}>
      <ComingSoon>
        Price, 24-hour change, market cap and volume, holder analytics, a price chart and the GEMS prediction panel for{" "}
        {token.name}.
      </ComingSoon>
    </Page>
  );
}
