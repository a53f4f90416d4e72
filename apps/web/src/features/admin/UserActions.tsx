import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Spinner, Table } from 'react-bootstrap';
import { ADMIN_ACTION_REDIRECT_MS, otherTier, type AccountTier } from '@anybank/contracts';
import { siteUrl } from '../../lib/public-config';
import { publicConfig } from '../../lib/config';
import { sessionStore } from '../../lib/session-storage';
import { signOut } from '../../lib/sign-in';
import { setAccountTier, simulateHighRisk, startAdminPolicy } from './admin-api';
import {
  policyOutcome,
  statusOutcome,
  successText,
  type ActionOutcome,
  type AdminAction,
} from './admin-outcomes';

/** Where the tier toggle lands (document 2 §4): a full load, so the menu is read again. */
const BANKING_AFTER_TIER = '/app/banking/';

interface ActionRow {
  action: AdminAction;
  name: string;
  description: string;
  button: string;
  variant: 'danger' | 'warning' | 'primary' | 'outline-primary';
}

function rowsFor(tier: AccountTier | null): ActionRow[] {
  const next = tier ? otherTier(tier) : null;
  return [
    {
      action: 'deleteUser',
      name: 'Delete user',
      description:
        'Deletes your demo customer with its accounts, devices and consents, then signs you out.',
      button: 'Delete User',
      variant: 'danger',
    },
    {
      action: 'resetVerification',
      name: 'Reset verification',
      description:
        'Clears your identity verification, so your next credit-card application verifies you again. Then signs you out.',
      button: 'Reset Verification',
      variant: 'warning',
    },
    {
      action: 'toggleTier',
      name: 'Account tier',
      description: tier
        ? `Your account tier is ${tier}. Premier adds Premier Rewards and Wealth Planning to the menu.`
        : 'Switches your account tier between personal and premier.',
      button:
        next === 'premier'
          ? 'Switch to Premier'
          : next === 'personal'
            ? 'Switch to Personal'
            : 'Toggle Account Tier',
      variant: 'primary',
    },
    {
      action: 'phishingEmail',
      name: 'Phishing email',
      description: 'Sends a realistic phishing demo email to your own address (see the outbox).',
      button: 'Send Phishing Email',
      variant: 'outline-primary',
    },
    {
      action: 'highRisk',
      name: 'High-risk sign-in',
      description: 'Your next sign-in is evaluated as high risk.',
      button: 'Simulate High Risk',
      variant: 'outline-primary',
    },
  ];
}

/**
 * Document 2 §2, §4, §8: the user actions on the signed-in customer's own account. A button
 * is disabled while its action runs; delete and reset end the session and go to single logout
 * after 5 s, the tier toggle goes to the dashboard after 5 s.
 */
export function UserActions({ uid, tier }: { uid: string | null; tier: AccountTier | null }) {
  const ids = useId();
  const [running, setRunning] = useState<AdminAction | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  async function outcomeOf(action: AdminAction): Promise<ActionOutcome> {
    switch (action) {
      case 'deleteUser':
      case 'resetVerification':
      case 'phishingEmail':
        return policyOutcome(action, await startAdminPolicy(action));
      case 'toggleTier':
        if (!uid || !tier) return statusOutcome(action, 0);
        return statusOutcome(action, await setAccountTier(otherTier(tier)));
      case 'highRisk':
        return statusOutcome(action, await simulateHighRisk());
    }
  }

  async function run(action: AdminAction) {
    if (running || leaving) return;
    setOutcome(null);
    setRunning(action);
    const result = await outcomeOf(action);
    setRunning(null);
    setOutcome(result);
    if (result.kind !== 'success' || result.then === null) return;
    setLeaving(true);
    if (result.then === 'single-logout') {
      // The access token is void now (deleted user) or about to be (sign-out): drop it at
      // once; single logout clears the rest of the session when the 5 s are up.
      sessionStore.remove('AT');
      redirect.current = window.setTimeout(() => signOut(), ADMIN_ACTION_REDIRECT_MS);
    } else {
      redirect.current = window.setTimeout(
        () => window.location.assign(`${siteUrl(publicConfig)}${BANKING_AFTER_TIER}`),
        ADMIN_ACTION_REDIRECT_MS,
      );
    }
  }

  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5" id={`${ids}-title`}>
          User actions
        </h2>
        <p>Each action applies to the customer you are signed in as.</p>
        {outcome && (
          <Alert
            variant={outcome.kind === 'success' ? 'success' : 'danger'}
            role={outcome.kind === 'success' ? 'status' : 'alert'}
          >
            {outcome.kind === 'success' ? successText(outcome.then) : outcome.message}
          </Alert>
        )}
        <Table responsive className="align-middle mb-0" aria-labelledby={`${ids}-title`}>
          <thead>
            <tr>
              <th scope="col">Action</th>
              <th scope="col">What it does</th>
              <th scope="col">
                <span className="visually-hidden">Run</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rowsFor(tier).map((row) => (
              <tr key={row.action}>
                <th scope="row">{row.name}</th>
                <td>{row.description}</td>
                <td className="text-end">
                  <Button
                    variant={row.variant}
                    disabled={running !== null || leaving || (row.action === 'toggleTier' && !tier)}
                    onClick={() => void run(row.action)}
                  >
                    {running === row.action && (
                      <Spinner animation="border" size="sm" className="me-2" aria-hidden />
                    )}
                    {row.button}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
