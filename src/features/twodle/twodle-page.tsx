import { TextPage } from '../../components/text-page';

export function TwodlePage() {
  return (
    <TextPage title="Twodle">
      <p>Twodle, a sister game to Linchpin, is coming soon.</p>
    </TextPage>
  );
}
