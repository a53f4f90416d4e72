import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { PageTiles } from '../../components/ui/PageTiles';
import type { PageTile } from '../../components/ui/PageTiles';

/** Document 2 §2: the six tiles of the overview. */
const TILES: readonly PageTile[] = [
  {
    title: 'Personal Details',
    text: 'Your name, address, email and mobile number.',
    pageId: 'profile',
  },
  {
    title: 'Communication Preferences',
    text: 'Whether we may contact you by text message, email or postal mail.',
    pageId: 'communication-preferences',
  },
  {
    title: 'Privacy & Security Settings',
    text: 'Which partners may see your account balances.',
    pageId: 'privacy-security',
  },
  {
    title: 'Sign In & Password',
    text: 'How you sign in to online banking.',
    pageId: 'signin-password',
  },
  { title: 'Alerts', text: 'Balance, payment and security alerts.' },
  { title: 'Account Settings', text: 'Account nicknames, statements and paperless options.' },
];

export function ProfileSettingsPage() {
  return (
    <BankingPageLayout
      pageId="profile-settings"
      description="Manage your personal details, sign-in method, privacy and how we contact you."
    >
      <PageTiles tiles={TILES} columns={{ md: 2, xl: 3 }} />
    </BankingPageLayout>
  );
}
