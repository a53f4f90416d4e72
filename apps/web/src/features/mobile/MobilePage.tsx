import { useCallback, useState } from 'react';
import { PageLayout } from '../../components/ui/PageLayout';
import { phoneKey, usePhone } from '../../lib/phone-key';
import { ActivationPanel } from './ActivationPanel';
import { PhoneScreen } from './PhoneScreen';
import { WalletPanel } from './WalletPanel';
import './mobile.css';

const NOT_ACTIVATED_NOTICE =
  'This phone is not activated for that device any more. Activate the app again to answer requests here.';

/**
 * The bank's phone app, simulated in the browser (document 1 §4.3): activate it once for a
 * customer, then answer the push requests sent to their phone (sign-ins now, transfers later).
 * Its wallet holds the AnyBank customer cards that wallet pairing adds (document 2 §2).
 */
export function MobilePage() {
  const phone = usePhone();
  const [notice, setNotice] = useState<string | null>(null);

  // The server refuses the key for its device (the device was removed, or activated again
  // elsewhere): this browser is no phone for it any more.
  const onNotActivated = useCallback(() => {
    setNotice(NOT_ACTIVATED_NOTICE);
    phoneKey.forget();
  }, []);

  return (
    <PageLayout
      pageId="mobile"
      description="Approve sign-ins and transfers sent to this phone with a single tap."
    >
      {phone ? (
        <PhoneScreen key={phone.deviceId} phone={phone} onNotActivated={onNotActivated} />
      ) : (
        <ActivationPanel notice={notice} />
      )}
      <WalletPanel />
    </PageLayout>
  );
}
