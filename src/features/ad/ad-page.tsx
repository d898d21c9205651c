import { Link } from 'wouter';
import { TextPage } from '../../components/text-page';

export function AdPage() {
  return (
    <TextPage title="Quick Break">
      <p>Advertisement unavailable</p>
      <p>
        <Link href="/game">Continue</Link>
      </p>
    </TextPage>
  );
}
