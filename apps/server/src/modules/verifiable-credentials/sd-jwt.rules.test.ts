import { describe, expect, it } from 'vitest';
import { combinedSdJwt, disclosureDigest, discloseEach, encodeDisclosure } from './sd-jwt.rules';

describe('selective disclosure', () => {
  it('encodes a disclosure as RFC 9901 §5.2.1 does, and digests its text', () => {
    const disclosure = encodeDisclosure('_26bc4LT-ac6q2KI6cBW5es', 'family_name', 'Möbius');
    expect(JSON.parse(Buffer.from(disclosure.encoded, 'base64url').toString('utf8'))).toEqual([
      '_26bc4LT-ac6q2KI6cBW5es',
      'family_name',
      'Möbius',
    ]);
    expect(disclosure.digest).toBe(disclosureDigest(disclosure.encoded));
    // RFC 9901 §5.2.1's example: salt "6qMQvRL5haj", "family_name", "Möbius", and its digest.
    expect(disclosureDigest('WyI2cU1RdlJMNWhhaiIsICJmYW1pbHlfbmFtZSIsICJNw7ZiaXVzIl0')).toBe(
      'uutlBuYeMDyjLLTpf6Jxi7yNkEF35jdyWMn9U7b_RYY',
    );
  });

  it('makes each claim its own disclosure, with sorted digests that do not say which is which', () => {
    const salts = ['s1', 's2', 's3'];
    const { sd, disclosures } = discloseEach(
      { given_name: 'Jane', age_over_18: true, address: { locality: 'Springfield' } },
      () => salts.shift() ?? 'x',
    );
    expect(disclosures.map((item) => item.name)).toEqual(['given_name', 'age_over_18', 'address']);
    expect(sd).toEqual([...disclosures.map((item) => item.digest)].sort());
  });

  it('joins the issuer JWT and every disclosure with a tilde, ending in one', () => {
    const disclosure = encodeDisclosure('salt', 'given_name', 'Jane');
    expect(combinedSdJwt('a.b.c', [disclosure])).toBe(`a.b.c~${disclosure.encoded}~`);
    expect(combinedSdJwt('a.b.c', [])).toBe('a.b.c~');
  });
});
