import { Page } from "../../components/ui/page.tsx";

const sections = [
  { title: "Gemwire Top Stories", text: "The stories most sources are covering right now." },
  { title: "Notable Events", text: "Conferences and launches coming up, soonest first." },
  { title: "Your feeds", text: "One row per feed you follow, in your order, with a source filter." },
  { title: "From the blog", text: "The latest posts from the Gemwire team." },
];

export function HomePage() {
  return (
    <Page title="Dashboard" description="Spot trending stories and scan Solana for AI suggested tickers">
      <ul className="grid gap-4 sm:grid-cols-2">
        {sections.map((section) => (
          <li key={section.title} className="rounded-xl border border-dashed border-line bg-panel/60 p-6">
            <h2 className="font-semibold text-zinc-100">{section.title}</h2>
            <p className="mt-1 text-sm text-muted">{section.text}</p>
            <p className="mt-4 text-xs font-medium uppercase tracking-wide text-gem">Coming soon</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
