import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software FIDO2 authenticator for API tests: it makes real 'none' attestations and ES256
 * assertions (CBOR and authenticator data written by hand, per the WebAuthn spec), so the
 * server's verification runs exactly as it would with a browser's authenticator.
 */

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

// Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential.
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

interface KeyMaterial {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicJwk: { x: string; y: string };
}

function newKey(): KeyMaterial {
  const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    credentialId: randomBytes(32),
    privateKey: pair.privateKey,
    publicJwk: pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string },
  };
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  /** The user handle of the last registration (base64url), sent back in every assertion. */
  private userHandle: string | null = null;

  /**
   * `userVerified: false` plays a security key without a PIN or biometrics: it proves presence
   * only, and says so in every answer.
   */
  constructor(
    private readonly origin: string,
    private readonly options: { userVerified?: boolean; aaguid?: string } = {},
    key: KeyMaterial = newKey(),
  ) {
    this.credentialId = key.credentialId;
    this.privateKey = key.privateKey;
    this.publicJwk = key.publicJwk;
  }

  /** Another authenticator holding this one's key and counter: a clone, from now on apart. */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.origin, this.options, {
      credentialId: this.credentialId,
      privateKey: this.privateKey,
      publicJwk: this.publicJwk,
    });
    copy.counter = this.counter;
    copy.userHandle = this.userHandle;
    return copy;
  }

  /**
   * This authenticator's key and counter, answering without user verification: the same
   * passkey touched but not unlocked. (Shares nothing after: a copy.)
   */
  withoutUserVerification(): SoftAuthenticator {
    const touched = new SoftAuthenticator(
      this.origin,
      { ...this.options, userVerified: false },
      { credentialId: this.credentialId, privateKey: this.privateKey, publicJwk: this.publicJwk },
    );
    touched.counter = this.counter;
    touched.userHandle = this.userHandle;
    return touched;
  }

  /** An authenticator that claims this one's credential but signs with another key: a forgery. */
  forgery(): SoftAuthenticator {
    return new SoftAuthenticator(this.origin, this.options, {
      ...newKey(),
      credentialId: this.credentialId,
    });
  }

  private get flags(): number {
    return this.options.userVerified === false ? USER_PRESENT : USER_PRESENT | USER_VERIFIED;
  }

  get id() {
    return this.credentialId.toString('base64url');
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A registration response for `options` (publicKeyCredentialCreationOptions as JSON). */
  register(
    options: { challenge: string; rp: { id?: string }; user?: { id: string } },
    origin = this.origin,
  ) {
    // A discoverable credential keeps its user's handle and answers with it (WebAuthn §6.1).
    this.userHandle = options.user?.id ?? null;
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]),
    );
    const counter = Buffer.alloc(4);
    const idLength = Buffer.from([0, this.credentialId.length]);
    const authData = Buffer.concat([
      sha256(options.rp.id ?? 'localhost'),
      Buffer.from([this.flags | ATTESTED_CREDENTIAL]),
      counter,
      // The model (AAGUID): zeros unless given, as most authenticators answer.
      this.options.aaguid
        ? Buffer.from(this.options.aaguid.replaceAll('-', ''), 'hex')
        : Buffer.alloc(16),
      idLength,
      this.credentialId,
      coseKey,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, origin).toString(
          'base64url',
        ),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['usb'],
      },
    };
  }

  /** An assertion for `options` (publicKeyCredentialRequestOptions as JSON). */
  assert(options: { challenge: string; rpId?: string }, origin = this.origin) {
    this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([
      sha256(options.rpId ?? 'localhost'),
      Buffer.from([this.flags]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(this.userHandle === null ? {} : { userHandle: this.userHandle }),
      },
    };
  }
}
