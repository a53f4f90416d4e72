import { Card } from 'react-bootstrap';
import type { AuthnPreference } from '@anybank/contracts';
import { AUTHN_PREFERENCES } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { useSessionItem } from '../../lib/session-storage';

/** What each sign-in method of document 2 §9 means for the customer. */
const METHODS: Record<AuthnPreference, { name: string; meaning: string }> = {
  Password: {
    name: 'Password',
    meaning:
      'You sign in with your username and your password, then confirm it is you with one of your devices: a one-time code, an approval on your mobile app or a security key.',
  },
  Device: {
    name: 'Device',
    meaning:
      'You sign in with your username and one of your devices: a one-time code (by email, text message or authenticator app), an approval on your mobile app or a security key. No password is asked for.',
  },
};

function isAuthnPreference(value: string | null): value is AuthnPreference {
  return AUTHN_PREFERENCES.some((preference) => preference === value);
}

/** Document 2 §2: the current sign-in method and what it means. */
export function SignInPasswordPage() {
  const preference = useSessionItem('{product}UserAuthnPreferences');
  const method = isAuthnPreference(preference) ? METHODS[preference] : null;
  return (
    <BankingPageLayout
      pageId="signin-password"
      description="How you sign in to AnyBank online banking."
    >
      <Card className="shadow-sm">
        <Card.Body>
          <h2 className="h5">Your sign-in method</h2>
          {method ? (
            <>
              <p className="fs-4 fw-semibold mb-2">{method.name}</p>
              <p className="mb-0">{method.meaning}</p>
            </>
          ) : (
            <p className="mb-0">
              Your sign-in method is not known in this session. Sign out and sign in again to see
              it.
            </p>
          )}
        </Card.Body>
      </Card>
    </BankingPageLayout>
  );
}
