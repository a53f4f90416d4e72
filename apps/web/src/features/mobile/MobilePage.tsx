import { useCallback, useState } from 'react';
import { messages } from '@anybank/contracts';
import { PageHeading } from '../../components/ui/PageHeading';
import { phoneKey, usePhone } from '../../lib/phone-key';
import { ActivationPanel } from './ActivationPanel';
import { CredentialsPanel } from './CredentialsPanel';
import { PhoneScreen } from './PhoneScreen';
import { PhoneStatusBar } from './PhoneStatusBar';
import { WalletPanel } from './WalletPanel';
import './mobile.css';

const NOT_ACTIVATED_NOTICE =
  'This phone is not activated for that device any more. Activate the app again to answer requests here.';

/**
 * The bank's phone app, simulated in the browser (document 1 §4.3): activate it once for a
 * customer, then answer the push requests sent to their phone (sign-ins, transfers, the help
 * desk). Its wallet holds the AnyBank customer cards that wallet pairing adds (document 2 §2)
 * and the verifiable credentials the bank issues over OpenID4VCI (ADR 0027).
 * It looks like a phone: a device frame of a phone's size on a wider screen, the
 * whole screen on a phone (mobile.css), and no site navbar or footer (the route is
 * `standalone` in the route table).
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
    <div className="phone-stage">
      <div className="phone-device">
        <div className="phone-display">
          <PhoneStatusBar />
          <div className="phone-content">
            <PageHeading pageId="mobile" className="h5 mb-1" />
            <p className="small text-body-secondary">{messages.phoneApp.description}</p>
            {phone ? (
              <PhoneScreen key={phone.deviceId} phone={phone} onNotActivated={onNotActivated} />
            ) : (
              <ActivationPanel notice={notice} />
            )}
            <WalletPanel />
            <CredentialsPanel />
          </div>
        </div>
      </div>
    </div>
  );
}
