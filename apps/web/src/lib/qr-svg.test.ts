import { describe, expect, it } from 'vitest';
import { qrSvgPath } from './qr-svg';

describe('a QR code as an SVG path', () => {
  it('draws each run of dark modules in a row as one rectangle, inside the quiet zone', () => {
    const rows = ['110', '001', '101'];
    const modules = { size: 3, get: (row: number, column: number) => rows[row]?.[column] === '1' };
    expect(qrSvgPath(modules, 4)).toBe('M4 4h2v1h-2zM6 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z');
  });

  it('draws nothing for an all-light symbol', () => {
    expect(qrSvgPath({ size: 2, get: () => false }, 1)).toBe('');
  });
});
