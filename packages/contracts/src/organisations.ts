/**
 * The organisations the bank knows: business customers that are not people. Each is created by
 * the database's migration (apps/server/drizzle/0014_bank_organisations.sql) and re-created by a
 * demo reset (seed/organisations.ts), and is referred to by its own fixed id and account number
 * everywhere — a payment's payee, an OAuth client's company — never by a username, which anyone
 * could register. Their usernames are reserved: registration answers them as taken, and no
 * sign-in or recovery finds them (directory.rules.ts, isReservedUsername).
 */
export interface BankOrganisation {
  /** Its user id: fixed, so that a reset re-creates the same organisation. */
  id: string;
  /** Its reserved username (it never signs in). */
  uid: string;
  /** Its name as a payer sees it: the two name fields of its directory entry. */
  firstName: string;
  lastName: string;
  email: string;
  /**
   * Its checking account's number, fixed. A leading zero: an account number the bank generates
   * for a customer never has one (directory/new-customer.ts), so the two never collide.
   */
  accountId: string;
}

/** The pay-by-bank shop's company (ADR 0023): its client pays into this account only. */
export const RETAIL_SHOP_COMPANY: BankOrganisation = {
  id: '00000000-0000-4000-8000-00000000a001',
  uid: 'retail-shop-ltd',
  firstName: 'Retail Shop',
  lastName: 'Ltd',
  email: 'payments@retail-shop.example',
  accountId: '0200000017',
};

export const BANK_ORGANISATIONS: readonly BankOrganisation[] = [RETAIL_SHOP_COMPANY];
