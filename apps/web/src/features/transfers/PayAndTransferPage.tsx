import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { PageTiles } from '../../components/ui/PageTiles';
import type { PageTile } from '../../components/ui/PageTiles';

const OPTIONS: readonly PageTile[] = [
  {
    title: 'Transfer Money',
    text: 'Move money between your checking and savings accounts.',
    pageId: 'transfer-money',
  },
  { title: 'Pay Bills', text: 'Pay your bills to companies and people.' },
  { title: 'Wire Money', text: 'Send a wire transfer to another bank.' },
  { title: 'Zelle', text: 'Send money to people you know with Fastpay with Zelle.' },
];

/** Document 2 §2: the Pay and transfer page. */
export function PayAndTransferPage() {
  return (
    <BankingPageLayout
      pageId="pay-and-transfer"
      description="Pay bills, transfer between accounts and send money to people you know."
    >
      <PageTiles tiles={OPTIONS} columns={{ md: 2 }} />
    </BankingPageLayout>
  );
}
