import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { PasswordStrengthMeter } from '../../components/ui/PasswordStrengthMeter';
import { fetchWidgetToken, startWidgetPolicy } from '../../lib/orchestration-api';
import { PasskeyChoice, PasskeyRegistration } from './PasskeyRegistration';
import {
  EMPTY_REGISTRATION,
  REGISTRATION_FIELDS,
  codeStepErrors,
  isRegistrationField,
  stepOutcomeOf,
  validateCode,
  validateRegistration,
} from './registration-model';
import type {
  FieldMessages,
  RegistrationField,
  RegistrationStep,
  RegistrationValues,
  StepOutcome,
} from './registration-model';

interface RegistrationWidgetProps {
  /** The customer exists: the modal closes and the sign-in starts. */
  onCompleted: (username: string) => void;
  /** The policy failed in a way the form cannot help with: the modal shows the error panel. */
  onError: () => void;
}

type TokenState = { status: 'loading' } | { status: 'ready' } | { status: 'none' };
type Step = { kind: 'form' } | { kind: 'code'; registrationId: string; email: string };

const FIELD_LABELS: Record<RegistrationField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  username: 'Username',
  password: 'Password',
};

const FIELD_INPUTS: Record<
  RegistrationField,
  { type: string; autoComplete: string; extra?: Record<string, string | boolean> }
> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', extra: { spellCheck: false } },
  username: {
    type: 'text',
    autoComplete: 'username',
    extra: { autoCapitalize: 'none', spellCheck: false },
  },
  password: {
    type: 'password',
    autoComplete: 'new-password',
    extra: { title: messages.validation.passwordTitle },
  },
};

const inputId = (field: string) => `registration-${field}`;
const errorId = (field: string) => `registration-${field}-error`;
const PASSWORD_HINT_ID = 'registration-password-hint';
const CODE_FIELD = 'code';

/**
 * The registration widget (document 1 §2.2, §4.8, §7), driven by the registration policy:
 * a widget token first (a failure ends the loading silently and nothing is shown), then the
 * form (`start`: a code goes to the e-mail address) and the code (`verify`: the customer is
 * created). The form checks what it can as the person types; the policy decides, and its
 * field messages show under their fields.
 */
export function RegistrationWidget({ onCompleted, onError }: RegistrationWidgetProps) {
  const [token, setToken] = useState<TokenState>({ status: 'loading' });
  const tokenRef = useRef<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  // "Create an account with a passkey" instead of the password form.
  const [withPasskey, setWithPasskey] = useState(false);
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  // Fields the person has typed in: their complaints show as they type. The others wait for
  // the submit (nothing appears when the focus merely leaves a field: a message appearing then
  // would move the button under the pointer between press and release).
  const [typedIn, setTypedIn] = useState<ReadonlySet<RegistrationField>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [codeSubmitted, setCodeSubmitted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  const focusField = (field: string) => setFocusRequest({ field });

  useEffect(() => {
    let current = true;
    void fetchWidgetToken(publicConfig.companyId).then((accessToken) => {
      if (!current) return;
      tokenRef.current = accessToken;
      setToken(accessToken === null ? { status: 'none' } : { status: 'ready' });
      if (accessToken !== null) setFocusRequest({ field: REGISTRATION_FIELDS[0] });
    });
    return () => {
      current = false;
    };
  }, []);

  // The field the focus goes to once it is on the screen: each step starts at its first field,
  // and a refusal at the first field it names.
  useEffect(() => {
    if (focusRequest) inputs.current[focusRequest.field]?.focus();
  }, [focusRequest]);

  const clientErrors = validateRegistration(values);
  const errorOf = (field: RegistrationField): string | undefined =>
    serverErrors[field] ?? (submitted || typedIn.has(field) ? clientErrors[field] : undefined);
  const codeError =
    serverErrors[CODE_FIELD] ?? (codeSubmitted ? (validateCode(code) ?? undefined) : undefined);

  /** Runs a step; a refused widget token (expired) is renewed once. */
  async function run(policyStep: RegistrationStep, body: object): Promise<StepOutcome> {
    const policy = (accessToken: string) =>
      startWidgetPolicy({
        companyId: publicConfig.companyId,
        policyId: publicConfig.policyIds.registration,
        token: accessToken,
        body: { step: policyStep, ...body },
      });
    if (tokenRef.current === null) return { kind: 'error' };
    const outcome = stepOutcomeOf(await policy(tokenRef.current), policyStep);
    if (outcome.kind !== 'token-refused') return outcome;
    tokenRef.current = await fetchWidgetToken(publicConfig.companyId);
    if (tokenRef.current === null) return { kind: 'error' };
    return stepOutcomeOf(await policy(tokenRef.current), policyStep);
  }

  function showFieldErrors(fields: FieldMessages) {
    setServerErrors(fields);
    const first = [...REGISTRATION_FIELDS, CODE_FIELD].find((field) => fields[field]);
    if (first) focusField(first);
  }

  async function sendCode(): Promise<void> {
    setBusy(true);
    setFormMessage(null);
    setNotice(null);
    const outcome = await run('start', { ...values, hostname: publicConfig.host });
    setBusy(false);
    switch (outcome.kind) {
      case 'verification-required':
        setServerErrors({});
        setCode('');
        setCodeSubmitted(false);
        setStep({
          kind: 'code',
          registrationId: outcome.registrationId,
          email: values.email.trim(),
        });
        focusField(CODE_FIELD);
        if (step.kind === 'code') setNotice('We sent you a new code.');
        return;
      case 'invalid': {
        const formFields: FieldMessages = {};
        const others: string[] = [];
        for (const [field, message] of Object.entries(outcome.fields)) {
          if (message === undefined) continue;
          if (isRegistrationField(field)) formFields[field] = message;
          else others.push(message);
        }
        // A complaint about the form sends the person back to it; one about sending (too many
        // e-mails) is read where they are.
        if (step.kind !== 'form' && Object.keys(formFields).length > 0) setStep({ kind: 'form' });
        setFormMessage(outcome.message ?? (others.length > 0 ? others.join(' ') : null));
        showFieldErrors(formFields);
        return;
      }
      default:
        onError();
    }
  }

  const submitForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const firstInvalid = REGISTRATION_FIELDS.find(
      (field) => serverErrors[field] ?? clientErrors[field],
    );
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    void sendCode();
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || step.kind !== 'code') return;
    setCodeSubmitted(true);
    if (validateCode(code) !== null) {
      focusField(CODE_FIELD);
      return;
    }
    setBusy(true);
    setFormMessage(null);
    setNotice(null);
    const outcome = await run('verify', { registrationId: step.registrationId, code: code.trim() });
    setBusy(false);
    switch (outcome.kind) {
      case 'completed':
        onCompleted(outcome.username);
        return;
      case 'invalid': {
        const placed = codeStepErrors(outcome.fields);
        if (placed.backToForm) {
          setStep({ kind: 'form' });
          setFormMessage(outcome.message);
          showFieldErrors(placed.backToForm);
          return;
        }
        setFormMessage(placed.code === null ? outcome.message : null);
        showFieldErrors(placed.code === null ? {} : { [CODE_FIELD]: placed.code });
        return;
      }
      default:
        onError();
    }
  };

  const change = (field: RegistrationField, value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setTypedIn((before) => (before.has(field) ? before : new Set(before).add(field)));
    setServerErrors((before) => ({ ...before, [field]: undefined }));
  };

  if (token.status === 'none') return null;
  if (token.status === 'loading') {
    return (
      <div role="status" className="d-flex align-items-center gap-2 py-3">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        Loading…
      </div>
    );
  }

  const formAlert = (
    <div role="alert" aria-atomic="true">
      {formMessage && <div className="alert alert-danger py-2">{formMessage}</div>}
    </div>
  );
  const spinner = busy && (
    <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
  );

  if (step.kind === 'code') {
    return (
      <Form noValidate onSubmit={(event) => void submitCode(event)}>
        {formAlert}
        <p id="registration-code-sent">
          We sent a 6-digit code to <strong className="text-break">{step.email}</strong>.
        </p>
        <div role="status">{notice && <p className="small text-success">{notice}</p>}</div>
        <Form.Group controlId={inputId(CODE_FIELD)} className="mb-3">
          <Form.Label>Verification code</Form.Label>
          <Form.Control
            ref={(element: HTMLInputElement | null) => {
              inputs.current[CODE_FIELD] = element;
            }}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setServerErrors({});
            }}
            required
            isInvalid={codeError !== undefined}
            aria-invalid={codeError !== undefined}
            aria-describedby={
              codeError ? `registration-code-sent ${errorId(CODE_FIELD)}` : 'registration-code-sent'
            }
          />
          <Form.Control.Feedback type="invalid" id={errorId(CODE_FIELD)}>
            {codeError}
          </Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={busy}>
            {spinner}
            Verify
          </Button>
          <Button variant="outline-secondary" disabled={busy} onClick={() => void sendCode()}>
            Send a new code
          </Button>
          <Button
            variant="link"
            disabled={busy}
            onClick={() => {
              setFormMessage(null);
              setNotice(null);
              setServerErrors({});
              setStep({ kind: 'form' });
              focusField(REGISTRATION_FIELDS[0]);
            }}
          >
            Change my details
          </Button>
        </div>
      </Form>
    );
  }

  if (withPasskey) {
    return (
      <PasskeyRegistration
        onCompleted={onCompleted}
        onError={onError}
        onUsePassword={() => setWithPasskey(false)}
      />
    );
  }

  return (
    <Form noValidate onSubmit={submitForm}>
      {formAlert}
      <p className="small text-body-secondary">All fields are required.</p>
      {REGISTRATION_FIELDS.map((field) => {
        const error = errorOf(field);
        const describedBy = [
          field === 'password' ? PASSWORD_HINT_ID : null,
          error ? errorId(field) : null,
        ]
          .filter(Boolean)
          .join(' ');
        const input = FIELD_INPUTS[field];
        return (
          <Form.Group key={field} controlId={inputId(field)} className="mb-3">
            <Form.Label>{FIELD_LABELS[field]}</Form.Label>
            <Form.Control
              ref={(element: HTMLInputElement | null) => {
                inputs.current[field] = element;
              }}
              type={input.type}
              autoComplete={input.autoComplete}
              {...input.extra}
              value={values[field]}
              onChange={(event) => change(field, event.target.value)}
              required
              isInvalid={error !== undefined}
              aria-invalid={error !== undefined}
              aria-describedby={describedBy || undefined}
            />
            {field === 'password' && (
              <Form.Text id={PASSWORD_HINT_ID}>{messages.validation.passwordHint}</Form.Text>
            )}
            {field === 'password' && (
              <PasswordStrengthMeter password={values.password} owner={values} />
            )}
            <Form.Control.Feedback type="invalid" id={errorId(field)}>
              {error}
            </Form.Control.Feedback>
          </Form.Group>
        );
      })}
      <Button type="submit" variant="primary" disabled={busy}>
        {spinner}
        Continue
      </Button>
      <PasskeyChoice onChoose={() => setWithPasskey(true)} />
    </Form>
  );
}
