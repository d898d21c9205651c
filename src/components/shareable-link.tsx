import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { canUseShareSheet, shareWithSheet } from '../lib/share-sheet';
import { useCopy } from '../lib/use-copy';
import type { QrCode as DrawnQrCode } from './qr-code';
import './shareable-link.css';

/**
 * The QR code's library comes only with a page that shows a link to scan (docs/decisions.md). If
 * its code cannot be loaded, the page says the QR code is not there; the link still works.
 */
type QrProps = ComponentProps<typeof DrawnQrCode> & { unavailable: ReactNode };
const QrCode = lazy<ComponentType<QrProps>>(() =>
  import('./qr-code').then(
    (m) => ({ default: m.QrCode }),
    () => ({
      default: ({ unavailable }: QrProps) => <p className="shareable-qr-note">{unavailable}</p>,
    }),
  ),
);

/** The words of a link to pass on, the same wherever one is shown. */
export const LINK_STRINGS = {
  copy: 'Copy link',
  copied: 'Copied',
  copyManual: 'Select the link and copy it.',
  share: 'Share',
} as const;

/**
 * A link to open on another device: its QR code, the link as text, "Copy link", and the system's
 * share sheet on touch devices (a refused share falls back to copying). /transfer's link to a
 * player's games and a group's invite.
 */
export function ShareableLink({
  url,
  id,
  qrLabel,
  linkLabel,
  shareText,
  caption,
  qrTooLong,
  qrUnavailable,
}: {
  url: string;
  /** The text box's id (its label points at it). */
  id: string;
  qrLabel: string;
  linkLabel: string;
  shareText: string;
  caption?: ReactNode;
  /** Said in the QR code's place when the link is longer than a QR code holds. */
  qrTooLong: ReactNode;
  /** Said in the QR code's place when its code could not be loaded. */
  qrUnavailable: ReactNode;
}) {
  const { state, copy, box } = useCopy<HTMLInputElement>();
  return (
    <>
      <figure className="shareable-qr-frame">
        <Suspense fallback={<div className="shareable-qr" />}>
          <QrCode
            text={url}
            label={qrLabel}
            className="shareable-qr"
            tooLong={<p className="shareable-qr-note">{qrTooLong}</p>}
            unavailable={qrUnavailable}
          />
        </Suspense>
        {caption ? <figcaption>{caption}</figcaption> : null}
      </figure>
      <label className="shareable-label" htmlFor={id}>
        {linkLabel}
      </label>
      <input
        id={id}
        ref={box}
        className="shareable-link"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      <div className="shareable-actions">
        <button type="button" className="button primary" onClick={() => void copy(url)}>
          {state === 'copied' ? LINK_STRINGS.copied : LINK_STRINGS.copy}
        </button>
        {canUseShareSheet() ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              void shareWithSheet({ text: shareText, url }).then((result) => {
                if (result === 'failed') void copy(url);
              });
            }}
          >
            {LINK_STRINGS.share}
          </button>
        ) : null}
      </div>
      <p className="shareable-status" role="status">
        {state === 'manual' ? LINK_STRINGS.copyManual : ''}
      </p>
    </>
  );
}
