import { lazy } from "react";
import { LazyPart } from "../../components/ui/lazy-part.tsx";
import { StoriesPage } from "../../features/stories/components/stories-page.tsx";

// The widget is its own chunk: the stories come first.
const PriceWidget = lazy(() =>
  import("../../features/market/components/price-widget.tsx").then((m) => ({ default: m.PriceWidget })),
);

/** /stories: the Stories page with the price widget beside it, joined here since features stay apart. */
export function StoriesWithPricesPage() {
  return (
    <StoriesPage
      aside={
        <aside aria-label="Market">
          <LazyPart what="The price widget">
            <PriceWidget />
          </LazyPart>
        </aside>
      }
    />
  );
}
