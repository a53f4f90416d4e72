import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  passkeyMessages,
  registrationResponseSchema,
  registrationStartPasskeySchema,
} from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { fetchWidgetToken, startWidgetPolicy } from '../../lib/orchestration-api';
import { validateCode } from './registration-model';

const FIELDS = ['firstName', 'lastName', 'email', 'username'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  username: 'Username',
};
const AUTOCOMPLETE: Record<Field, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  username: 'username',
};

type Step = { kind: 'form' } | { kind: 'code'; registrationId: string; options: unknown };

/** The form's own check, by the policy's schema: the first message of each field. */
function problemsOf(values: Values): Partial<Record<string, string>> {
  const parsed = registrationStartPasskeySchema.safeParse({ step: 'startPasskey', ...values });
  const problems: Partial<Record<string, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The choice under the password form: shown only where the browser can make a passkey. */
export function PasskeyChoice({ onChoose }: { onChoose: () => void }) {
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="border-top mt-4 pt-3">
      <p className="small mb-2">{passkeyMessages.createWithPasskeyHint}</p>
      <Button type="button" variant="outline-primary" onClick={onChoose}>
        {passkeyMessages.createWithPasskey}
      </Button>
    </div>
  );
}

/**
 * "Create an account with a passkey": the registration policy's `startPasskey`
 * (the form without a password; a code goes to the e-mail address), then the code and a new
 * passkey together (`verify` with the browser's attestation). The account has no password.
 */
export function PasskeyRegistration({
  onCompleted,
  onError,
  onUsePassword,
}: {
  onCompleted: (username: string) => void;
  onError: () => void;
  onUsePassword: () => void;
}) {
  const [values, setValues] = useState<Values>({
    firstName: '',
    lastName: '',
    email: '',
    username: '',
  });
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step.kind === 'form' ? first : codeRef).current?.focus();
  }, [step.kind]);

  async function policy(body: object) {
    const token = await fetchWidgetToken(publicConfig.companyId);
    if (token === null) return null;
    return startWidgetPolicy({
      companyId: publicConfig.companyId,
      policyId: publicConfig.policyIds.registration,
      token,
      body,
    });
  }

  /** Field messages of a refusal (400); false when the answer is not one to show. */
  function showRefusal(answer: Awaited<ReturnType<typeof policy>>): boolean {
    if (answer?.kind !== 'refused' || (answer.status !== 400 && answer.status !== 429)) {
      return false;
    }
    const fields: Partial<Record<string, string>> = {};
    for (const detail of answer.details) fields[detail.field ?? 'form'] ??= detail.message;
    setErrors(fields);
    setAlert(fields.form ?? fields.attestation ?? (fields.code ? null : answer.message));
    return true;
  }

  const submitForm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = problemsOf(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setAlert(null);
    const answer = await policy({ step: 'startPasskey', ...values, hostname: publicConfig.host });
    setBusy(false);
    if (answer?.kind === 'ok') {
      const parsed = registrationResponseSchema.safeParse(answer.body);
      if (parsed.success && parsed.data.status === 'VERIFICATION_REQUIRED') {
        setStep({
          kind: 'code',
          registrationId: parsed.data.registrationId,
          options: parsed.data.publicKeyCredentialCreationOptions,
        });
        return;
      }
    }
    if (!showRefusal(answer)) onError();
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const codeProblem = validateCode(code.trim());
    setErrors(codeProblem ? { code: codeProblem } : {});
    if (codeProblem) return;
    setBusy(true);
    setAlert(null);
    let attestation: Record<string, unknown>;
    try {
      attestation = {
        ...(await startRegistration({
          optionsJSON: step.options as PublicKeyCredentialCreationOptionsJSON,
        })),
      };
    } catch {
      setBusy(false);
      setAlert(passkeyMessages.passkeyNotCreated);
      return;
    }
    const answer = await policy({
      step: 'verify',
      registrationId: step.registrationId,
      code: code.trim(),
      attestation,
    });
    setBusy(false);
    if (answer?.kind === 'ok') {
      const parsed = registrationResponseSchema.safeParse(answer.body);
      if (parsed.success && parsed.data.status === 'COMPLETED') {
        onCompleted(parsed.data.username);
        return;
      }
    }
    if (!showRefusal(answer)) onError();
  };

  const spinner = busy && (
    <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
  );
  const alertBox = alert && (
    <Alert variant="danger" role="alert">
      {alert}
    </Alert>
  );

  if (step.kind === 'code') {
    const codeError = errors.code;
    return (
      <Form noValidate onSubmit={(event) => void submitCode(event)}>
        <h3 className="h5">{passkeyMessages.passkeyStepHeading}</h3>
        <p>
          {passkeyMessages.passkeyStepHint} We sent the code to{' '}
          <strong className="text-break">{values.email.trim()}</strong>.
        </p>
        {alertBox}
        <Form.Group controlId="passkey-registration-code" className="mb-3">
          <Form.Label>Verification code</Form.Label>
          <Form.Control
            ref={codeRef}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            isInvalid={codeError !== undefined}
            aria-invalid={codeError !== undefined}
            aria-describedby={codeError ? 'passkey-registration-code-error' : undefined}
          />
          <Form.Control.Feedback type="invalid" id="passkey-registration-code-error">
            {codeError}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" variant="primary" disabled={busy}>
          {spinner}
          {passkeyMessages.createPasskeyButton}
        </Button>
      </Form>
    );
  }

  return (
    <Form noValidate onSubmit={(event) => void submitForm(event)}>
      <h3 className="h5">{passkeyMessages.createWithPasskey}</h3>
      <p className="small">{passkeyMessages.createWithPasskeyHint}</p>
      {alertBox}
      {FIELDS.map((field, index) => {
        const error = errors[field];
        const id = `passkey-registration-${field}`;
        return (
          <Form.Group key={field} controlId={id} className="mb-3">
            <Form.Label>{LABELS[field]}</Form.Label>
            <Form.Control
              ref={index === 0 ? first : undefined}
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={AUTOCOMPLETE[field]}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              required
              isInvalid={error !== undefined}
              aria-invalid={error !== undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <Form.Control.Feedback type="invalid" id={`${id}-error`}>
              {error}
            </Form.Control.Feedback>
          </Form.Group>
        );
      })}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          {spinner}
          Continue
        </Button>
        <Button type="button" variant="link" onClick={onUsePassword} disabled={busy}>
          {passkeyMessages.createWithPassword}
        </Button>
      </div>
    </Form>
  );
}
