import { Link } from "react-router";
import { Page } from "../../../components/ui/page.tsx";
import { Prose } from "../../../components/ui/prose.tsx";
import { paths } from "../../../paths.ts";

export function PrivacyPage() {
  return (
    <Page title="Privacy Policy">
      <Prose>
        <h2>What we collect</h2>
        <ul>
          <li>Your social handle, which identifies you as a member, and the email and username you choose to add.</li>
          <li>Your activity on Gemwire: votes, favorites, comments and settings.</li>
          <li>Your prediction history: the GEMS predictions you make and how they turned out.</li>
          <li>Communication records: messages you send to us or to other members through Gemwire.</li>
        </ul>
        <h2>Why</h2>
        <p>
          We use this information only to run your membership: to show your activity and predictions, keep your
          settings, prevent abuse and answer you. We do not sell it.
        </p>
        <h2>How long we keep it</h2>
        <p>
          We keep your information for as long as your membership lasts. When you delete your account we stop using it
          at once and erase it within 30 days.
        </p>
        <h2>Deleting your account</h2>
        <p>
          You can delete your account at any time from <Link to={paths.settings}>Settings</Link>. Your data is then
          erased within 30 days of the deletion. To ask about your data, <Link to={paths.contact}>contact us</Link>.
        </p>
      </Prose>
    </Page>
  );
}
