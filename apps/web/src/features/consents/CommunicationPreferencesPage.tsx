import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Form, Placeholder } from 'react-bootstrap';
import { Link } from 'react-router';
import { communicationConsentDataSchema, messages, pageRoute } from '@anybank/contracts';
import type { CommunicationConsentData, SessionItem } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { fetchConsent, saveConsent } from './consents-api';
import { useSessionItem } from '../../lib/session-storage';
import { useStepFocus } from '../../lib/use-step-focus';
import { SaveActions } from './SaveActions';
import { YesNoFieldset } from './YesNoFieldset';

type Channel = keyof CommunicationConsentData;

/** Document 2 §2: the three channels, each with the user's own contact detail in brackets. */
const CHANNELS: readonly {
  channel: Channel;
  label: string;
  item: SessionItem;
  /** Shown in the brackets when the session has no value. */
  missing: string | null;
}[] = [
  {
    channel: 'sms',
    label: 'SMS',
    item: 'mobile',
    missing: messages.communication.mobileNotProvided,
  },
  { channel: 'email', label: 'Email', item: 'email', missing: null },
  {
    channel: 'homeAddress',
    label: 'Postal mail',
    item: 'fullAddress',
    missing: messages.communication.addressNotProvided,
  },
];

const NOTHING_CHOSEN: CommunicationConsentData = { sms: false, email: false, homeAddress: false };

const profileSettingsPath = pageRoute('profile-settings').paths[0] ?? '/';
const privacyPath = pageRoute('privacy-security').paths[0] ?? '/';

function ChannelLegend({ label, item, missing }: (typeof CHANNELS)[number]) {
  const detail = useSessionItem(item) ?? missing;
  return (
    <>
      {label}
      {detail && <span className="fw-normal text-body-secondary"> ({detail})</span>}
    </>
  );
}

function ChannelChoices({
  prefix,
  preferences,
  onChange,
}: {
  prefix: string;
  preferences: CommunicationConsentData;
  onChange?: (channel: Channel, value: boolean) => void;
}) {
  return (
    <>
      {CHANNELS.map((entry) => (
        <YesNoFieldset
          key={entry.channel}
          name={`${prefix}-${entry.channel}`}
          legend={<ChannelLegend {...entry} />}
          value={preferences[entry.channel]}
          onChange={onChange && ((value) => onChange(entry.channel, value))}
        />
      ))}
    </>
  );
}

function LoadingChoices() {
  return (
    <>
      <p role="status" className="visually-hidden">
        Loading your communication preferences…
      </p>
      {CHANNELS.map((entry) => (
        <Placeholder
          key={entry.channel}
          as="div"
          animation="glow"
          className="mb-3"
          aria-hidden="true"
        >
          <Placeholder xs={5} className="d-block mb-2" />
          <Placeholder xs={2} />
        </Placeholder>
      ))}
    </>
  );
}

/** Document 2 §2, §4: step 1 edit, step 2 confirmation; the choice is kept until Save. */
export function CommunicationPreferencesPage() {
  const [step, setStep] = useState<1 | 2>(1);
  const [loading, setLoading] = useState(true);
  const [preferences, setPreferences] = useState<CommunicationConsentData>(NOTHING_CHOSEN);
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const headingRef = useStepFocus<HTMLHeadingElement>(step);

  useEffect(() => {
    const controller = new AbortController();
    fetchConsent('communication', controller.signal)
      .then((consent) => {
        if (controller.signal.aborted) return;
        const data = communicationConsentDataSchema.safeParse(consent?.data);
        if (data.success) setPreferences(data.data);
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Document 2 §8: a consent fetch error is only logged.
        console.warn('The communication preferences could not be loaded', error);
        setLoading(false);
      });
    return () => controller.abort();
  }, []);

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || loading) return;
    setSaving(true);
    try {
      const saved = await saveConsent('communication', preferences);
      const data = communicationConsentDataSchema.safeParse(saved.data);
      if (data.success) setPreferences(data.data);
      setSaveFailed(false);
    } catch (error) {
      console.warn('The communication preferences could not be saved', error);
      setSaveFailed(true);
    } finally {
      setSaving(false);
      setStep(2);
    }
  }

  return (
    <BankingPageLayout
      pageId="communication-preferences"
      description="Choose whether we may contact you by text message, email or postal mail."
    >
      {step === 1 ? (
        <section aria-labelledby="communication-step-heading">
          <h2 id="communication-step-heading" ref={headingRef} tabIndex={-1} className="h4">
            How may we contact you?
          </h2>
          <p>Choose Yes for each way you agree to hear from us about offers and services.</p>
          <Form onSubmit={(event) => void onSave(event)} aria-busy={loading || saving}>
            {loading ? (
              <LoadingChoices />
            ) : (
              <ChannelChoices
                prefix="communication"
                preferences={preferences}
                onChange={
                  saving
                    ? undefined
                    : (channel, value) =>
                        setPreferences((current) => ({ ...current, [channel]: value }))
                }
              />
            )}
            <SaveActions
              saving={saving}
              loading={loading}
              savingText="Saving your preferences…"
              cancelTo={profileSettingsPath}
              className="mt-4"
            />
          </Form>
        </section>
      ) : (
        <section aria-labelledby="communication-step-heading">
          <h2 id="communication-step-heading" ref={headingRef} tabIndex={-1} className="h4">
            Confirmation
          </h2>
          {saveFailed ? (
            <Alert variant="danger">
              We could not save your communication preferences. Please try again later.
            </Alert>
          ) : (
            <Alert variant="success">Your communication preferences have been saved.</Alert>
          )}
          <ChannelChoices prefix="communication-saved" preferences={preferences} />
          <p>
            You can also choose which partners may see your account balances in{' '}
            <Link to={privacyPath}>Privacy &amp; Security</Link>.
          </p>
          <Button variant="primary" onClick={() => setStep(1)}>
            Make Changes
          </Button>
        </section>
      )}
    </BankingPageLayout>
  );
}
