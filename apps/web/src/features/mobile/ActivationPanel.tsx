import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { isValidOtp, messages } from '@anybank/contracts';
import { confirmActivation, startActivation } from '../../lib/phone-api';
import { phoneKey } from '../../lib/phone-key';
import { useBrand } from '../../lib/brand';

type Step = { kind: 'credentials' } | { kind: 'code'; username: string; sentMessage: string };

const USERNAME_REQUIRED = 'Please enter your username.';
const PASSWORD_REQUIRED = 'Please enter your password.';
const CODE_SENT_FALLBACK = 'We sent a code to your e-mail address.';

/**
 * Activating the app on this "phone" (document 1 §4.3), as bank apps do: the owner's
 * username and password, then the code e-mailed to them. Only then does the app make its key
 * pair; the server binds the public half to the owner's push device.
 */
export function ActivationPanel({ notice }: { notice: string | null }) {
  const headingId = useId();
  const brand = useBrand();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The code field takes the focus when it appears, for the next keystroke.
  useEffect(() => {
    if (step.kind === 'code') codeRef.current?.focus();
  }, [step]);

  const usernameError = username.trim() === '' ? USERNAME_REQUIRED : null;
  const passwordError = password === '' ? PASSWORD_REQUIRED : null;
  const codeError = isValidOtp(code.trim()) ? null : messages.validation.codeSixDigits;

  const submitCredentials = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowErrors(true);
    if (usernameError || passwordError || busy) return;
    setBusy(true);
    setFailure(null);
    const answer = await startActivation(username.trim(), password);
    setBusy(false);
    if (!answer.ok) {
      setFailure(answer.message);
      return;
    }
    setPassword('');
    setCode('');
    setShowErrors(false);
    setStep({
      kind: 'code',
      username: username.trim(),
      sentMessage: answer.value ?? CODE_SENT_FALLBACK,
    });
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowErrors(true);
    if (step.kind !== 'code' || codeError || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const key = await phoneKey.create();
      const answer = await confirmActivation(step.username, code.trim(), key.publicKey);
      if (answer.ok) {
        // The page turns into the phone's screen: nothing more to do here.
        key.save(answer.value);
        return;
      }
      setFailure(answer.message);
    } catch (error) {
      console.error('Could not make the phone key', error);
      setFailure('This browser could not make a key for the app. Try another browser.');
    }
    setBusy(false);
  };

  const startAgain = () => {
    setStep({ kind: 'credentials' });
    setFailure(null);
    setShowErrors(false);
    setCode('');
  };

  return (
    <Card className="mobile-activation shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body className="p-4">
        <h2 id={headingId} className="h4">
          Activate the {brand.productName} app
        </h2>
        {notice && (
          <Alert variant="warning" className="mt-3">
            {notice}
          </Alert>
        )}
        <div role="alert" aria-atomic="true">
          {failure && <div className="alert alert-danger mt-3 mb-0">{failure}</div>}
        </div>

        {step.kind === 'credentials' ? (
          <Form noValidate onSubmit={(event) => void submitCredentials(event)} className="mt-3">
            <p>
              Sign in with your online banking username and password. We then e-mail you a code to
              confirm it is you.
            </p>
            <Form.Group controlId="mobile-username" className="mb-3">
              <Form.Label>Username</Form.Label>
              <Form.Control
                type="text"
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                isInvalid={showErrors && usernameError !== null}
                aria-invalid={showErrors && usernameError !== null}
                aria-describedby={showErrors && usernameError ? 'mobile-username-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="mobile-username-error">
                {usernameError}
              </Form.Control.Feedback>
            </Form.Group>
            <Form.Group controlId="mobile-password" className="mb-3">
              <Form.Label>Password</Form.Label>
              <Form.Control
                type="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                required
                isInvalid={showErrors && passwordError !== null}
                aria-invalid={showErrors && passwordError !== null}
                aria-describedby={showErrors && passwordError ? 'mobile-password-error' : undefined}
              />
              <Form.Control.Feedback type="invalid" id="mobile-password-error">
                {passwordError}
              </Form.Control.Feedback>
            </Form.Group>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy && (
                <Spinner
                  as="span"
                  animation="border"
                  size="sm"
                  className="me-2"
                  aria-hidden="true"
                />
              )}
              Continue
            </Button>
          </Form>
        ) : (
          <Form noValidate onSubmit={(event) => void submitCode(event)} className="mt-3">
            <p id="mobile-code-sent">
              {step.sentMessage} It activates the app for <strong>{step.username}</strong>.
            </p>
            <Form.Group controlId="mobile-code" className="mb-3">
              <Form.Label>Activation code</Form.Label>
              <Form.Control
                ref={codeRef}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                required
                isInvalid={showErrors && codeError !== null}
                aria-invalid={showErrors && codeError !== null}
                aria-describedby={
                  showErrors && codeError
                    ? 'mobile-code-sent mobile-code-error'
                    : 'mobile-code-sent mobile-code-help'
                }
              />
              <Form.Text id="mobile-code-help">The 6 digits from the e-mail.</Form.Text>
              <Form.Control.Feedback type="invalid" id="mobile-code-error">
                {codeError}
              </Form.Control.Feedback>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={busy}>
                {busy && (
                  <Spinner
                    as="span"
                    animation="border"
                    size="sm"
                    className="me-2"
                    aria-hidden="true"
                  />
                )}
                Activate
              </Button>
              <Button variant="link" onClick={startAgain} disabled={busy}>
                Start again
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
