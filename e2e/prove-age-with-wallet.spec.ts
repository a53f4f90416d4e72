import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_BRAND,
  apiErrorMessage,
  credentialTitles,
  fillBrand,
  payByBankMessages,
  verifiableCredentialMessages as vcText,
  walletPresentationMessages as text,
} from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { openProfile } from './support/profile';
import { Mailbox, USERS } from './support/sign-in';

// ADR 0027 end to end, as a presenter plays "Prove your age without showing your ID": the bank
// issues jane's verified-customer credential to the phone's wallet (/mobile, a tab of the same
// browser, as on a presenter's laptop), the shop asks for age_over_18 over OpenID4VP, the phone
// discloses that claim alone, the shop verifies it, and "Behind the scenes" tells what was not
// disclosed. After Revoke at the bank, the same credential is refused as revoked.

const branded = (words: string) => fillBrand(words, DEFAULT_BRAND);
const TITLE = branded(credentialTitles.verified_customer);
const VERIFIER = payByBankMessages.merchantName;
/** jane.doe's mobile number (apps/server/src/seed/demo-data.ts): the code goes there by SMS. */
const JANE_MOBILE = '+15551234567';

function panel(page: Page) {
  return page.getByRole('complementary', { name: 'Behind the scenes' });
}

/** The shop asks for her age; the phone opens the request and shares what it asks. */
async function ageCheckShared(shop: Page, phone: Page) {
  await shop.goto('/retail');
  await shop.getByRole('button', { name: text.addToOrder, exact: true }).click();
  await shop.getByRole('button', { name: branded(text.verifyAge), exact: true }).click();
  const request = await shop.getByRole('link', { name: text.openOnPhone }).getAttribute('href');
  await phone.goto(request ?? '');
  const wallet = phone.getByRole('region', { name: vcText.phoneHeading, exact: true });
  const asks = wallet.getByRole('region', { name: text.asks(VERIFIER), exact: true });
  // Who asks, and the one claim it would see: nothing else of hers.
  await expect(asks.getByRole('term')).toHaveText(['Over 18']);
  await expect(asks.getByRole('definition')).toHaveText([vcText.yes]);
  await expect(asks.getByText(text.wouldNotShare)).toBeVisible();
  await asks.getByRole('button', { name: text.share, exact: true }).click();
  return wallet;
}

test('jane proves her age to the shop from her phone’s wallet: only age_over_18 is disclosed, the panel says her name and address were not, and after Revoke the shop refuses it as revoked', async ({
  page,
}) => {
  await signInThroughFlowApi(page, USERS.jane);
  await openProfile(page);
  await page.goto(`${new URL(page.url()).pathname}?inspect=1`);
  await expect(panel(page)).toBeVisible();

  // Personal Details → Add to my phone's wallet: an offer, and its code by SMS.
  const section = page.getByRole('region', { name: vcText.heading, exact: true });
  const sms = await Mailbox.open(page.request, JANE_MOBILE);
  await section
    .getByRole('button', { name: `${vcText.addToPhone}: ${TITLE}`, exact: true })
    .click();
  const offerLink = await section
    .getByRole('link', { name: vcText.openOnPhone })
    .getAttribute('href');
  const txCode = await sms.readNewCode();

  const phone = await page.context().newPage();
  await phone.goto(offerLink ?? '');
  const wallet = phone.getByRole('region', { name: vcText.phoneHeading, exact: true });
  await wallet.getByLabel(branded(vcText.txCodePrompt), { exact: true }).fill(txCode);
  await wallet.getByRole('button', { name: vcText.addWithCode, exact: true }).click();
  await expect(wallet.getByRole('status')).toHaveText(vcText.added(TITLE));

  // The shop asks; the phone shares age_over_18 alone; the shop verifies it.
  const shop = await page.context().newPage();
  await ageCheckShared(shop, phone);
  await expect(wallet.getByRole('status')).toHaveText(text.shared(VERIFIER));
  await expect(shop.getByText(branded(text.ageVerified))).toBeVisible();
  // "Age verified" and nothing else about her: no name, no address on the shop's page.
  await expect(shop.getByText('Jane')).toHaveCount(0);
  await expect(shop.getByText('123 Main Street')).toHaveCount(0);

  // Behind the scenes: the credential issued, and the check that never saw her name or address.
  const told = panel(page);
  await expect(told.getByRole('article', { name: 'Wallet credential', exact: true })).toContainText(
    'bound to that key',
  );
  const check = told.getByRole('article', { name: 'Wallet check', exact: true }).first();
  await expect(check).toContainText('(over 18)');
  await expect(check).toContainText(
    /not disclosed, it never saw your given name, family name.*address/,
  );

  // Revoke at the bank; the shop's next check of the same credential says it is revoked.
  const issued = section
    .getByRole('list', { name: vcText.heading, exact: true })
    .getByRole('listitem')
    .filter({ hasText: TITLE })
    .first();
  await issued.getByRole('button', { name: /^Revoke/ }).click();
  await expect(issued).toContainText(vcText.revoked);
  await ageCheckShared(shop, phone);
  await expect(
    shop.getByText(apiErrorMessage('wallet_check_revoked'), { exact: false }),
  ).toBeVisible();
  await expect(shop.getByText(branded(text.ageVerified))).toHaveCount(0);
});
