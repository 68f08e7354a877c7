import { lazy } from "react";
import { LazyPart } from "../../components/ui/lazy-part.tsx";
import { TokenPage } from "../../features/market/components/token-page.tsx";

// The panel is its own chunk: the token's figures and chart come first.
const PredictionPanel = lazy(() =>
  import("../../features/gems/components/prediction-panel.tsx").then((m) => ({ default: m.PredictionPanel })),
);

/** /token/{symbol}: the token page with the GEMS prediction panel in its slot. */
export function TokenWithPredictionPage() {
  return (
    <TokenPage
      predictionSlot={(token) => (
        <LazyPart what="The prediction panel">
          <PredictionPanel symbol={token.symbol} name={token.name} price={token.price} />
        </LazyPart>
      )}
    />
  );
}
