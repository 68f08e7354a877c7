import { Component, type ReactNode, Suspense } from "react";

type Props = { /** What the part is, for the message: "The price widget". */ what: string; children: ReactNode };

/**
 * A lazily loaded part of a page. When its code cannot be fetched (offline, or Gemwire
 * was updated since the page loaded and the old file is gone) or it fails to render,
 * it says so in its place, with a way out, instead of taking the whole page down.
 */
export class LazyPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return <Suspense fallback={null}>{this.props.children}</Suspense>;
    return (
      <div role="alert" className="rounded-xl border border-line bg-panel p-4 text-sm text-muted">
        <p>{this.props.what} could not load: you may be offline, or Gemwire has been updated since this page opened.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-2 rounded-md border border-line px-3 py-1.5 text-zinc-100 hover:border-gem hover:text-gem"
        >
          Reload the page
        </button>
      </div>
    );
  }
}
