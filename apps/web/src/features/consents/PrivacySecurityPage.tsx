import { useEffect, useMemo, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Alert, Button, Form, Modal, Placeholder } from 'react-bootstrap';
import { Link } from 'react-router';
import { pageRoute, shareBalancesConsentDataSchema } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { accountDisplayName, accountIdsOf, accountKindLabel } from '../../lib/accounts';
import { fetchConsent, saveConsent } from './consents-api';
import { useSessionItem } from '../../lib/session-storage';
import { useStepFocus } from '../../lib/use-step-focus';
import { PARTNERS } from './partners';
import type { Partner } from './partners';
import { ConnectedAppsSection } from './ConnectedAppsSection';
import { SaveActions } from './SaveActions';
import { YesNoFieldset } from './YesNoFieldset';

const pathOf = (pageId: PageId) => pageRoute(pageId).paths[0] ?? '/';

const OTHER_SETTINGS: readonly { label: string; pageId: PageId }[] = [
  { label: 'Personal Details', pageId: 'profile' },
  { label: 'Communication Preferences', pageId: 'communication-preferences' },
  { label: 'Sign In & Password', pageId: 'signin-password' },
  { label: 'Profile & Settings', pageId: 'profile-settings' },
];

interface Sharing {
  /** The AnyWealthAdvisor choice: Yes opens the account checklist. */
  enabled: boolean;
  /** The account ids shared, in the order they were ticked. */
  accountIds: string[];
}

const NOT_SHARING: Sharing = { enabled: false, accountIds: [] };

function PartnerModal({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  return (
    <Modal show={partner !== null} onHide={onClose} centered aria-labelledby="partner-modal-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" id="partner-modal-title" className="h5">
          About {partner?.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {partner?.about.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function AccountChecklist({
  prefix,
  accounts,
  selected,
  onToggle,
}: {
  prefix: string;
  accounts: readonly { id: string; name: string }[];
  selected: readonly string[];
  onToggle?: (accountId: string) => void;
}) {
  return (
    <fieldset className="ms-4 mt-2" disabled={!onToggle}>
      <legend className="fs-6 mb-1">Accounts AnyWealthAdvisor may see</legend>
      {accounts.map((account) => (
        <Form.Check
          key={account.id}
          type="checkbox"
          id={`${prefix}-${account.id}`}
          label={account.name}
          checked={selected.includes(account.id)}
          onChange={() => onToggle?.(account.id)}
        />
      ))}
    </fieldset>
  );
}

function PartnerRow({
  partner,
  prefix,
  sharing,
  onLearnMore,
  onChange,
  children,
}: {
  partner: Partner;
  prefix: string;
  sharing: boolean;
  onLearnMore: (partner: Partner) => void;
  onChange?: (value: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <li className="list-group-item py-3 d-flex flex-wrap justify-content-between align-items-start gap-2">
      <YesNoFieldset
        name={`${prefix}-${partner.id}`}
        legend={`Share my account balances with ${partner.name}`}
        value={partner.selectable && sharing}
        onChange={partner.selectable ? onChange : undefined}
        className="mb-0"
      >
        {children}
      </YesNoFieldset>
      <Button
        variant="link"
        className="p-0"
        onClick={() => onLearnMore(partner)}
        aria-label={`Learn more about ${partner.name}`}
      >
        Learn more
      </Button>
    </li>
  );
}

/** Document 2 §2, §4: partner data sharing, step 1 edit and step 2 'Changes Confirmed'. */
export function PrivacySecurityPage() {
  const accts = useSessionItem('accts');
  const accounts = useMemo(
    () =>
      accountIdsOf(accts).map((id, position) => ({
        id,
        name: accountDisplayName(accountKindLabel(position), id),
      })),
    [accts],
  );
  const [step, setStep] = useState<1 | 2>(1);
  const [loading, setLoading] = useState(true);
  const [sharing, setSharing] = useState<Sharing>(NOT_SHARING);
  const [saving, setSaving] = useState(false);
  const [learnMore, setLearnMore] = useState<Partner | null>(null);
  const headingRef = useStepFocus<HTMLHeadingElement>(step);

  useEffect(() => {
    const controller = new AbortController();
    fetchConsent('share-account-balances', controller.signal)
      .then((consent) => {
        if (controller.signal.aborted) return;
        const data = shareBalancesConsentDataSchema.safeParse(consent?.data);
        const shared = data.success ? data.data['share-balance'] : [];
        // Document 2 §4: status accepted opens the section; the list gives the ticks.
        setSharing({
          enabled: consent?.status === 'accepted' || shared.length > 0,
          accountIds: shared,
        });
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Document 2 §8: a consent fetch error is only logged.
        console.warn('The balance-sharing consent could not be loaded', error);
        setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const choose = (enabled: boolean) =>
    setSharing((current) => (enabled ? { ...current, enabled } : NOT_SHARING));

  const toggle = (accountId: string) =>
    setSharing((current) => ({
      ...current,
      accountIds: current.accountIds.includes(accountId)
        ? current.accountIds.filter((id) => id !== accountId)
        : [...current.accountIds, accountId],
    }));

  async function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || loading) return;
    setSaving(true);
    try {
      await saveConsent('share-account-balances', {
        'share-balance': sharing.enabled ? sharing.accountIds : [],
      });
    } catch (error) {
      // Document 2 §4: a failure is only logged, and the page still goes to step 2.
      console.warn('The balance-sharing consent could not be saved', error);
    } finally {
      setSaving(false);
      setStep(2);
    }
  }

  const editable = !saving;

  return (
    <BankingPageLayout
      pageId="privacy-security"
      description="Decide which partners may see your account balances, and change your mind at any time."
    >
      {step === 1 ? (
        <section aria-labelledby="privacy-step-heading">
          <h2 id="privacy-step-heading" ref={headingRef} tabIndex={-1} className="h4">
            Partner data sharing
          </h2>
          <p>Choose whether each partner may see the balances of your AnyBank accounts.</p>
          <Form onSubmit={(event) => void onSave(event)} aria-busy={loading || saving}>
            {loading ? (
              <>
                <p role="status" className="visually-hidden">
                  Loading your sharing choices…
                </p>
                <Placeholder as="div" animation="glow" aria-hidden="true">
                  {PARTNERS.map((partner) => (
                    <Placeholder key={partner.id} xs={8} className="d-block mb-3 py-3" />
                  ))}
                </Placeholder>
              </>
            ) : (
              <ul className="list-group mb-3">
                {PARTNERS.map((partner) => (
                  <PartnerRow
                    key={partner.id}
                    partner={partner}
                    prefix="share"
                    sharing={sharing.enabled}
                    onLearnMore={setLearnMore}
                    onChange={editable ? choose : undefined}
                  >
                    {partner.selectable && sharing.enabled && (
                      <AccountChecklist
                        prefix="share-account"
                        accounts={accounts}
                        selected={sharing.accountIds}
                        onToggle={editable ? toggle : undefined}
                      />
                    )}
                  </PartnerRow>
                ))}
              </ul>
            )}
            <SaveActions
              saving={saving}
              loading={loading}
              savingText="Saving your choices…"
              cancelTo={pathOf('profile-settings')}
            />
          </Form>
        </section>
      ) : (
        <section aria-labelledby="privacy-step-heading">
          <h2 id="privacy-step-heading" ref={headingRef} tabIndex={-1} className="h4">
            Changes Confirmed
          </h2>
          <p>
            {sharing.enabled && sharing.accountIds.length > 0
              ? 'AnyWealthAdvisor may see the balances of the accounts ticked below.'
              : 'You do not share any account balances with AnyWealthAdvisor.'}
          </p>
          <AccountChecklist
            prefix="shared-account"
            accounts={accounts}
            selected={sharing.enabled ? sharing.accountIds : []}
          />
          <Alert variant="info" className="mt-4">
            See your portfolio and your advisor in{' '}
            <Link to={pathOf('wealth-portal')} className="alert-link">
              My Wealth Portal
            </Link>
            .
          </Alert>
          <nav aria-label="Other settings" className="mb-4">
            <h3 className="h6">Other settings</h3>
            <ul className="mb-0">
              {OTHER_SETTINGS.map((entry) => (
                <li key={entry.pageId}>
                  <Link to={pathOf(entry.pageId)}>{entry.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="d-flex flex-wrap gap-2">
            <Link to={pathOf('dashboard')} className="btn btn-outline-secondary">
              Close
            </Link>
            <Button variant="primary" onClick={() => setStep(1)}>
              Make Changes
            </Button>
          </div>
        </section>
      )}
      <ConnectedAppsSection />
      <PartnerModal partner={learnMore} onClose={() => setLearnMore(null)} />
    </BankingPageLayout>
  );
}
