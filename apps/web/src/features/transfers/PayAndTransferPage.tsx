import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function PayAndTransferPage() {
  return (
    <BankingPageLayout
      pageId="pay-and-transfer"
      description="Pay bills, transfer between accounts and send money to people you know."
    />
  );
}
