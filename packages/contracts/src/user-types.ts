/** Document 1 §3.6 and §6: the four user types, as carried in `{product}UserType`. */
export const USER_TYPES = [
  'customer',
  'AnyWealthAdvisor',
  'AnyMarketing',
  'CustomerServiceRep',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const PARTNER_USER_TYPES = [
  'AnyWealthAdvisor',
  'AnyMarketing',
  'CustomerServiceRep',
] as const;
export type PartnerUserType = (typeof PARTNER_USER_TYPES)[number];

export function isUserType(value: unknown): value is UserType {
  return typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);
}

export function isPartnerUserType(value: unknown): value is PartnerUserType {
  return typeof value === 'string' && (PARTNER_USER_TYPES as readonly string[]).includes(value);
}
