import { ExternalLink, LoaderCircle, RefreshCw, WifiOff } from "lucide-react";
import type { TradingViewWidget } from "./tradingview.ts";
import { useWidgetFrame } from "./use-widget-frame.ts";

/*
 * allow-scripts and allow-same-origin: the widgets are apps that keep their own storage;
 * allow-popups(-to-escape-sandbox): their links open tradingview.com in a new tab, which must
 * work as a normal page. No forms, no top navigation, no downloads, no modals.
 */
const SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox";

/**
 * One TradingView widget in a box of its height. The box says what is happening until the
 * frame proves it loaded: loading, could not load (with Retry and a link to tradingview.com),
 * or offline. The frame stays hidden meanwhile, so an error page never covers the message.
 */
export function TradingViewFrame({ widget }: { widget: TradingViewWidget }) {
  const frame = useWidgetFrame(widget);
  const shown = frame.phase === "ready" || (frame.phase === "failed" && frame.revealed);
  return (
    <div
      ref={frame.box}
      data-testid={`tradingview-${widget.label}`}
      data-phase={frame.phase}
      // On a phone a frame taller than the screen would trap the finger (the chart pans under
      // it), so there the box stops at most of the screen's height.
      className="relative max-h-[80svh] overflow-hidden rounded-xl border border-line bg-panel lg:max-h-none"
      style={{ height: frame.height }}
    >
      {frame.phase === "offline" ? null : (
        <iframe
          key={frame.token}
          ref={frame.frame}
          src={widget.src(frame.token)}
          title={widget.title}
          sandbox={SANDBOX}
          referrerPolicy="no-referrer"
          loading="lazy"
          onLoad={frame.onFrameLoad}
          aria-hidden={shown ? undefined : true}
          tabIndex={shown ? undefined : -1}
          className={`block size-full border-0 ${shown ? "" : "invisible"}`}
        />
      )}
      {shown ? null : (
        <div className="absolute inset-0 flex items-center justify-center p-6 text-center">
          <FrameNotice widget={widget} phase={frame.phase} onRetry={frame.retry} onReveal={frame.reveal} />
        </div>
      )}
    </div>
  );
}

function FrameNotice({
  widget,
  phase,
  onRetry,
  onReveal,
}: {
  widget: TradingViewWidget;
  phase: "loading" | "failed" | "offline" | "ready";
  onRetry: () => void;
  onReveal: () => void;
}) {
  if (phase === "loading") {
    return (
      <p role="status" className="flex flex-col items-center gap-3 text-muted">
        <LoaderCircle className="size-6 animate-spin motion-reduce:animate-none" aria-hidden />
        Loading the {widget.label} from TradingView…
      </p>
    );
  }
  const message =
    phase === "offline"
      ? `You are offline, so the ${widget.label} from TradingView cannot load. It will load when the connection is back.`
      : `The ${widget.label} from TradingView could not load — you may be offline, or a blocker or network may be stopping tradingview.com.`;
  return (
    <div role="alert" className="max-w-md space-y-4">
      <p className="flex items-start gap-2 text-left text-sm text-zinc-200">
        {phase === "offline" ? <WifiOff className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden /> : null}
        <span>{message}</span>
      </p>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-zinc-100 hover:bg-zinc-800"
        >
          <RefreshCw className="size-4" aria-hidden />
          Retry
        </button>
        <a
          href={widget.openUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-gem hover:underline"
        >
          Open the {widget.label} on tradingview.com
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
        {phase === "failed" ? (
          // Whether a cross-origin frame loaded can only be guessed from its messages; if
          // TradingView changes them, the reader can still look for themselves.
          <button type="button" onClick={onReveal} className="text-muted underline hover:text-zinc-200">
            Show the frame anyway
          </button>
        ) : null}
      </div>
    </div>
  );
}
