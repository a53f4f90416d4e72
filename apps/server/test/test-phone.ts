import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { XSRF_HEADER } from '@anybank/contracts';
import {
  decisionMessage,
  listingMessage,
  type PushDecision,
} from '../src/modules/identity/devices/push.rules';
import { BrowserSession } from './browser-session';
import type { SignInDriver } from './sign-in-driver';

/** The bank's phone app as a test holds it: its own key pair, activated like a person would. */
export class TestPhone {
  readonly browser: BrowserSession;
  private readonly privateKey: KeyObject;
  readonly publicJwk: Record<string, unknown>;
  deviceId = '';

  constructor(origin: string) {
    this.browser = new BrowserSession(origin);
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as Record<string, unknown>;
  }

  sign(message: string): string {
    return sign('sha256', Buffer.from(message), {
      key: this.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url');
  }

  private post(path: string, body: unknown) {
    return this.browser.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [XSRF_HEADER]: '1' },
      body: JSON.stringify(body),
    });
  }

  /** Password, then the e-mail code (read by `reader`, as the person reads their mail). */
  async activate(
    username: string,
    email: string,
    reader: SignInDriver,
    password = 'Welcome2Bank!',
  ) {
    const started = await this.post('/api/mobile/activation', { username, password });
    if (started.status !== 202) throw new Error(`activation start answered ${started.status}`);
    const code = await reader.latestCode(email);
    const confirmed = await this.post('/api/mobile/activation/confirm', {
      username,
      code,
      publicKey: this.publicJwk,
    });
    if (confirmed.status !== 201)
      throw new Error(`activation confirm answered ${confirmed.status}: ${await confirmed.text()}`);
    this.deviceId = ((await confirmed.json()) as { deviceId: string }).deviceId;
  }

  async pending(): Promise<{
    status: number;
    requests: { id: string; kind: string; context: unknown }[];
  }> {
    const timestamp = Date.now();
    const response = await this.browser.fetch(
      `/api/mobile/devices/${this.deviceId}/push-requests`,
      {
        headers: {
          'x-device-timestamp': String(timestamp),
          'x-device-signature': this.sign(listingMessage(this.deviceId, timestamp)),
        },
      },
    );
    const body = (await response.json()) as {
      requests?: { id: string; kind: string; context: unknown }[];
    };
    return { status: response.status, requests: body.requests ?? [] };
  }

  async decide(requestId: string, decision: PushDecision, signer: TestPhone = this) {
    return this.post(`/api/mobile/push-requests/${requestId}/decision`, {
      deviceId: this.deviceId,
      decision,
      signature: signer.sign(decisionMessage(requestId, decision)),
    });
  }
}
