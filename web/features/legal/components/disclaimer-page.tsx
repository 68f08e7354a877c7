import { useNavigate } from "react-router";
import { Page } from "../../../components/ui/page.tsx";
import { Prose } from "../../../components/ui/prose.tsx";
import { primaryButton } from "../../../components/ui/styles.ts";
import { paths } from "../../../paths.ts";

export function DisclaimerPage() {
  const navigate = useNavigate();
  return (
    <Page title="Disclaimer">
      <Prose>
        <h2>Educational purpose</h2>
        <p>
          Gemwire is provided for educational and entertainment purposes only. It gathers crypto news, groups stories
          and offers a play-money prediction game so members can learn how markets move.
        </p>
        <h2>GEMS are not money</h2>
        <p>
          GEMS are a virtual, in-app points system. GEMS are not a cryptocurrency, not a security and not any other
          financial instrument. They cannot be redeemed for money, goods or services, and they cannot be transferred,
          sold or exchanged between members or outside Gemwire.
        </p>
        <h2>Not financial advice</h2>
        <p>
          Nothing on Gemwire is financial, investment, legal or tax advice, and nothing here recommends buying or
          selling any asset. Do your own research and consult a qualified professional before making financial
          decisions.
        </p>
        <h2>Simulated trading</h2>
        <p>
          Every prediction, position and trade on Gemwire is simulated. No real order is placed, no real asset is bought
          or sold, and results in the game say nothing about results in real markets.
        </p>
        <h2>Third-party data</h2>
        <p>
          News, prices, charts, trends and token data come from third parties and may be delayed, incomplete or
          inaccurate. Gemwire does not guarantee them and is not responsible for decisions made on them.
        </p>
      </Prose>
      <button type="button" onClick={() => navigate(paths.home)} className={`mt-8 ${primaryButton}`}>
        I Understand
      </button>
    </Page>
  );
}
