/** Where the widgets' data comes from, said on the page (and TradingView asks for the credit). */
export function TradingViewCredit({ widgets }: { widgets: string }) {
  return (
    <p className="mb-4 text-xs text-muted">
      {widgets} below are TradingView's widgets, loaded from{" "}
      <a
        href="https://www.tradingview.com/"
        target="_blank"
        rel="noopener noreferrer"
        className="text-zinc-300 underline hover:text-gem"
      >
        tradingview.com
      </a>
      ; the data is theirs, not Gemwire's.
    </p>
  );
}
