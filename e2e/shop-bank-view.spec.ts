import { expect, test, type Locator } from '@playwright/test';
import {
  pageRoute,
  payByBankMessages as text,
  retailShopBankMessages as atBank,
  retailShopPageMessages as shopPage,
  shopBankViewMessages as view,
} from '@anybank/contracts';
import { expectNoAxeViolations, waitForAnimationsToFinish } from './support/axe';
import { payByBank } from './support/pay-by-bank';

// The Shop ⇄ Bank view (ADR 0023): after a payment by bank and the presenter's retry, the
// shop's record lists, in order, each call its server made to the bank and the bank's answer —
// the client assertion, the consent, the PAR with authorization_details, the DPoP proof whose
// key is the one the token is bound to, the payment, its two ledger entries, the shop's Open
// Banking read and the bank's 409 — from the receipt, on the shop's page, without the bank's panel.

const shopBank = pageRoute('shop-bank');

/** The value a "label: value" line of a step shows. */
async function factOf(step: Locator, label: string): Promise<string> {
  const line = step.getByText(`${label}: `, { exact: false });
  await expect(line).toHaveCount(1);
  return (await line.locator('code').innerText()).trim();
}

test('after paying by bank and the retry, the Shop ⇄ Bank view shows the client assertion, consent, PAR with authorization_details, a DPoP proof whose jkt is the token’s cnf.jkt, the payment, the ledger entries, the Open Banking read and the 409, in order', async ({
  page,
}) => {
  // The shop's own checkout: the order summary with shipping and tax, the other ways to pay.
  await page.goto(pageRoute('retail').paths[0]!);
  const summary = page.getByRole('region', { name: shopPage.summaryHeading, exact: true });
  await expect(summary.getByRole('definition')).toHaveText(['$38.98', 'Free', '$3.12', '$42.10']);
  await expect(page.getByText(`(${shopPage.notAvailable})`, { exact: true })).toHaveCount(
    shopPage.otherWays.length,
  );
  await expectNoAxeViolations(page);

  const paid = await payByBank(page);
  // At the bank: who is being paid and how much, and no Sign In / Sign Up beside it.
  await expect(
    page.getByText(text.youArePaying(text.merchantName, '$42.10'), { exact: true }),
  ).toBeVisible();
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await expect(navbar.getByRole('link', { name: /home$/ })).toBeVisible();
  await expect(navbar.getByRole('button', { name: /^Sign (In|Up)$/ })).toHaveCount(0);
  await page
    .getByRole('group', { name: text.payFrom })
    .getByRole('radio', { name: /^Checking / })
    .check();
  await page.getByRole('button', { name: text.confirm, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: text.paid, exact: true })).toBeVisible();

  // The presenter's retry: the bank refuses the used consent.
  const refuses = page.getByRole('region', { name: atBank.resubmitHeading, exact: true });
  await refuses.getByRole('button', { name: atBank.resubmit, exact: true }).click();
  await expect(refuses.getByRole('status')).toContainText('HTTP 409');

  // From the receipt to the view.
  await page.getByRole('link', { name: view.receiptLink, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([shopBank.heading]);
  await expect(page.getByText(text.orderReference(paid.reference), { exact: true })).toBeVisible();
  const steps = page
    .getByRole('list', { name: shopBank.heading, exact: true })
    .locator(':scope > li');
  const titles = steps.getByRole('heading', { level: 2 });
  await expect(titles.last()).toContainText(view.stepTitle.payment_again);
  const shown = await titles.allInnerTexts();
  const expected = [
    view.stepTitle.client_credentials,
    view.stepTitle.payment_consent,
    view.stepTitle.pushed_authorization,
    view.stepTitle.authorization,
    view.stepTitle.code_exchange,
    view.stepTitle.payment,
    view.ledgerHeading,
    view.stepTitle.open_banking_token,
    view.stepTitle.open_banking_read,
    view.stepTitle.payment_again,
  ];
  expect(
    shown.map((title) => expected.findIndex((name) => title.includes(name))),
    shown.join('\n'),
  ).toEqual(expected.map((_, index) => index));

  // A step by its whole title ("6. The payment · 10:00:00"), not a title containing it.
  const step = (title: string) => {
    const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const name = new RegExp(`^(\\d+\\. )?${escaped}( · .*)?$`);
    return steps.filter({ has: page.getByRole('heading', { level: 2, name }) });
  };
  const shopLane = (title: string) => step(title).getByRole('region', { name: view.shopLane });
  const bankLane = (title: string) => step(title).getByRole('region', { name: view.bankLane });

  // The client assertion, decoded: the shop's client as issuer and subject, no signature.
  const assertion = shopLane(view.stepTitle.client_credentials);
  await expect(assertion.getByText(view.clientAssertion)).toBeVisible();
  await expect(assertion).toContainText('"iss": "retail-shop"');
  await expect(assertion).toContainText('"sub": "retail-shop"');
  await expect(assertion).toContainText(view.signatureNotShown);

  // The consent, created with the amount, and the bank's answer with its id.
  await expect(shopLane(view.stepTitle.payment_consent)).toContainText('"amountCents": 4210');
  await expect(bankLane(view.stepTitle.payment_consent)).toContainText('"AwaitingAuthorisation"');

  // The PAR, carrying the consent in authorization_details.
  const par = shopLane(view.stepTitle.pushed_authorization);
  await expect(par.getByText(view.authorizationDetails, { exact: true })).toBeVisible();
  await expect(par).toContainText('"type": "domestic_payment"');

  // The customer's sign-in and confirmation: the bank's answer at the shop's callback.
  await expect(bankLane(view.stepTitle.authorization)).toContainText('HTTP 303');

  // The DPoP proof's key is the one the payment token is bound to: read both off the page.
  const cnfJkt = await factOf(bankLane(view.stepTitle.code_exchange), view.cnfJkt);
  const proofJkt = await factOf(shopLane(view.stepTitle.payment), view.jkt);
  expect(proofJkt).toMatch(/^[\w-]{43}$/);
  expect(proofJkt).toBe(cnfJkt);
  await expect(shopLane(view.stepTitle.payment).getByText(view.proofMatchesToken)).toBeVisible();

  // The payment, its two ledger entries, the shop's read, and the bank's 409 on the retry.
  await expect(bankLane(view.stepTitle.payment)).toContainText('"AcceptedSettlementCompleted"');
  const ledger = page.getByRole('list', { name: view.ledgerHeading, exact: true });
  await expect(ledger.getByRole('listitem')).toHaveText([
    /^Debit of -\$42\.10 on account …\d{4}/,
    /^Credit of \$42\.10 on account …\d{4}/,
  ]);
  await expect(bankLane(view.stepTitle.open_banking_read)).toContainText('"Credit"');
  const retry = bankLane(view.stepTitle.payment_again);
  await expect(retry).toContainText('HTTP 409');
  await expect(retry).toContainText('payment_consent_consumed');

  // Nothing of the bank's on the shop's pages: no navbar, no "Behind the scenes" panel.
  const panel = page.getByRole('complementary', { name: 'Behind the scenes' });
  await expect(panel).toHaveCount(0);
  await waitForAnimationsToFinish(page);
  await expectNoAxeViolations(page);
  await page.goto(`${pageRoute('retail').paths[0]}?inspect=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText([pageRoute('retail').heading]);
  await expect(panel).toHaveCount(0);
});
