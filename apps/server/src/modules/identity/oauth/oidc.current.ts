import type Provider from 'oidc-provider';
import type { SigningKeyRing } from '../keys/keys.service';

export interface CurrentProvider {
  /** The provider built with the keys published now: the one that serves `/as/*`. */
  current(): Provider;
  /** Stops following the keys. */
  close(): void;
}

/**
 * oidc-provider reads its `jwks` once, when it is constructed, and its author's advice is a new
 * instance for new keys (panva/node-oidc-provider#651, #449). So when the published keys change
 * (a rotation here or on another instance, an old key dropped) a new provider is built and
 * serves the next request; requests already inside the old one finish there. Everything the
 * providers keep lives in the database (the adapter) and their cookie keys are the same, so a
 * sign-in begun on one continues on the next, as it does across instances.
 */
export function providerFollowingKeys(
  keys: Pick<SigningKeyRing, 'onChange'>,
  build: () => Provider,
): CurrentProvider {
  let provider = build();
  const stop = keys.onChange(() => {
    provider = build();
  });
  return { current: () => provider, close: stop };
}
