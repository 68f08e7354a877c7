import { useSyncExternalStore } from "react";

/*
 * What the analysis dialog is showing, shared by what opens it (article cards in feeds, the
 * blog post page in content, story cards in stories) and the dialog itself; features do not
 * import each other, so they meet here. One dialog serves the whole page.
 */

/** An article of a story, as the dialog names the one whose text led the analysis. */
export type StoryArticleRef = { title: string; link: string; source: string };

export type AnalysisSubject =
  /** An article's page, fetched and read by the server. */
  | { kind: "article"; title: string; link: string }
  /** A blog post on Gemwire, analysed from its stored content; `url` is its /blog/<slug>. */
  | { kind: "post"; title: string; url: string }
  /** A whole story: its lead article's key points and the tickers across all its articles. */
  | { kind: "story"; title: string; feed: string; story: string; articles: readonly StoryArticleRef[] };

export type AnalysisState = {
  subject: AnalysisSubject | null;
  /** An analysis is being fetched: what opened it shows it and is disabled meanwhile. */
  loading: boolean;
};

let state: AnalysisState = { subject: null, loading: false };
const listeners = new Set<() => void>();

function set(next: AnalysisState) {
  state = next;
  for (const listener of listeners) listener();
}

/** One key per thing analysed: the same article, post or story opens the same cached answer. */
export function subjectKey(subject: AnalysisSubject): readonly string[] {
  switch (subject.kind) {
    case "article":
      return ["url", subject.link];
    case "post":
      return ["url", subject.url];
    case "story":
      return ["story", subject.feed, subject.story];
  }
}

const sameSubject = (a: AnalysisSubject, b: AnalysisSubject) => subjectKey(a).join("\n") === subjectKey(b).join("\n");

/**
 * What had focus when the dialog was asked for (the Analyze button). That button waits,
 * disabled, while the analysis loads, and a disabled button loses focus; so the dialog
 * cannot find it when it opens, and focus is given back to it here when the dialog closes.
 */
let opener: HTMLElement | null = null;

export function openAnalysis(subject: AnalysisSubject) {
  const active = document.activeElement;
  opener = active instanceof HTMLElement && active !== document.body ? active : null;
  set({ subject, loading: true });
}

export function closeAnalysis() {
  const returnTo = opener;
  opener = null;
  set({ subject: null, loading: false });
  // After the dialog has gone and the button is enabled again; unless the reader has since
  // moved focus somewhere else on the page.
  setTimeout(() => {
    const now = document.activeElement;
    if (returnTo?.isConnected && (!now || now === document.body)) returnTo.focus();
  }, 0);
}
/** The dialog reports whether its answer is still on its way (first load or a retry). */
export const setAnalysisLoading = (loading: boolean) => {
  if (state.loading !== loading) set({ ...state, loading });
};

/** Whether `subject` is the one being analysed right now (its button says so and waits). */
export function isAnalysing(current: AnalysisState, subject: AnalysisSubject): boolean {
  return current.loading && current.subject !== null && sameSubject(current.subject, subject);
}

export function useAnalysis(): AnalysisState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
