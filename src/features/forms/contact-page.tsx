import { Soon, TextPage } from '../../components/text-page';

export function ContactPage() {
  return (
    <TextPage title="Contact">
      <Soon>The contact form is on its way. Please check back soon.</Soon>
    </TextPage>
  );
}
