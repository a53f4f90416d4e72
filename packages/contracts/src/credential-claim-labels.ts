/** What the phone (and the panel) calls each claim of the bank's credentials (ADR 0027). */
export const credentialClaimLabels: Record<string, string> = {
  given_name: 'Given name',
  family_name: 'Family name',
  birthdate: 'Date of birth',
  age_over_18: 'Over 18',
  address: 'Address',
  verification_level: 'How the bank verified you',
  bank_name: 'Bank',
  account_number: 'Account number',
  holder_name: 'Account holder',
};
