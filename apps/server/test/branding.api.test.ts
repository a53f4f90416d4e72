import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_BRANDING_PATH,
  BRANDING_API_PATH,
  BRANDING_LOGO_PATH,
  DEFAULT_BRAND,
  brandingSchema,
  type Branding,
  type BrandingUpdate,
} from '@anybank/contracts';
import { auditEvents, branding, outboxMessages } from '../src/db/schema';
import { seedDemoData } from '../src/seed/seed';
import { apiClient, customerToken, startBankingServer, userIdOf } from './banking-server';
import { partnerToken } from './partner-tokens';
import { presenterCookie } from './presenter';
import type { Server } from './sign-in-driver';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './test-database';

const NORTHWIND_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#1b5e20"/></svg>';

const NORTHWIND: BrandingUpdate = {
  bankName: 'Northwind Bank',
  productName: 'Northwind Go',
  primaryColor: '#1b5e20',
  accentColor: '#ffd54f',
  logo: { type: 'image/svg+xml', base64: Buffer.from(NORTHWIND_LOGO).toString('base64') },
};

// On both engines (DATABASE_KINDS): a message reads the brand inside its sender's transaction,
// which on PGlite would wait forever if it used the outer handle.
describe.each(DATABASE_KINDS)('the bank’s brand on %s', (kind) => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;
  let customer: ReturnType<typeof apiClient>;
  let admin: ReturnType<typeof apiClient>;
  let janeId: string;

  async function brand(): Promise<Branding> {
    const response = await fetch(new URL(BRANDING_API_PATH, origin));
    expect(response.status).toBe(200);
    return brandingSchema.parse(await response.json());
  }

  async function latestEmailTo(recipient: string) {
    const [row] = await test.handle.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.channel, 'email')))
      .orderBy(desc(outboxMessages.sequence))
      .limit(1);
    return row;
  }

  async function brandingAudits() {
    const rows = await test.handle.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'admin.action'), eq(auditEvents.userId, janeId)));
    return rows.map((row) => row.details as { action?: string });
  }

  beforeAll(async () => {
    test = await createTestDatabase(kind, { seeded: true });
    ({ server, origin } = await startBankingServer(test));
    customer = apiClient(origin, await customerToken(origin, 'jane.doe'));
    // The brand is everyone's: the demo admin's calls come from the presenter's browser.
    const cookie = await presenterCookie(server);
    admin = (path, init = {}) => customer(path, { ...init, headers: { cookie, ...init.headers } });
    janeId = await userIdOf(test, 'jane.doe');
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('is the environment’s default brand until the demo admin changes it', async () => {
    const current = await brand();
    expect(current).toMatchObject({
      bankName: DEFAULT_BRAND.bankName,
      productName: DEFAULT_BRAND.productName,
      primaryColor: DEFAULT_BRAND.primaryColor,
      accentColor: DEFAULT_BRAND.accentColor,
      customLogo: false,
      custom: false,
    });
    expect(current.logoUrl).toMatch(/^\/api\/branding\/logo\?v=d[\w-]+$/);
    const logo = await fetch(new URL(current.logoUrl, origin));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await logo.text()).toContain(`fill="${DEFAULT_BRAND.primaryColor}"`);
    // Without the current version the address may change its bytes: revalidated every time.
    const unversioned = await fetch(new URL(BRANDING_LOGO_PATH, origin));
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
  });

  it('applies a new brand at once: its name in the next e-mail, its logo served safely', async () => {
    const response = await admin(ADMIN_BRANDING_PATH, { method: 'PUT', body: NORTHWIND });
    expect(response.status).toBe(200);
    const answered = brandingSchema.parse(await response.json());
    expect(answered).toMatchObject({
      bankName: 'Northwind Bank',
      productName: 'Northwind Go',
      primaryColor: '#1b5e20',
      accentColor: '#ffd54f',
      customLogo: true,
      custom: true,
    });
    expect(await brand()).toEqual(answered);

    const logo = await fetch(new URL(answered.logoUrl, origin));
    expect(logo.status).toBe(200);
    expect(await logo.text()).toBe(NORTHWIND_LOGO);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    // Only ever an image: opened by its address, a browser saves it rather than render it.
    expect(logo.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(logo.headers.get('content-security-policy')).toMatch(/^default-src 'none';.*sandbox$/);

    // The next sign-in's code e-mail names the new bank.
    await customerToken(origin, 'jane.doe');
    const mail = await latestEmailTo('jane.doe@example.com');
    expect(mail?.subject).toBe('Your Northwind Bank sign-in code');
    expect(mail?.body).toContain('Northwind Bank will never ask you for this code.');
    expect(mail?.body).not.toContain('{{');

    expect(await brandingAudits()).toContainEqual(
      expect.objectContaining({
        action: 'branding',
        to: expect.objectContaining({ bankName: 'Northwind Bank' }),
        logo: { type: 'image/svg+xml', bytes: NORTHWIND_LOGO.length },
      }),
    );
  });

  it('keeps the logo when none is sent, and a new logo is a new address', async () => {
    const before = await brand();
    const withoutLogo: BrandingUpdate = { ...NORTHWIND };
    delete withoutLogo.logo;
    const renamed = await admin(ADMIN_BRANDING_PATH, {
      method: 'PUT',
      body: { ...withoutLogo, bankName: 'Northwind Savings' },
    });
    expect(renamed.status).toBe(200);
    expect(await brand()).toMatchObject({ bankName: 'Northwind Savings', customLogo: true });
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000',
      'hex',
    ).toString('base64');
    const replaced = await admin(ADMIN_BRANDING_PATH, {
      method: 'PUT',
      body: { ...NORTHWIND, logo: { type: 'image/png', base64: png } },
    });
    expect(replaced.status).toBe(200);
    const after = await brand();
    expect(after.logoUrl).not.toBe(before.logoUrl);
    const logo = await fetch(new URL(after.logoUrl, origin));
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).toString('base64')).toBe(png);
  });

  it.each([
    {
      name: 'a light primary under white text',
      colors: { primaryColor: '#7fb3ff', accentColor: '#ffffff' },
      message:
        'The contrast between white text and the primary colour #7fb3ff is 2.14:1; WCAG AA needs at least 4.5:1 for text.',
    },
    {
      name: 'an accent too close to the primary',
      colors: { primaryColor: '#1b5e20', accentColor: '#2e7d32' },
      message:
        'The contrast between the accent colour #2e7d32 and the primary colour #1b5e20 is 1.53:1; WCAG AA needs at least 4.5:1 for text.',
    },
  ])('refuses colours below WCAG AA, saying which pair: $name', async ({ colors, message }) => {
    const before = await brand();
    const response = await admin(ADMIN_BRANDING_PATH, {
      method: 'PUT',
      body: { ...NORTHWIND, ...colors },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('brand_contrast_too_low');
    expect(body.message).toBe(message);
    expect(await brand()).toEqual(before);
  });

  it.each([
    {
      name: 'an SVG with a script',
      logo: {
        type: 'image/svg+xml',
        svg: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      },
      code: 'brand_logo_refused',
    },
    {
      name: 'an SVG loading an outside image',
      logo: { type: 'image/svg+xml', svg: '<svg><image href="https://evil.example/x.png"/></svg>' },
      code: 'brand_logo_refused',
    },
    {
      // A CSS escape hides `url(` from a text filter, not from the browser's CSS parser.
      name: 'an SVG loading an outside image through a CSS-escaped url()',
      logo: {
        type: 'image/svg+xml',
        svg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" style="fill:u\\72l(https://evil.example/x.svg#a)"/></svg>',
      },
      code: 'brand_logo_refused',
    },
    {
      name: 'an SVG importing a style sheet through a CSS-escaped @import',
      logo: {
        type: 'image/svg+xml',
        svg: '<svg xmlns="http://www.w3.org/2000/svg"><style>@\\69mport "https://evil.example/a.css";</style></svg>',
      },
      code: 'brand_logo_refused',
    },
    {
      name: 'an SVG sent as a PNG',
      logo: { type: 'image/png', svg: NORTHWIND_LOGO },
      code: 'brand_logo_refused',
    },
    { name: 'a GIF', logo: { type: 'image/gif', svg: 'GIF89a' }, code: 'invalid_input' },
  ])('refuses a logo that is not a harmless SVG or PNG: $name', async ({ logo, code }) => {
    const before = await brand();
    const response = await admin(ADMIN_BRANDING_PATH, {
      method: 'PUT',
      body: {
        ...NORTHWIND,
        logo: { type: logo.type, base64: Buffer.from(logo.svg).toString('base64') },
      },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe(code);
    expect(await brand()).toEqual(before);
  });

  it.each([
    ['a three-digit colour', { primaryColor: '#123' }],
    ['a colour name', { accentColor: 'gold' }],
    ['an empty bank name', { bankName: '  ' }],
    ['markup in the name', { bankName: '<b>Bank</b>' }],
    ['a right-to-left override in the name', { bankName: 'Any\u202EknaB' }],
    ['a bidirectional isolate in the name', { productName: '\u2067Any\u2069Bank' }],
    ['a right-to-left mark in the name', { bankName: 'AnyBank\u200F' }],
    ['a zero-width space in the name', { productName: 'Any\u200BBank' }],
    ['a control character in the name', { bankName: 'Any\u0085Bank' }],
    ['a name too long for the navbar', { productName: 'x'.repeat(41) }],
  ])('refuses %s', async (_name, change) => {
    const response = await admin(ADMIN_BRANDING_PATH, {
      method: 'PUT',
      body: { ...NORTHWIND, ...change },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('invalid_input');
    expect((await brand()).bankName).not.toMatch(/[\u202e\u2067\u200f\u200b]/);
  });

  it('refuses a brand change or restore by a customer’s token without the presenter cookie (403 presenter_required), and changes nothing', async () => {
    const before = await brand();
    const forged = `anybank_presenter=${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`;
    for (const headers of [{}, { cookie: forged }] as Record<string, string>[]) {
      const renamed = await customer(ADMIN_BRANDING_PATH, {
        method: 'PUT',
        body: { ...NORTHWIND, bankName: 'Squatted Bank' },
        headers,
      });
      expect(renamed.status).toBe(403);
      expect(((await renamed.json()) as { code: string }).code).toBe('presenter_required');
      const restored = await customer(ADMIN_BRANDING_PATH, { method: 'DELETE', headers });
      expect(restored.status).toBe(403);
      expect(((await restored.json()) as { code: string }).code).toBe('presenter_required');
    }
    expect(await brand()).toEqual(before);
  });

  it('takes brand changes from signed-in customers only', async () => {
    const anonymous = await fetch(new URL(ADMIN_BRANDING_PATH, origin), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(NORTHWIND),
    });
    expect(anonymous.status).toBe(401);
    const advisor = apiClient(origin, await partnerToken(origin, 'AnyWealthAdvisor'));
    expect((await advisor(ADMIN_BRANDING_PATH, { method: 'DELETE' })).status).toBe(403);
  });

  it('restores the default brand, audited', async () => {
    const response = await admin(ADMIN_BRANDING_PATH, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(brandingSchema.parse(await response.json())).toMatchObject({
      bankName: DEFAULT_BRAND.bankName,
      custom: false,
      customLogo: false,
    });
    expect(await brandingAudits()).toContainEqual({ action: 'branding-restored', changed: true });
    await customerToken(origin, 'jane.doe');
    expect((await latestEmailTo('jane.doe@example.com'))?.subject).toBe(
      'Your AnyBank sign-in code',
    );
  });

  it('is put back to the default by the seed’s reset ("Reset demo")', async () => {
    const set = await admin(ADMIN_BRANDING_PATH, { method: 'PUT', body: NORTHWIND });
    expect(set.status).toBe(200);
    await seedDemoData(test.handle.db, { reset: true });
    expect(await test.handle.db.select().from(branding)).toEqual([]);
    expect(await brand()).toMatchObject({ bankName: DEFAULT_BRAND.bankName, custom: false });
  });
});

// One database: which routes a configuration switch serves and what the environment sets.
describe('the brand with the demo tools off', () => {
  let test: TestDatabase;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    test = await createTestDatabase('pglite', { seeded: true });
    ({ server, origin } = await startBankingServer(test, {
      env: {
        DEMO_TOOLS: 'off',
        BANK_NAME: 'Contoso Bank',
        PRODUCT_NAME: 'Contoso Mobile',
        BRAND_PRIMARY_COLOR: '#5C2D91',
        BRAND_ACCENT_COLOR: '#ffb900',
      },
    }));
  });
  afterAll(async () => {
    await server.app.close();
    await test.drop();
  });

  it('serves the environment’s brand, ignores a stored one, and has no admin calls (404)', async () => {
    // Left behind from a time the demo tools were on: only the environment decides now.
    await test.handle.db.insert(branding).values({
      id: 'current',
      bankName: 'Leftover Bank',
      productName: 'Leftover',
      primaryColor: '#000000',
      accentColor: '#ffffff',
    });
    const response = await fetch(new URL(BRANDING_API_PATH, origin));
    expect(brandingSchema.parse(await response.json())).toMatchObject({
      bankName: 'Contoso Bank',
      productName: 'Contoso Mobile',
      primaryColor: '#5c2d91',
      accentColor: '#ffb900',
      custom: false,
    });
    for (const method of ['PUT', 'DELETE']) {
      const admin = await fetch(new URL(ADMIN_BRANDING_PATH, origin), {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(NORTHWIND),
      });
      expect(admin.status).toBe(404);
    }
  });
});
