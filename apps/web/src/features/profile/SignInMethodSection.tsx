import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, InputGroup, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import {
  AUTHN_PREFERENCE_CHANGE_REDIRECT_MS,
  PASSWORD_PATTERN,
  messages,
  pageRoute,
  type AuthnPreference,
} from '@anybank/contracts';
import { PasswordStrengthMeter } from '../../components/ui/PasswordStrengthMeter';
import { useSessionItem } from '../../lib/session-storage';
import { markAuthnPreferenceChanged, switchSignInMethod } from './sign-in-method';
import { isAuthnPreference, newPasswordProblem, oppositeMethod } from './sign-in-method-rules';

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

const DASHBOARD_PATH = pageRoute('dashboard').paths[0] ?? '/banking';

type Banner = { variant: 'success' | 'danger'; text: string } | null;

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M8 3C4.4 3 1.6 5.4.5 8c1.1 2.6 3.9 5 7.5 5s6.4-2.4 7.5-5C14.4 5.4 11.6 3 8 3Zm0 8.5A3.5 3.5 0 1 1 8 4.5a3.5 3.5 0 0 1 0 7Zm0-5.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z"
      />
      {!open && <path stroke="currentColor" strokeWidth="1.5" d="M2 14 14 2" />}
    </svg>
  );
}

interface PasswordInputProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  revealed: boolean;
  onReveal: (revealed: boolean) => void;
  describedBy: string;
  invalid: boolean;
  disabled: boolean;
}

/**
 * A password field whose text shows while its icon is held (§5): pointer down shows, pointer
 * up or leave hides; Space or Enter held on the focused icon does the same from the keyboard.
 */
function PasswordInput(props: PasswordInputProps) {
  const { id, label, name, value, onChange, revealed, onReveal, describedBy, invalid, disabled } =
    props;
  const hide = () => onReveal(false);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup>
        <Form.Control
          name={name}
          type={revealed ? 'text' : 'password'}
          autoComplete="new-password"
          required
          pattern={PASSWORD_PATTERN.source}
          title={messages.validation.passwordTitle}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          disabled={disabled}
        />
        <Button
          variant="outline-secondary"
          type="button"
          aria-label={`Hold to show the ${label.toLowerCase()}`}
          aria-pressed={revealed}
          disabled={disabled}
          onPointerDown={(event) => {
            event.preventDefault();
            onReveal(true);
          }}
          onPointerUp={hide}
          onPointerLeave={hide}
          onPointerCancel={hide}
          onBlur={hide}
          onKeyDown={(event) => {
            if (event.key === ' ' || event.key === 'Enter') {
              event.preventDefault();
              onReveal(true);
            }
          }}
          onKeyUp={(event) => {
            if (event.key === ' ' || event.key === 'Enter') hide();
          }}
          onClick={(event) => event.preventDefault()}
        >
          <EyeIcon open={revealed} />
        </Button>
      </InputGroup>
    </Form.Group>
  );
}

/**
 * Document 2 §2, §4, §5, §8 (the "Your sign-in method" card of Sign In & Password): the current sign-in method and a switch to the opposite one.
 * Switching to Password asks for a new password and its confirmation. On success a banner, the
 * session flag `authnPreferenceChanged`, and after 2 s the dashboard, where the flag signs the
 * user out (app/session/SignOutAfterMethodChange).
 */
export function SignInMethodSection() {
  const preference = useSessionItem('{product}UserAuthnPreferences');
  // Whose password it is: the meter refuses their own details, as the server does.
  const owner = {
    username: useSessionItem('uid'),
    firstName: useSessionItem('firstName'),
    lastName: useSessionItem('lastName'),
    email: useSessionItem('email'),
  };
  const current = isAuthnPreference(preference) ? preference : null;
  const target = current ? oppositeMethod(current) : null;
  const navigate = useNavigate();
  const [formOpen, setFormOpen] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [revealed, setRevealed] = useState<'new' | 'confirm' | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  const ids = useId();
  const hintId = `${ids}-hint`;
  const problemId = `${ids}-problem`;

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  function clearFields() {
    setNewPassword('');
    setConfirmation('');
    setRevealed(null);
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (!target || saving || done) return;
    setBanner(null);
    if (target === 'Password') {
      const found = newPasswordProblem(newPassword, confirmation);
      if (found) {
        setProblem(found.message);
        if (found.kind === 'mismatch') clearFields();
        return;
      }
    }
    setProblem(null);
    setSaving(true);
    const outcome = await switchSignInMethod(
      target,
      target === 'Password' ? newPassword : undefined,
    );
    setSaving(false);
    if (!outcome.ok) {
      setBanner({ variant: 'danger', text: outcome.message });
      clearFields();
      return;
    }
    setDone(true);
    clearFields();
    setBanner({ variant: 'success', text: messages.signInMethod.updated });
    markAuthnPreferenceChanged();
    redirect.current = window.setTimeout(
      () => void navigate(DASHBOARD_PATH),
      AUTHN_PREFERENCE_CHANGE_REDIRECT_MS,
    );
  }

  const method = current ? METHODS[current] : null;
  const busy = saving || done;
  return (
    <Card className="shadow-sm" as="section" aria-labelledby={`${ids}-heading`}>
      <Card.Body>
        <h2 id={`${ids}-heading`} className="h5">
          Your sign-in method
        </h2>
        {banner && (
          <Alert
            variant={banner.variant}
            role={banner.variant === 'danger' ? 'alert' : 'status'}
            className="signin-method-banner"
          >
            {banner.text}
          </Alert>
        )}
        {method && target ? (
          <>
            <p className="fs-4 fw-semibold mb-2" data-testid="current-signin-method">
              {method.name}
            </p>
            <p>{method.meaning}</p>
            {!formOpen && (
              <Button variant="primary" onClick={() => setFormOpen(true)} disabled={busy}>
                Switch to {METHODS[target].name}
              </Button>
            )}
            {formOpen && (
              <Form noValidate onSubmit={(event) => void save(event)} className="mt-3">
                <h3 className="h6">Switch to {METHODS[target].name}</h3>
                <p>{METHODS[target].meaning}</p>
                {target === 'Password' && (
                  <>
                    <PasswordInput
                      id={`${ids}-new`}
                      label="New password"
                      name="newPassword"
                      value={newPassword}
                      onChange={(value) => {
                        setNewPassword(value);
                        setProblem(null);
                      }}
                      revealed={revealed === 'new'}
                      onReveal={(show) => setRevealed(show ? 'new' : null)}
                      describedBy={problem ? `${problemId} ${hintId}` : hintId}
                      invalid={problem !== null}
                      disabled={busy}
                    />
                    <PasswordInput
                      id={`${ids}-confirm`}
                      label="Confirm new password"
                      name="confirmPassword"
                      value={confirmation}
                      onChange={(value) => {
                        setConfirmation(value);
                        setProblem(null);
                      }}
                      revealed={revealed === 'confirm'}
                      onReveal={(show) => setRevealed(show ? 'confirm' : null)}
                      describedBy={problem ? `${problemId} ${hintId}` : hintId}
                      invalid={problem !== null}
                      disabled={busy}
                    />
                    <Form.Text id={hintId} className="d-block mb-3">
                      {messages.validation.passwordHint}
                    </Form.Text>
                    <PasswordStrengthMeter password={newPassword} owner={owner} />
                    {problem && (
                      <p id={problemId} className="text-danger" role="alert">
                        {problem}
                      </p>
                    )}
                  </>
                )}
                <p className="fw-semibold">
                  Saving will sign you out. Sign in again with your new method.
                </p>
                <div className="d-flex gap-2">
                  <Button
                    variant="outline-secondary"
                    onClick={() => {
                      setFormOpen(false);
                      setProblem(null);
                      clearFields();
                    }}
                    disabled={busy}
                  >
                    Cancel
                  </Button>
                  <Button type="submit" variant="primary" disabled={busy}>
                    {saving && (
                      <Spinner animation="border" size="sm" className="me-2" aria-hidden />
                    )}
                    Save
                  </Button>
                </div>
              </Form>
            )}
          </>
        ) : (
          <p className="mb-0">
            Your sign-in method is not known in this session. Sign out and sign in again to see it.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
