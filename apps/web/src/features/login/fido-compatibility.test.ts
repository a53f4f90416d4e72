import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { probeFidoCompatibility } from './fido-compatibility';
import type { FidoProbeEnvironment } from './fido-compatibility';

const withCredential = (
  publicKeyCredential: FidoProbeEnvironment['publicKeyCredential'],
): FidoProbeEnvironment => ({
  publicKeyCredential,
  setTimeout: (callback, ms) => setTimeout(callback, ms),
});

const answering = (answer: () => Promise<boolean>) =>
  withCredential({ isUserVerifyingPlatformAuthenticatorAvailable: answer });

describe('FIDO2 compatibility probe (§4.5)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is NONE without WebAuthn', async () => {
    expect(await probeFidoCompatibility(withCredential(undefined))).toBe('NONE');
  });

  it('is FULL when the platform authenticator is available', async () => {
    expect(await probeFidoCompatibility(answering(() => Promise.resolve(true)))).toBe('FULL');
  });

  it('is SECURITY_KEY_ONLY when it is not, or the probe fails, or the browser cannot say', async () => {
    expect(await probeFidoCompatibility(answering(() => Promise.resolve(false)))).toBe(
      'SECURITY_KEY_ONLY',
    );
    expect(await probeFidoCompatibility(answering(() => Promise.reject(new Error('x'))))).toBe(
      'SECURITY_KEY_ONLY',
    );
    expect(await probeFidoCompatibility(withCredential({}))).toBe('SECURITY_KEY_ONLY');
  });

  it('gives the platform authenticator one second (§9), then settles for security keys', async () => {
    const slow = (ms: number) =>
      answering(() => new Promise((resolve) => setTimeout(() => resolve(true), ms)));
    const late = probeFidoCompatibility(slow(1500));
    await vi.advanceTimersByTimeAsync(1000);
    expect(await late).toBe('SECURITY_KEY_ONLY');
    const inTime = probeFidoCompatibility(slow(900));
    await vi.advanceTimersByTimeAsync(900);
    expect(await inTime).toBe('FULL');
  });
});
