import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_BRANDING_PATH,
  BRANDING_API_PATH,
  BRANDING_LOGO_PATH,
  brandingSchema,
  brandingUpdateSchema,
  type Branding,
} from '@anybank/contracts';
import type { RouteResponses } from '../../http/openapi';
import { parseInput, INPUT_REFUSALS } from '../../http/validation';
import type { AuthGuards, PresenterGuard } from '../identity';
import { logoResponseHeaders } from './logo.rules';
import type { BrandingService } from './branding.service';
import { USER_TOKEN_REFUSALS } from '../../http/access-token-refusals';

const logoQuerySchema = z.object({
  v: z.string().max(64).optional().describe('The version `GET /api/branding` names.'),
});

/** A versioned logo address never changes its bytes: browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The bank's brand (ADR 0020): read by anyone (every page, the phone, the outbox), changed
 * only on the demo admin page, while the demo tools are on, by a signed-in customer in the
 * presenter's browser: the brand is everyone's, so one customer's token is not enough
 * (README "Demo tools").
 */
export function registerBrandingRoutes(
  app: FastifyInstance,
  deps: {
    branding: BrandingService;
    auth: AuthGuards;
    presenter: PresenterGuard;
    demoToolsEnabled: boolean;
  },
) {
  app.get(
    BRANDING_API_PATH,
    {
      config: {
        docs: {
          summary: 'The bank’s brand: name, app name, colours and the logo’s address',
          tag: 'branding',
          caller: 'anyone',
          description:
            'The environment’s defaults (BANK_NAME, PRODUCT_NAME, BRAND_PRIMARY_COLOR, BRAND_ACCENT_COLOR) until the demo admin changes them. `logoUrl` carries a version: a new logo is a new address.',
          responses: { 200: { description: 'The brand in use.', schema: brandingSchema } },
        },
      },
    },
    (): Promise<Branding> => deps.branding.current(),
  );

  app.get(
    BRANDING_LOGO_PATH,
    {
      config: {
        docs: {
          summary: 'The bank’s logo: the uploaded SVG or PNG, or the default mark',
          tag: 'branding',
          caller: 'anyone',
          description:
            'Served as the type it was checked as, with `X-Content-Type-Options: nosniff` and a Content-Security-Policy under which nothing in an SVG runs or loads. With the current `v`, cacheable for a year.',
          query: logoQuerySchema,
          responses: {
            200: { description: 'The logo (image/svg+xml or image/png).', type: 'image/svg+xml' },
            400: { description: 'A `v` longer than 64 characters.', codes: INPUT_REFUSALS[400] },
          },
        },
      },
    },
    async (request, reply) => {
      const { v } = parseInput(logoQuerySchema, request.query);
      const logo = await deps.branding.logo();
      return reply
        .headers(logoResponseHeaders(logo.type))
        .header('cache-control', v === logo.version ? IMMUTABLE : 'no-cache')
        .send(logo.bytes);
    },
  );

  if (!deps.demoToolsEnabled) return;

  const adminAnswers = {
    200: { description: 'The brand now in use.', schema: brandingSchema },
    401: { description: 'No valid customer token.', codes: USER_TOKEN_REFUSALS[401] },
    403: {
      description:
        'Not a customer’s token, or (`presenter_required`) no presenter cookie in this browser: the presenter secret unlocks it (`POST /api/dev/presenter`). Nothing changed.',
      codes: [...USER_TOKEN_REFUSALS[403], 'presenter_required'],
    },
  } satisfies RouteResponses;

  app.put(
    ADMIN_BRANDING_PATH,
    {
      config: {
        docs: {
          summary: 'Demo admin: sets the bank’s name, app name, colours and logo (audited)',
          tag: 'admin',
          caller: 'bearer',
          description:
            'Colours `#rrggbb`; white text on the primary, the accent on the primary and black text on the accent must each reach WCAG AA (4.5:1). The logo is an SVG (no scripts, event handlers or outside references) or a PNG, at most 100 KB, base64; left out, the current logo stays; null, the default mark. Applies at once: site, sign-in, messages and phone.',
          body: brandingUpdateSchema,
          responses: {
            ...adminAnswers,
            400: {
              description:
                'A field the schema refuses (`invalid_input`), a colour pair below WCAG AA (`brand_contrast_too_low`, the pair and its ratio in the message) or a logo refused (`brand_logo_refused`). Nothing changed.',
              codes: ['invalid_input', 'brand_contrast_too_low', 'brand_logo_refused'],
            },
          },
        },
      },
    },
    async (request): Promise<Branding> => {
      const principal = await deps.auth.requireCustomer(request);
      deps.presenter.requirePresenter(request);
      const body = parseInput(brandingUpdateSchema, request.body);
      return deps.branding.update({ userId: principal.userId, ip: request.ip }, body);
    },
  );

  app.delete(
    ADMIN_BRANDING_PATH,
    {
      config: {
        docs: {
          summary: 'Demo admin: restores the default brand from the environment (audited)',
          tag: 'admin',
          caller: 'bearer',
          responses: adminAnswers,
        },
      },
    },
    async (request): Promise<Branding> => {
      const principal = await deps.auth.requireCustomer(request);
      deps.presenter.requirePresenter(request);
      return deps.branding.restore({ userId: principal.userId, ip: request.ip });
    },
  );
}
