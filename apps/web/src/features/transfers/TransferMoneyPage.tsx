import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function TransferMoneyPage() {
  return (
    <BankingPageLayout
      pageId="transfer-money"
      description="Move money between your own AnyBank accounts."
    />
  );
}
