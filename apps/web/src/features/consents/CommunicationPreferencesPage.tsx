import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function CommunicationPreferencesPage() {
  return (
    <BankingPageLayout
      pageId="communication-preferences"
      description="Choose whether we may contact you by text message, email or postal mail."
    />
  );
}
