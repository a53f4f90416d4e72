import { expect, test } from '@playwright/test';
import {
  DEFAULT_BRAND,
  credentialClaimLabels,
  credentialTitles,
  fillBrand,
  pageRoute,
  verifiableCredentialMessages as text,
} from '@anybank/contracts';
import { signInThroughFlowApi } from './support/api-sign-in';
import { expectNoAxeViolations } from './support/axe';
import { openProfile } from './support/profile';
import { Mailbox, USERS } from './support/sign-in';

// ADR 0027: Personal Details offers the verified-customer credential to the phone's wallet
// (OpenID4VCI, pre-authorized code and a 6-digit transaction code sent to the customer's phone);
// /mobile, in a browser context of its own, redeems it with a key of its own, checks it against
// the bank's published key and lists its claims; the bank page lists it and revokes it.

const TITLE = fillBrand(credentialTitles.verified_customer, DEFAULT_BRAND);
const mobile = pageRoute('mobile');
/** jane.doe's mobile number (apps/server/src/seed/demo-data.ts): the code goes there by SMS. */
const JANE_MOBILE = '+15551234567';

test('jane adds her verified-customer credential to the phone’s wallet with the code sent to her phone, sees its claims, deletes it, and revokes it at the bank', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInThroughFlowApi(page, USERS.jane);
  await openProfile(page);
  const section = page.getByRole('region', { name: text.heading, exact: true });
  const sms = await Mailbox.open(page.request, JANE_MOBILE);

  await section.getByRole('button', { name: `${text.addToPhone}: ${TITLE}`, exact: true }).click();
  const qrCode = section.getByRole('img', { name: text.qrAlt(TITLE) });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  await expect(section.getByText(/^We sent a 6-digit code to /)).toBeVisible();
  const phoneLink =
    (await section.getByRole('link', { name: text.openOnPhone }).getAttribute('href')) ?? '';
  expect(phoneLink.startsWith(`${baseURL}${mobile.paths[0]}#credential_offer=`)).toBe(true);
  await expectNoAxeViolations(page);
  const txCode = await sms.readNewCode();

  // The newest of jane's credentials of this type: the one this journey adds.
  const issued = section
    .getByRole('list', { name: text.heading, exact: true })
    .getByRole('listitem')
    .filter({ hasText: TITLE })
    .first();
  const phoneContext = await browser.newContext();
  try {
    const phone = await phoneContext.newPage();
    await phone.goto(phoneLink);
    // The offer's pre-authorized code leaves the address at once.
    await expect(phone).toHaveURL((url) => url.hash === '');
    const wallet = phone.getByRole('region', { name: text.phoneHeading, exact: true });
    const code = wallet.getByLabel(fillBrand(text.txCodePrompt, DEFAULT_BRAND), { exact: true });
    await expect(code).toBeFocused();
    await expectNoAxeViolations(phone);
    await code.fill(txCode);
    await wallet.getByRole('button', { name: text.addWithCode, exact: true }).click();
    await expect(wallet.getByRole('status')).toHaveText(text.added(TITLE));

    const card = wallet.getByRole('article', { name: TITLE, exact: true });
    const details = card.getByRole('definition');
    await expect(card.getByRole('term')).toContainText([
      credentialClaimLabels.given_name!,
      credentialClaimLabels.family_name!,
      credentialClaimLabels.age_over_18!,
      credentialClaimLabels.address!,
    ]);
    await expect(details).toContainText(['Jane', 'Doe']);
    await expect(card.getByText('123 Main Street', { exact: false })).toBeVisible();

    // The bank's page hears that the phone took the offer, and lists the credential as active.
    await expect(section.getByRole('status')).toHaveText(text.added(TITLE));
    await expect(issued).toContainText(text.active);

    // The same offer again: the code was used.
    await phone.goto(phoneLink);
    await wallet.getByLabel(fillBrand(text.txCodePrompt, DEFAULT_BRAND)).fill(txCode);
    await wallet.getByRole('button', { name: text.addWithCode, exact: true }).click();
    await expect(wallet.getByRole('alert')).toHaveText(
      /already used or has expired|no longer be used/,
    );
    await expect(wallet.getByRole('article')).toHaveCount(1);

    await card.getByRole('button', { name: text.deleteLabel(TITLE), exact: true }).click();
    await expect(wallet.getByRole('status')).toHaveText(text.deleted(TITLE));
    await expect(wallet.getByRole('article')).toHaveCount(0);
  } finally {
    await phoneContext.close();
  }

  await issued.getByRole('button', { name: /^Revoke/ }).click();
  await expect(section.getByRole('status')).toHaveText(text.revokedNotice(TITLE));
  await expect(issued).toContainText(text.revoked);
  await expect(issued.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
});
