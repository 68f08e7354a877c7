import type { Prediction } from "../../../contracts/gems.ts";
import { BlurtsPage } from "../../features/community/components/blurts-page.tsx";
import { PredictionItem } from "../../features/gems/components/prediction-item.tsx";
import { useNow } from "../../features/gems/countdown.ts";

/** An open prediction counts down; a resolved one shows its record. */
function BlurtPrediction({ prediction }: { prediction: Prediction }) {
  const now = useNow(prediction.status === "active");
  return <PredictionItem prediction={prediction} now={now} as="article" />;
}

/** /blurts: the community timeline, its predictions shown by the GEMS feature's card. */
export function BlurtsWithPredictionsPage() {
  return <BlurtsPage renderPrediction={(prediction) => <BlurtPrediction prediction={prediction} />} />;
}
