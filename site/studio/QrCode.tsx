/** A QR code of a text, drawn as SVG (one path of dark modules with a quiet zone), named for screen readers. */
import { useMemo } from "react";
import QRCode from "qrcode";

export interface QrCodeProps {
  text: string;
  /** The image's accessible name. */
  label: string;
}

/** The path of the dark modules, one 1×1 square each, on a grid with a 4-module quiet zone. */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const quiet = 4;
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) d += `M${column + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * quiet, d };
}

export function QrCode({ text, label }: QrCodeProps) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="studio-qr" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={size * 5} height={size * 5} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
