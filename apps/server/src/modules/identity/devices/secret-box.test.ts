import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('device secrets at rest', () => {
  const box = createSecretBox('s'.repeat(40));

  it('opens what it sealed, and never stores the secret in the clear', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a sealed secret that was tampered with, or sealed under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    const parts = sealed.split('.');
    const flipped = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join('.');
    expect(() => box.open(flipped)).toThrow();
    expect(() => createSecretBox('t'.repeat(40)).open(sealed)).toThrow();
  });
});
