import { Soon, TextPage } from '../../components/text-page';

export function AboutPage() {
  return (
    <TextPage title="About Linchpin">
      <p>
        Linchpin is a daily word puzzle. Nine words sit in a grid; they sort into four groups of
        three, and one special word, the linchpin, belongs to all four groups at once.
      </p>
      <p>
        A new puzzle arrives every day at midnight UTC. There are no accounts: just open the page
        and play.
      </p>
    </TextPage>
  );
}

export function TermsPage() {
  return (
    <TextPage title="Terms of Use">
      <p>Linchpin is free to play. There are no accounts and nothing to register.</p>
      <Soon>The full terms are being written and will appear here soon.</Soon>
    </TextPage>
  );
}

export function PrivacyPage() {
  return (
    <TextPage title="Privacy Policy">
      <p>Linchpin is not meant for children under 13.</p>
      <p>
        Your games are played in your browser. Nothing but your cookie choice is stored unless you
        accept cookies.
      </p>
      <Soon>The full list of what is stored, and for how long, will appear here soon.</Soon>
    </TextPage>
  );
}
