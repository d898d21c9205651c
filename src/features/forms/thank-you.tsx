import { useEffect, useRef } from 'react';

/** Shown after the server accepted a form; takes focus so screen readers read it at once. */
export function ThankYou({
  title,
  text,
  again,
  onAgain,
}: {
  title: string;
  text: string;
  again: string;
  onAgain: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="form-thanks" aria-labelledby="form-thanks-title">
      <h2 id="form-thanks-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p>{text}</p>
      <button type="button" className="button primary" onClick={onAgain}>
        {again}
      </button>
    </section>
  );
}
