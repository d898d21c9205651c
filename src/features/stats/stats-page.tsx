import { Soon, TextPage } from '../../components/text-page';

export function StatsPage() {
  return (
    <TextPage title="Statistics">
      <Soon>Statistics will appear here once saving games is available.</Soon>
    </TextPage>
  );
}
