import { createHash } from 'node:crypto';
import {
  BRANDING_LOGO_PATH,
  apiErrorMessage,
  contrastProblems,
  type BrandColors,
  type BrandNames,
  type Branding,
  type BrandingUpdate,
  type LogoType,
} from '@anybank/contracts';
import type { Database, Queryable } from '../../db/database';
import { DomainError } from '../../domain-error';
import { insertAuditEvent } from '../audit';
import { defaultLogoSvg } from './default-logo';
import { logoVerdict } from './logo.rules';
import { deleteBrand, findBrand, findLogo, saveBrand } from './branding.store';

/** The brand from the environment (config.ts): what applies until the demo admin changes it. */
export interface BrandDefaults extends BrandNames, BrandColors {}

export interface BrandingCaller {
  userId: string;
  ip: string;
}

export interface BrandLogo {
  type: LogoType;
  bytes: Buffer;
  /** The version the logo's address carries (`?v=`): a new logo is a new address. */
  version: string;
}

/**
 * The bank's brand (ADR 0020): the environment's defaults, or the one the demo
 * admin set, read fresh on every call so that every instance applies a change at once.
 */
export interface BrandingService {
  /** The brand as the site and the phone read it. */
  current(): Promise<Branding>;
  /** The names a message is sent under, read in the sender's transaction when it has one. */
  names(within?: Queryable): Promise<BrandNames>;
  /** The uploaded logo, or the default mark in the brand's primary colour. */
  logo(): Promise<BrandLogo>;
  update(caller: BrandingCaller, body: BrandingUpdate): Promise<Branding>;
  /** Back to the environment's defaults (the demo admin's "Restore default brand"). */
  restore(caller: BrandingCaller): Promise<Branding>;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

/** Refuses colours below WCAG AA: the first failing pair in the message, every one in details. */
function checkContrast(colors: BrandColors) {
  const problems = contrastProblems(colors);
  const [first] = problems;
  if (!first) return;
  throw new DomainError('brand_contrast_too_low', {
    message: first.message,
    details: problems.map((problem) => ({ field: problem.pair, message: problem.message })),
    extra: { pairs: problems.map(({ pair, ratio }) => ({ pair, ratio })) },
  });
}

function decodedLogo(logo: NonNullable<BrandingUpdate['logo']>): Buffer {
  const bytes = Buffer.from(logo.base64, 'base64');
  const verdict = logoVerdict(logo.type, bytes);
  if (!verdict.ok) {
    throw new DomainError('brand_logo_refused', {
      message: apiErrorMessage('brand_logo_refused', verdict.reason),
    });
  }
  return bytes;
}

export function createBrandingService(deps: {
  db: Database;
  defaults: BrandDefaults;
  basePath: string;
  /** Off (DEMO_TOOLS=off), only the environment's brand applies: the form does not exist. */
  storedBrandApplies: boolean;
}): BrandingService {
  const { db, defaults } = deps;

  async function stored(within: Queryable = db) {
    return deps.storedBrandApplies ? findBrand(within) : null;
  }

  async function current(): Promise<Branding> {
    const brand = await stored();
    const version = brand?.logoType
      ? `u${brand.updatedAt.getTime()}`
      : `d${shortHash(brand?.primaryColor ?? defaults.primaryColor)}`;
    return {
      bankName: brand?.bankName ?? defaults.bankName,
      productName: brand?.productName ?? defaults.productName,
      primaryColor: brand?.primaryColor ?? defaults.primaryColor,
      accentColor: brand?.accentColor ?? defaults.accentColor,
      logoUrl: `${deps.basePath}${BRANDING_LOGO_PATH}?v=${version}`,
      customLogo: Boolean(brand?.logoType),
      custom: brand !== null,
    };
  }

  return {
    current,

    async names(within) {
      const brand = await stored(within);
      return {
        bankName: brand?.bankName ?? defaults.bankName,
        productName: brand?.productName ?? defaults.productName,
      };
    },

    async logo() {
      const uploaded = deps.storedBrandApplies ? await findLogo(db) : null;
      if (uploaded) {
        return {
          type: uploaded.type,
          bytes: Buffer.from(uploaded.base64, 'base64'),
          version: `u${uploaded.updatedAt.getTime()}`,
        };
      }
      const { primaryColor } = await current();
      return {
        type: 'image/svg+xml',
        bytes: Buffer.from(defaultLogoSvg(primaryColor)),
        version: `d${shortHash(primaryColor)}`,
      };
    },

    async update(caller, body) {
      checkContrast(body);
      const logoBytes = body.logo ? decodedLogo(body.logo) : null;
      await db.transaction(async (tx) => {
        const before = await findBrand(tx);
        await saveBrand(tx, body);
        await insertAuditEvent(tx, {
          type: 'admin.action',
          userId: caller.userId,
          ip: caller.ip,
          details: {
            action: 'branding',
            from: before
              ? { bankName: before.bankName, primaryColor: before.primaryColor }
              : 'default',
            to: {
              bankName: body.bankName,
              productName: body.productName,
              primaryColor: body.primaryColor,
              accentColor: body.accentColor,
            },
            logo:
              body.logo === undefined
                ? 'kept'
                : body.logo === null
                  ? 'default'
                  : { type: body.logo.type, bytes: logoBytes?.length ?? 0 },
          },
        });
      });
      return current();
    },

    async restore(caller) {
      await db.transaction(async (tx) => {
        const removed = await deleteBrand(tx);
        await insertAuditEvent(tx, {
          type: 'admin.action',
          userId: caller.userId,
          ip: caller.ip,
          details: { action: 'branding-restored', changed: removed },
        });
      });
      return current();
    },
  };
}
