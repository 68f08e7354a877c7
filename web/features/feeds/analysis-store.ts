import { useSyncExternalStore } from "react";

/**
 * Which article the analysis dialog is showing, and whether its analysis is still
 * loading (Analyze is disabled meanwhile). One dialog serves every card on the page.
 */
export type AnalysisState = { article: { title: string; link: string } | null; loading: boolean };

let state: AnalysisState = { article: null, loading: false };
const listeners = new Set<() => void>();

function set(next: AnalysisState) {
  state = next;
  for (const listener of listeners) listener();
}

export const openAnalysis = (article: { title: string; link: string }) => set({ article, loading: true });
export const closeAnalysis = () => set({ article: null, loading: false });
export const analysisSettled = () => set({ ...state, loading: false });

export function useAnalysis(): AnalysisState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
