import { useEffect, useState } from 'react';
import { qrSvgPath } from '../../lib/qr-svg';

/** Light modules around the symbol, as the QR standard asks for a reliable scan. */
const QUIET_ZONE = 4;

interface QrCodeProps {
  /** What the code encodes (a URL). */
  value: string;
  /** The image's accessible name; the value itself should be written out beside it. */
  label: string;
  /** The side in CSS pixels. */
  size?: number;
  className?: string;
}

/**
 * A QR code drawn as SVG in the page (no image request, nothing inline for the CSP to refuse).
 * The `qrcode` package is loaded when the first code is shown, outside the first page's bundle.
 */
export function QrCode({ value, label, size = 128, className }: QrCodeProps) {
  const [symbol, setSymbol] = useState<{ value: string; side: number; path: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ create }) => {
        const { modules } = create(value, { errorCorrectionLevel: 'M' });
        if (current) {
          setSymbol({
            value,
            side: modules.size + 2 * QUIET_ZONE,
            path: qrSvgPath(modules, QUIET_ZONE),
          });
        }
      })
      .catch((error: unknown) => console.warn('The QR code could not be drawn', error));
    return () => {
      current = false;
    };
  }, [value]);

  if (symbol === null || symbol.value !== value) {
    // The space it will take, so nothing moves when it appears.
    return <svg aria-hidden="true" className={className} width={size} height={size} />;
  }
  return (
    <svg
      role="img"
      aria-label={label}
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${symbol.side} ${symbol.side}`}
      shapeRendering="crispEdges"
    >
      <rect width={symbol.side} height={symbol.side} fill="#fff" />
      <path d={symbol.path} fill="#000" />
    </svg>
  );
}
