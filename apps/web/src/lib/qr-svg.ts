/**
 * A QR code's modules as one SVG path: a 1×1 square per dark module, in module units, with
 * the quiet zone (`margin` modules of light around it) left to the viewBox. Pure: the modules
 * come from the `qrcode` package (components/ui/QrCode.tsx).
 */
export interface QrModules {
  size: number;
  get(row: number, column: number): number | boolean;
}

export function qrSvgPath(modules: QrModules, margin: number): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      // A run of dark modules in a row is one rectangle: a shorter path.
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      parts.push(`M${start + margin} ${row + margin}h${column - start}v1h-${column - start}z`);
    }
  }
  return parts.join('');
}
