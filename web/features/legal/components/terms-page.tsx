import { Link } from "react-router";
import { Page } from "../../../components/ui/page.tsx";
import { Prose } from "../../../components/ui/prose.tsx";
import { paths } from "../../../paths.ts";

export function TermsPage() {
  return (
    <Page title="Terms of Service">
      <Prose>
        <p>These terms govern your use of Gemwire. By using Gemwire you accept them.</p>
        <h2>Private, members-only access</h2>
        <p>
          Gemwire is a private platform. Membership is by invitation only, and members are identified by their social
          handle. Some parts may be shown to visitors, but interacting with Gemwire requires a membership.
        </p>
        <h2>Membership is personal</h2>
        <p>
          Your membership is personal and non-transferable. You may not sell, lend, share or otherwise hand over your
          membership or account to anyone else.
        </p>
        <h2>Prohibited uses</h2>
        <ul>
          <li>Sharing your credentials or letting anyone else use your account.</li>
          <li>Republishing, redistributing or reselling content from Gemwire.</li>
          <li>Creating derivative works from Gemwire, its content or its features.</li>
          <li>Reverse engineering, decompiling or trying to extract the source or data of Gemwire.</li>
          <li>Automated access: bots, scrapers, crawlers or scripts that use Gemwire without our written consent.</li>
        </ul>
        <h2>GEMS</h2>
        <p>
          GEMS are virtual points for the prediction game. They have no monetary value, are not cryptocurrency or
          securities, cannot be redeemed, bought, sold or transferred, and may be adjusted or reset by Gemwire. Every
          trade is simulated; see the <Link to={paths.disclaimer}>Disclaimer</Link>.
        </p>
        <h2>Confidentiality</h2>
        <p>
          What members share inside Gemwire — discussions, predictions, analyses and any non-public material — is
          confidential. Do not disclose it outside Gemwire without the author's permission.
        </p>
        <h2>Termination</h2>
        <p>We may suspend or end a membership, with or without notice, when a member:</p>
        <ul>
          <li>breaks these terms, including any prohibited use above;</li>
          <li>shares their credentials or transfers their membership;</li>
          <li>abuses, harasses or deceives other members, or manipulates the GEMS game;</li>
          <li>breaches confidentiality; or</li>
          <li>uses Gemwire unlawfully or in a way that harms Gemwire or its members.</li>
        </ul>
        <p>
          You may end your membership at any time by deleting your account; see the{" "}
          <Link to={paths.privacy}>Privacy Policy</Link> for what happens to your data.
        </p>
      </Prose>
    </Page>
  );
}
