import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { messages, type AdminSettings } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';
import { sessionStore, useSessionItem } from '../../lib/session-storage';
import { loadAdminSettings } from './admin-api';
import { BrandingForm } from './BrandingForm';
import { ThresholdsForm } from './ThresholdsForm';
import { UserActions } from './UserActions';

/** The stored settings of one customer, or null when they could not be read. */
interface Loaded {
  uid: string;
  settings: AdminSettings | null;
}

/**
 * The demo admin (document 2 §2 "Demo admin"): the signed-in customer's transfer thresholds
 * and the user actions, all on their own account. Only customers reach it (the page guard).
 */
export function AdminPage() {
  const uid = useSessionItem('uid');
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    // Read once per signed-in customer: the token dropped on the way out reloads nothing.
    if (!uid) return undefined;
    const controller = new AbortController();
    loadAdminSettings(uid, controller.signal)
      .then((settings) => setLoaded({ uid, settings }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The directory entry could not be loaded', error);
        setLoaded({ uid, settings: null });
      });
    return () => controller.abort();
  }, [uid]);

  const current = uid !== null && loaded?.uid === uid ? loaded : null;
  const loading = uid !== null && current === null && sessionStore.get('AT') !== null;
  const settings = current?.settings ?? null;
  return (
    <PageLayout
      pageId="admin"
      description="Set transfer approval thresholds, reset your demo customer and send the phishing demo email."
    >
      {!loading && settings === null && (
        <Alert variant="danger" role="alert">
          {messages.admin.unexpected}
        </Alert>
      )}
      <ThresholdsForm
        key={settings ? 'stored' : 'blank'}
        uid={uid}
        settings={settings}
        loading={loading}
      />
      <UserActions uid={uid} tier={settings?.accountTier ?? null} />
      <BrandingForm />
    </PageLayout>
  );
}
