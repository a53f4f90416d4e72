import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config';
import type { Database } from '../../../db/database';
import { insertAuditEvent } from '../../audit';
import { TOKEN_TTL_SECONDS } from '../oauth/oidc.provider';
import {
  generateSigningJwk,
  publicPartOf,
  type PublicSigningJwk,
  type SigningJwk,
} from '../oauth/oidc.keys';
import { createKeySeal, type KeySeal } from './key-seal';
import {
  keyRingAt,
  lastTokenExpiryOf,
  nextGeneration,
  sameKeyIds,
  type KeyRingState,
} from './keys.rules';
import {
  deleteSigningKeys,
  insertSecretsIfAbsent,
  insertSigningKeyIfAbsent,
  listSigningKeys,
  type StoredSigningKey,
} from './keys.store';

/** The server's secrets: from the environment when set there, else made once and stored. */
export interface ServerSecrets {
  /** Signs cookies (Fastify's and oidc-provider's). */
  sessionSecret: string;
  /** Keys one-time-code hashes, service clients' secrets, widget tokens, the secret box. */
  signingSecret: string;
  /** The orchestration API key of the bank's own servers. */
  apiKey: string;
  /**
   * Unlocks the demo tools that change the bank for everyone (branding, Reset demo, key
   * rotation): the presenter's, printed in the start banner (keys/presenter.ts).
   */
  presenterSecret: string;
}

const SECRET_ROW: Record<keyof ServerSecrets, string> = {
  sessionSecret: 'session-secret',
  signingSecret: 'signing-secret',
  apiKey: 'api-key',
  presenterSecret: 'presenter-secret',
};

const boundName = (row: string) => `secret:${row}`;
const boundKey = (kid: string) => `signing-key:${kid}`;

/**
 * The secrets this server uses: each one set in the environment wins; the others are read from
 * the database, where the first instance ever to start stored random ones (instances starting
 * together each offer theirs; the first insert wins and every one reads that back).
 */
export async function loadServerSecrets(deps: {
  db: Database;
  seal: KeySeal;
  fromEnvironment: Partial<ServerSecrets>;
}): Promise<ServerSecrets> {
  const missing = (Object.keys(SECRET_ROW) as (keyof ServerSecrets)[]).filter(
    (name) => deps.fromEnvironment[name] === undefined,
  );
  const stored = await insertSecretsIfAbsent(
    deps.db,
    missing.map((name) => ({
      name: SECRET_ROW[name],
      value: deps.seal.seal(randomBytes(32).toString('base64url'), boundName(SECRET_ROW[name])),
    })),
  );
  const secrets = { ...deps.fromEnvironment };
  for (const name of missing) {
    const value = stored.get(SECRET_ROW[name]);
    if (value === undefined) throw new Error(`the secret ${SECRET_ROW[name]} was not stored`);
    secrets[name] = deps.seal.open(value, boundName(SECRET_ROW[name]));
  }
  return secrets as ServerSecrets;
}

/** A signing key ready for use: its generation, creation and private JWK. */
export interface RingKey {
  generation: number;
  kid: string;
  createdAt: Date;
  jwk: SigningJwk;
}

export interface RotationResult {
  signingKid: string;
  /** Every published key, the signing one first. */
  publishedKids: string[];
  /** When the last of the older keys leaves the JWKS; null when there is none. */
  previousKeysPublishedUntil: Date | null;
}

export interface SigningKeyRing {
  /** The key new tokens are signed with. */
  signingKey(): SigningJwk;
  /** Every published key, the signing one first (oidc-provider's `jwks`; it signs with the first). */
  publishedKeys(): SigningJwk[];
  /**
   * The public key a token names by `kid`; an unknown kid re-reads the database first (at
   * most once a second), so a key another instance just added is found at once.
   */
  verificationKey(kid: string): Promise<PublicSigningJwk | null>;
  /** Re-reads the keys (another instance may have rotated) and drops expired ones. */
  refresh(): Promise<void>;
  /** Adds a new generation, which signs from now on; the older keys stay published for a while. */
  rotate(): Promise<RotationResult>;
  /** Called after the published keys changed (the provider is rebuilt with them). */
  onChange(listener: () => void): () => void;
  /** Stops the periodic refresh. */
  close(): void;
}

export interface SigningKeyRingOptions {
  db: Database;
  seal: KeySeal;
  /** The longest lifetime of anything the key signs: an older key stays published this long. */
  tokenLifetimeMs: number;
  /** How often the database is re-read for keys other instances added (0: never by a timer). */
  refreshEveryMs?: number;
  clock?: () => Date;
  onError?: (error: unknown) => void;
}

/** Reads the key ring, making the first key when the database has none. */
export async function loadSigningKeyRing(options: SigningKeyRingOptions): Promise<SigningKeyRing> {
  const { db, seal, tokenLifetimeMs } = options;
  const clock = options.clock ?? (() => new Date());
  const listeners = new Set<() => void>();
  const opened = new Map<string, SigningJwk>();
  let loaded: KeyRingState<RingKey> | null = null;
  let lastMissReload = -Infinity;
  const ring = (): KeyRingState<RingKey> => {
    if (!loaded) throw new Error('the signing keys are used before they were read');
    return loaded;
  };

  function openKey(stored: StoredSigningKey): RingKey {
    let jwk = opened.get(stored.kid);
    if (!jwk) {
      jwk = JSON.parse(seal.open(stored.privateJwk, boundKey(stored.kid))) as SigningJwk;
      if (jwk.kid !== stored.kid) throw new Error(`the signing key ${stored.kid} is damaged`);
      opened.set(stored.kid, jwk);
    }
    return { generation: stored.generation, kid: stored.kid, createdAt: stored.createdAt, jwk };
  }

  async function addGeneration(generation: number): Promise<boolean> {
    const jwk = await generateSigningJwk();
    return insertSigningKeyIfAbsent(db, {
      generation,
      kid: jwk.kid,
      publicJwk: { ...publicPartOf(jwk) },
      privateJwk: seal.seal(JSON.stringify(jwk), boundKey(jwk.kid)),
      createdAt: clock(),
    });
  }

  /** Reads the keys (dropping expired ones); tells the listeners when the published set changed. */
  async function read(): Promise<void> {
    let stored = await listSigningKeys(db);
    if (stored.length === 0) {
      // First start: every instance offers generation 1, one insert wins, all read it back.
      await addGeneration(1);
      stored = await listSigningKeys(db);
    }
    const atNow = keyRingAt(stored, clock(), tokenLifetimeMs);
    if (!atNow) throw new Error('no signing key could be stored');
    await deleteSigningKeys(
      db,
      atNow.expired.map((key) => key.generation),
    );
    const next: KeyRingState<RingKey> = {
      signing: openKey(atNow.signing),
      published: atNow.published.map(openKey),
      expired: [],
    };
    for (const key of atNow.expired) opened.delete(key.kid);
    const changed = !loaded || !sameKeyIds(loaded.published, next.published);
    loaded = next;
    if (changed) for (const listener of listeners) listener();
  }

  await read();

  const refreshEveryMs = options.refreshEveryMs ?? 0;
  const timer =
    refreshEveryMs > 0
      ? setInterval(() => {
          read().catch((error: unknown) => options.onError?.(error));
        }, refreshEveryMs)
      : null;
  timer?.unref();

  return {
    signingKey: () => ring().signing.jwk,
    publishedKeys: () => ring().published.map((key) => key.jwk),
    async verificationKey(kid) {
      const find = () => ring().published.find((key) => key.kid === kid)?.jwk;
      let jwk = find();
      // A monotonic clock: a test that moves `Date` must not hold the next re-read back.
      if (!jwk && performance.now() - lastMissReload >= 1000) {
        lastMissReload = performance.now();
        await read();
        jwk = find();
      }
      return jwk ? publicPartOf(jwk) : null;
    },
    refresh: read,
    async rotate() {
      const current = await listSigningKeys(db);
      // Two rotations at once add one generation: the second insert finds it taken.
      await addGeneration(nextGeneration(current));
      await read();
      const { signing, published } = ring();
      const older = published.filter((key) => key.kid !== signing.kid);
      const until = older.map((key, index) =>
        lastTokenExpiryOf(key, published[index] ?? signing, tokenLifetimeMs).getTime(),
      );
      return {
        signingKid: signing.kid,
        publishedKids: published.map((key) => key.kid),
        previousKeysPublishedUntil: until.length > 0 ? new Date(Math.max(...until)) : null,
      };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      if (timer) clearInterval(timer);
      listeners.clear();
    },
  };
}

/** What `buildServer` needs of the keys: the secrets and the signing key ring. */
export interface ServerKeys {
  secrets: ServerSecrets;
  signingKeys: SigningKeyRing;
}

/**
 * Loads (on first start: makes and stores) the server's secrets and signing keys. `main.ts`
 * calls it after migrating; `buildServer` calls it itself when it is given none (tests).
 */
export async function loadServerKeys(deps: {
  db: Database;
  keyEncryptionKey: string | null;
  fromEnvironment: Partial<ServerSecrets>;
  tokenLifetimeMs: number;
  refreshEveryMs?: number;
  clock?: () => Date;
  onError?: (error: unknown) => void;
}): Promise<ServerKeys> {
  const seal = createKeySeal(deps.keyEncryptionKey);
  const secrets = await loadServerSecrets({
    db: deps.db,
    seal,
    fromEnvironment: deps.fromEnvironment,
  });
  const signingKeys = await loadSigningKeyRing({ ...deps, seal });
  return { secrets, signingKeys };
}

/** How often an instance re-reads the keys for a rotation made elsewhere (or an old key's end). */
export const KEY_REFRESH_EVERY_MS = 10_000;

/** `loadServerKeys` as the server runs it: the configuration's secrets, the tokens' lifetime. */
export function loadServerKeysFor(
  config: Pick<Config, 'keyEncryptionKey' | 'secretsFromEnvironment'>,
  db: Database,
  options: { clock?: () => Date; refreshEveryMs?: number; onError?: (error: unknown) => void } = {},
): Promise<ServerKeys> {
  return loadServerKeys({
    db,
    keyEncryptionKey: config.keyEncryptionKey,
    fromEnvironment: config.secretsFromEnvironment,
    tokenLifetimeMs: TOKEN_TTL_SECONDS * 1000,
    refreshEveryMs: options.refreshEveryMs ?? KEY_REFRESH_EVERY_MS,
    clock: options.clock,
    onError: options.onError,
  });
}

/** A rotation, audited: by the command line, or by the demo admin API for a signed-in user. */
export async function rotateSigningKey(
  deps: { db: Database; signingKeys: Pick<SigningKeyRing, 'rotate'> },
  by: { via: 'command line' | 'admin API'; userId?: string | null; ip?: string | null },
): Promise<RotationResult> {
  const result = await deps.signingKeys.rotate();
  await insertAuditEvent(deps.db, {
    type: 'keys.rotated',
    userId: by.userId ?? null,
    ip: by.ip ?? null,
    details: {
      kid: result.signingKid,
      via: by.via,
      previousKeysPublishedUntil: result.previousKeysPublishedUntil?.toISOString() ?? null,
    },
  });
  return result;
}
