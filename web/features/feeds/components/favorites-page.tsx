import { CoinFilterBar } from "../../../components/coins/coin-filter-bar.tsx";
import { EmptyState } from "../../../components/ui/list-states.tsx";
import { Page } from "../../../components/ui/page.tsx";
import { SignInLink } from "../../../components/ui/sign-in-link.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { noneTagged, taggedWith, useCoinFilter } from "../../../lib/coin-filter.ts";
import { useFavorites } from "../api.ts";
import { ArticleGrid } from "./article-grid.tsx";

/** Favorites: a member's favorite articles from every feed, kept on the server. */
export function FavoritesPage() {
  const { member, checking, query } = useFavorites();
  // Every favorite is loaded at once: the coin filter applies here.
  const coinFilter = useCoinFilter();
  return (
    <Page title="Favorites" description="The articles you starred, from every feed.">
      <CoinFilterBar filter={coinFilter} />
      {checking || (query.isPending && member) ? (
        <Spinner label="Loading favorites" />
      ) : member ? (
        <ArticleGrid
          section="favorites"
          label="Favorites"
          fold={false}
          refreshable={false}
          emptyText={coinFilter.coin ? noneTagged(coinFilter.coin) : "No favorite articles yet"}
          source={{
            items: taggedWith(query.data?.items ?? [], coinFilter.coin),
            isPending: false,
            isError: query.isError,
            isFetching: query.isFetching,
            errorMessage: query.error?.message ?? "Failed to load favorites",
            refetch: () => void query.refetch(),
          }}
        />
      ) : (
        <EmptyState>
          No favorite articles yet. <SignInLink className="font-medium text-gem hover:underline">Sign in</SignInLink> to
          keep favorites that follow you on every device.
        </EmptyState>
      )}
    </Page>
  );
}
