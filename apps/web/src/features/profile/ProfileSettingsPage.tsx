import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

export function ProfileSettingsPage() {
  return (
    <BankingPageLayout
      pageId="profile-settings"
      description="Manage your personal details, sign-in method, privacy and how we contact you."
    />
  );
}
