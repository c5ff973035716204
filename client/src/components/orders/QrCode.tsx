import { useId, useMemo } from 'react';
import { create } from 'qrcode';
import './orders.css';

interface QrCodeProps {
  /** What the code holds (e.g. a pickup code). */
  value: string;
  /** The text alternative, e.g. "QR-code van afhaalcode AB12CD34". Always give the value in text beside it too. */
  label: string;
  /** Width and height in CSS pixels. */
  size?: number;
}

/**
 * The SVG path of a QR code's dark modules, one unit per module, offset by the quiet zone.
 * (Made in the browser with the `qrcode` library's encoder; no network, no canvas.)
 */
export function qrPath(value: string, quietZone = 4): { path: string; dimension: number } {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) parts.push(`M${col + quietZone} ${row + quietZone}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), dimension: modules.size + 2 * quietZone };
}

/** A QR code as an accessible SVG image (role="img" with a title), black on white for every scanner. */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const titleId = useId();
  const { path, dimension } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="gw-qr"
      role="img"
      aria-labelledby={titleId}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>{label}</title>
      <rect width={dimension} height={dimension} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
