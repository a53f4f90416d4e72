import { useNow } from './use-now';

/** The strip at the top of a phone's screen: the time, and signal and battery (decoration). */
export function PhoneStatusBar() {
  const now = new Date(useNow(10_000));
  return (
    <div className="phone-status-bar" aria-hidden="true">
      <span>{now.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}</span>
      <span className="phone-notch" />
      <span className="phone-status-icons">
        <span className="phone-signal" />
        <span className="phone-battery" />
      </span>
    </div>
  );
}
