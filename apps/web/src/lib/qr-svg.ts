import QRCode from "qrcode";

/**
 * A QR code as an SVG document (black modules on white, a 4-module quiet zone), built at once
 * with the `qrcode` library's encoder, so a receipt's preview and its print page draw it without
 * waiting. `sizeMm` is its printed width.
 */
export function qrSvg(data: string, sizeMm = 30): string {
  const qr = QRCode.create(data, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 4;
  const side = n + quiet * 2;
  let path = "";
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) path += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${sizeMm}mm" height="${sizeMm}mm" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

/** The same QR code as a data: URL, for an <img>. */
export const qrDataUrl = (data: string, sizeMm?: number) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(data, sizeMm))}`;
