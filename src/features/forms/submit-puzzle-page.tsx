import { Soon, TextPage } from '../../components/text-page';

export function SubmitPuzzlePage() {
  return (
    <TextPage title="Submit a Puzzle">
      <Soon>The puzzle submission form is on its way. Please check back soon.</Soon>
    </TextPage>
  );
}
