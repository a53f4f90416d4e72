import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, InvalidEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import {
  PASSWORD_PATTERN,
  REMEMBER_ME_COOKIE,
  identifierSchema,
  messages,
} from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import { sessionStore } from '../../lib/session-storage';
import { cookieValue } from './cookies';
import { authenticateWithAuthenticator, fidoErrorMessage, hasFidoOptions } from './fido';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';
import type { LoginFlags } from './login-state';
import { UsernameField } from './UsernameField';
import { usePasskeyAutofill } from './use-passkey-autofill';

/** The identifier rule's own message for an empty username (§5). */
const USERNAME_REQUIRED =
  identifierSchema.safeParse('').error?.issues[0]?.message ?? messages.login.invalidUsername;

export interface PasswordSubmission {
  username: string;
  password: string;
  rememberMyUsername: boolean;
}

interface IdentifierTabProps {
  headingId: string;
  flow: FlowResponse | null;
  flags: LoginFlags;
  /** A message of the modal's own (the risk call failed). */
  notice: string | null;
  busy: boolean;
  onSubmitIdentifier: (username: string) => void;
  /** Resolves true when the flow moved on, false when it answered an error. */
  onSubmitPassword: (submission: PasswordSubmission) => Promise<boolean>;
  /** Forgot username: tab 4. */
  onForgotUsername: () => void;
  /** Forgot password: the flow's account recovery (tab 16). */
  onForgotPassword: () => void;
  /** The flow's passkey options and sign-in, for the field's suggestions. */
  passkeys?: {
    options: () => Promise<unknown>;
    signIn: (assertion: Record<string, unknown>) => Promise<void>;
  };
}

/** Tab 1: the username, then the password once the flow asks for it (§2.4, §5). */
export function IdentifierTab({
  headingId,
  flow,
  flags,
  notice,
  busy,
  onSubmitIdentifier,
  onSubmitPassword,
  onForgotUsername,
  onForgotPassword,
  passkeys,
}: IdentifierTabProps) {
  const passwordStep = flow?.status === 'USERNAME_PASSWORD_REQUIRED';
  // Saved passkeys in the username field's suggestions, until a username is submitted.
  const autofill = usePasskeyAutofill(
    !passwordStep && passkeys !== undefined,
    () => passkeys?.options() ?? Promise.resolve(null),
    (assertion) => passkeys?.signIn(assertion) ?? Promise.resolve(),
  );
  const [rememberedUsername] = useState(() => cookieValue(document.cookie, REMEMBER_ME_COOKIE));
  // Right after a registration, its sign-in has the new username filled in.
  const [username, setUsername] = useState(
    () => flow?.username ?? sessionStore.get('registeredUser') ?? rememberedUsername ?? '',
  );
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(rememberedUsername !== null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [askingPasskey, setAskingPasskey] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // Focus moves to the step's first field: the username, then the password.
  useEffect(() => {
    (passwordStep ? passwordRef : usernameRef).current?.focus();
  }, [passwordStep]);

  const errorText = fieldError ?? flags.invalidUsername ?? notice ?? errorTextOf(flow);

  // After an error the field to correct gets focus back (the busy button had taken it away).
  useEffect(() => {
    if (errorText !== null) (passwordStep ? passwordRef : usernameRef).current?.focus();
  }, [errorText, passwordStep]);

  const onInvalid = (message: string) => (event: InvalidEvent<HTMLInputElement>) => {
    // Our own message, announced, instead of the browser's bubble; the field gets focus.
    event.preventDefault();
    if (fieldError === null) event.currentTarget.focus();
    setFieldError(message);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = identifierSchema.safeParse(username);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? messages.login.invalidUsername);
      usernameRef.current?.focus();
      return;
    }
    setFieldError(null);
    setUsername(parsed.data);
    if (!passwordStep) {
      await autofill.stop();
      onSubmitIdentifier(parsed.data);
      return;
    }
    const moved = await onSubmitPassword({
      username: parsed.data,
      password,
      rememberMyUsername: remember,
    });
    if (!moved) {
      setPassword('');
      passwordRef.current?.focus();
    }
  };

  const describedBy = errorText ? errorId : undefined;

  // The same sign-in as the field's suggestion, asked in the browser's own passkey dialog.
  const signInWithPasskey = async () => {
    if (!passkeys || askingPasskey) return;
    setAskingPasskey(true);
    setFieldError(null);
    try {
      await autofill.stop();
      const options = await passkeys.options();
      if (!hasFidoOptions(options)) throw new Error('no passkey options');
      await passkeys.signIn(await authenticateWithAuthenticator(options));
    } catch (error) {
      setFieldError(fidoErrorMessage(error, 'authenticate'));
    } finally {
      setAskingPasskey(false);
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)}>
      <h2 id={headingId} className="h4 mb-3">
        Sign in
      </h2>
      <FormError id={errorId} message={errorText} />
      <UsernameField
        controlId="login-username"
        inputRef={usernameRef}
        value={username}
        setValue={setUsername}
        onEdit={() => setFieldError(null)}
        readOnly={passwordStep}
        passkeySuggestions={autofill.available && !passwordStep}
        onInvalid={onInvalid(USERNAME_REQUIRED)}
        invalid={!passwordStep && errorText !== null}
        describedBy={passwordStep ? undefined : describedBy}
      />
      {passwordStep && (
        <>
          <Form.Group className="mb-3" controlId="login-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              ref={passwordRef}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              pattern={PASSWORD_PATTERN.source}
              title={messages.validation.passwordTitle}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(null);
              }}
              onInvalid={onInvalid(messages.validation.passwordHint)}
              aria-invalid={errorText !== null}
              aria-describedby={describedBy}
            />
          </Form.Group>
          <Form.Check
            className="mb-3"
            id="login-remember"
            name="rememberMyUsername"
            label="Remember my username"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
        </>
      )}
      <div className="d-grid">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {passwordStep ? 'Submit' : 'Next'}
        </Button>
        {!passwordStep && passkeys && autofill.supported && (
          <Button
            type="button"
            variant="outline-primary"
            className="mt-2"
            disabled={busy || askingPasskey}
            onClick={() => void signInWithPasskey()}
          >
            {messages.login.signInWithPasskey}
          </Button>
        )}
      </div>
      <div className="d-flex justify-content-between mt-2">
        <button
          type="button"
          className="btn btn-link px-0"
          disabled={busy}
          onClick={onForgotUsername}
        >
          Forgot username?
        </button>
        <button
          type="button"
          className="btn btn-link px-0"
          disabled={busy}
          onClick={() => void autofill.stop().then(onForgotPassword)}
        >
          Forgot password?
        </button>
      </div>
    </Form>
  );
}
