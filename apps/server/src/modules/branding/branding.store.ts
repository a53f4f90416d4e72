import { eq, sql } from 'drizzle-orm';
import type { LogoType } from '@anybank/contracts';
import type { Queryable } from '../../db/database';
import { branding } from '../../db/schema';

/** The one row of the brand a presenter set (none while the environment's defaults apply). */
const CURRENT = 'current';

export interface StoredBrand {
  bankName: string;
  productName: string;
  primaryColor: string;
  accentColor: string;
  logoType: LogoType | null;
  /** The logo's bytes in base64, or null for the default mark. */
  logo: string | null;
  updatedAt: Date;
}

/** The stored brand without its logo's bytes (every page load reads this). */
export async function findBrand(db: Queryable): Promise<Omit<StoredBrand, 'logo'> | null> {
  const [row] = await db
    .select({
      bankName: branding.bankName,
      productName: branding.productName,
      primaryColor: branding.primaryColor,
      accentColor: branding.accentColor,
      logoType: branding.logoType,
      updatedAt: branding.updatedAt,
    })
    .from(branding)
    .where(eq(branding.id, CURRENT));
  return row ? { ...row, logoType: row.logoType as LogoType | null } : null;
}

/** The uploaded logo, or null when there is none. */
export async function findLogo(
  db: Queryable,
): Promise<{ type: LogoType; base64: string; updatedAt: Date } | null> {
  const [row] = await db
    .select({ type: branding.logoType, base64: branding.logo, updatedAt: branding.updatedAt })
    .from(branding)
    .where(eq(branding.id, CURRENT));
  if (!row?.type || !row.base64) return null;
  return { type: row.type as LogoType, base64: row.base64, updatedAt: row.updatedAt };
}

/** Writes the brand; `logo` undefined keeps the stored logo, null removes it. */
export async function saveBrand(
  db: Queryable,
  brand: Omit<StoredBrand, 'logo' | 'logoType' | 'updatedAt'> & {
    logo?: { type: LogoType; base64: string } | null;
  },
): Promise<void> {
  const names = {
    bankName: brand.bankName,
    productName: brand.productName,
    primaryColor: brand.primaryColor,
    accentColor: brand.accentColor,
  };
  const logo =
    brand.logo === undefined
      ? {}
      : { logoType: brand.logo?.type ?? null, logo: brand.logo?.base64 ?? null };
  await db
    .insert(branding)
    .values({ id: CURRENT, ...names, ...logo, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: branding.id, set: { ...names, ...logo, updatedAt: sql`now()` } });
}

/** Back to the environment's defaults. */
export async function deleteBrand(db: Queryable): Promise<boolean> {
  const rows = await db
    .delete(branding)
    .where(eq(branding.id, CURRENT))
    .returning({ id: branding.id });
  return rows.length > 0;
}
