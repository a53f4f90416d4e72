import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Branding } from '@anybank/contracts';
import {
  BRAND_CHANNEL,
  BrandContext,
  BrandControlsContext,
  FALLBACK_BRAND,
  applyBrandColors,
  loadBrand,
} from '../lib/brand';

/**
 * Holds the bank's brand for the whole app (lib/brand.ts): read when the app starts and when
 * the tab comes back into view, and shown at once when any tab of this browser changes it.
 */
/** A brand read again is the same brand: nothing re-renders, a half-filled form keeps its values. */
function sameBrand(a: Branding, b: Branding): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function BrandProvider({ children }: { children: ReactNode }) {
  const [brand, setBrand] = useState<Branding>(FALLBACK_BRAND);

  const show = useCallback((next: Branding) => {
    setBrand((current) => (sameBrand(current, next) ? current : next));
  }, []);

  const reload = useCallback(
    () =>
      loadBrand().then(show, (error: unknown) => {
        // The site stays usable in the brand it shows; the next visit to the tab tries again.
        console.warn('The brand could not be read', error);
      }),
    [show],
  );

  useEffect(() => {
    void loadBrand().then(show, (error: unknown) =>
      console.warn('The brand could not be read', error),
    );
    const onVisible = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(BRAND_CHANNEL) : null;
    if (channel) channel.onmessage = () => void reload();
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      channel?.close();
    };
  }, [reload, show]);

  useEffect(() => applyBrandColors(brand), [brand]);

  const controls = useMemo(
    () => ({
      apply(next: Branding) {
        show(next);
        if (typeof BroadcastChannel !== 'function') return;
        const channel = new BroadcastChannel(BRAND_CHANNEL);
        channel.postMessage('changed');
        channel.close();
      },
      reload,
    }),
    [reload, show],
  );

  return (
    <BrandControlsContext value={controls}>
      <BrandContext value={brand}>{children}</BrandContext>
    </BrandControlsContext>
  );
}
