import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { PASSWORD_PATTERN, messages } from '@anybank/contracts';
import { PasswordStrengthMeter } from '../../components/ui/PasswordStrengthMeter';
import { useSessionItem } from '../../lib/session-storage';
import { changePassword, sessionsChanged } from './sessions-api';
import { newPasswordProblem } from './sign-in-method-rules';

const text = messages.sessions;

type Banner = { variant: 'success' | 'danger'; text: string } | null;

/**
 * "Change password" on Sign In & Password, for a customer who signs in with one.
 * The new password twice (§5), and "Sign out of every other session", ticked unless the customer
 * clears it. The server checks the password as every new one is checked and asks for a step-up
 * when the sign-in is older than 5 minutes (the step-up dialog opens by itself).
 */
export function ChangePasswordSection() {
  const preference = useSessionItem('{product}UserAuthnPreferences');
  // Whose password it is: the meter refuses their own details, as the server does.
  const owner = {
    username: useSessionItem('uid'),
    firstName: useSessionItem('firstName'),
    lastName: useSessionItem('lastName'),
    email: useSessionItem('email'),
  };
  const ids = useId();
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  const [saving, setSaving] = useState(false);
  const newRef = useRef<HTMLInputElement>(null);
  const problemId = `${ids}-problem`;
  const hintId = `${ids}-hint`;

  // A customer who signs in with a device has no password to change (the method card sets one).
  if (preference !== 'Password') return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setBanner(null);
    const found = newPasswordProblem(newPassword, confirmation);
    if (found) {
      setProblem(found.message);
      if (found.kind === 'mismatch') {
        setNewPassword('');
        setConfirmation('');
      }
      newRef.current?.focus();
      return;
    }
    setProblem(null);
    setSaving(true);
    const outcome = await changePassword(newPassword, signOutOthers);
    setSaving(false);
    setNewPassword('');
    setConfirmation('');
    if (!outcome.ok) {
      if (outcome.field) {
        setProblem(outcome.message);
        newRef.current?.focus();
      } else {
        setBanner({ variant: 'danger', text: outcome.message });
      }
      return;
    }
    setBanner({
      variant: 'success',
      text: signOutOthers
        ? text.passwordChangedOthersOut(outcome.sessionsEnded)
        : text.passwordChanged,
    });
    if (outcome.sessionsEnded > 0) sessionsChanged();
  }

  const describedBy = problem ? `${problemId} ${hintId}` : hintId;
  return (
    <Card className="shadow-sm" as="section" aria-labelledby={`${ids}-heading`}>
      <Card.Body>
        <h2 id={`${ids}-heading`} className="h5">
          {text.changePasswordHeading}
        </h2>
        <p>{text.changePasswordIntro}</p>
        <div role="status">
          {/* role="none": the wrapper is the live region; an alert inside it is announced twice. */}
          {banner?.variant === 'success' && (
            <Alert variant="success" role="none">
              {banner.text}
            </Alert>
          )}
        </div>
        {banner?.variant === 'danger' && (
          <Alert variant="danger" role="alert">
            {banner.text}
          </Alert>
        )}
        <Form noValidate onSubmit={(event) => void save(event)}>
          <Form.Group className="mb-3" controlId={`${ids}-new`}>
            <Form.Label>New password</Form.Label>
            <Form.Control
              ref={newRef}
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              pattern={PASSWORD_PATTERN.source}
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.target.value);
                setProblem(null);
              }}
              aria-describedby={describedBy}
              aria-invalid={problem !== null}
              disabled={saving}
            />
            <PasswordStrengthMeter password={newPassword} owner={owner} />
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${ids}-confirm`}>
            <Form.Label>Confirm new password</Form.Label>
            <Form.Control
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(event) => {
                setConfirmation(event.target.value);
                setProblem(null);
              }}
              aria-describedby={describedBy}
              aria-invalid={problem !== null}
              disabled={saving}
            />
          </Form.Group>
          <Form.Text id={hintId} className="d-block mb-3">
            {messages.validation.passwordHint}
          </Form.Text>
          {problem && (
            <p id={problemId} className="text-danger" role="alert">
              {problem}
            </p>
          )}
          <Form.Group className="mb-3" controlId={`${ids}-sign-out`}>
            <Form.Check
              type="checkbox"
              label={text.signOutOtherSessions}
              checked={signOutOthers}
              onChange={(event) => setSignOutOthers(event.target.checked)}
              aria-describedby={`${ids}-sign-out-hint`}
              disabled={saving}
            />
            <Form.Text id={`${ids}-sign-out-hint`}>{text.signOutOtherSessionsHint}</Form.Text>
          </Form.Group>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
            {text.changePassword}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
