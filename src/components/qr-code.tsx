import { useMemo, type ReactNode } from 'react';
import { encode } from 'uqr';

/**
 * The link as a QR code, drawn by uqr (UnJS: small, no dependencies, typed, and it gives the
 * modules as data, so the code is plain SVG that React draws). Loaded lazily, in a chunk of its
 * own, by the pages that show a link to scan: /transfer's sending view and a group's invite. Low
 * error correction, raised when the version has room for more: a long link keeps the fewest
 * modules, so each is as large as the screen allows. A link longer than a QR code holds (2,953
 * bytes) shows `tooLong` instead.
 */
export function QrCode({
  text,
  label,
  className,
  tooLong,
}: {
  text: string;
  label: string;
  className: string;
  tooLong: ReactNode;
}) {
  const drawn = useMemo(() => {
    let qr;
    try {
      qr = encode(text, { ecc: 'L', boostEcc: true, border: 4 });
    } catch {
      // uqr's "Data too long": no QR code can hold it.
      return null;
    }
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.data.length, path: d };
  }, [text]);
  if (!drawn) return tooLong;
  const { size, path } = drawn;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
