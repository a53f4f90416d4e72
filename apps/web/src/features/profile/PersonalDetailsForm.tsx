import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, Card, Col, Form, Row, Spinner } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import {
  profileFormFromSession,
  saveProfile,
  storeProfileInSession,
  type PendingContact,
} from './profile-update';
import { ContactVerification, type ContactVerified } from './ContactVerification';
import {
  PROFILE_FIELDS,
  profileFieldProblem,
  profileProblems,
  type ProfileField,
  type ProfileForm,
  type ProfileProblems,
} from './profile-update-rules';

interface FieldSpec {
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
  hint?: string;
  width: number;
}

const FIELDS: Record<ProfileField, FieldSpec> = {
  firstName: {
    label: 'First name',
    type: 'text',
    autoComplete: 'given-name',
    required: true,
    width: 6,
  },
  lastName: {
    label: 'Last name',
    type: 'text',
    autoComplete: 'family-name',
    required: true,
    width: 6,
  },
  email: { label: 'Email', type: 'email', autoComplete: 'email', required: true, width: 12 },
  street: { label: 'Street', type: 'text', autoComplete: 'street-address', width: 12 },
  city: { label: 'City', type: 'text', autoComplete: 'address-level2', width: 6 },
  zip: { label: 'ZIP code', type: 'text', autoComplete: 'postal-code', width: 6 },
  mobile: {
    label: 'Mobile',
    type: 'tel',
    autoComplete: 'tel',
    hint: 'In international format with a leading +, for example +15551234567. Leave blank if you have none.',
    width: 12,
  },
};

type Result =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'updated' }
  | { kind: 'limitExceeded' }
  /** Saved; a new e-mail or mobile waits for its code. */
  | { kind: 'verificationRequired' }
  | { kind: 'contactVerified'; what: string }
  | { kind: 'invalid' }
  | { kind: 'error' };

const BANNERS: Record<
  Exclude<Result['kind'], 'contactVerified'>,
  { variant: string; text: string } | null
> = {
  idle: null,
  saving: null,
  verificationRequired: null,
  updated: { variant: 'success', text: messages.profile.updated },
  limitExceeded: { variant: 'warning', text: messages.profile.limitExceeded },
  invalid: { variant: 'danger', text: 'Please check the fields marked above.' },
  error: { variant: 'danger', text: messages.profile.unexpected },
};

/**
 * Document 2 §2, §4, §5, §8: first and last name, e-mail, street, city, ZIP and mobile,
 * pre-filled from the session and checked as the customer types. Save shows a spinner, then
 * 'Profile Updated!', the device-limit warning, or 'An unexpected error occurred.'.
 */
export function PersonalDetailsForm({ onSaved }: { onSaved: () => void }) {
  const [form, setForm] = useState<ProfileForm>(profileFormFromSession);
  const [touched, setTouched] = useState<Partial<Record<ProfileField, boolean>>>({});
  const [serverProblems, setServerProblems] = useState<ProfileProblems>({});
  const [result, setResult] = useState<Result>({ kind: 'idle' });
  const [pending, setPending] = useState<PendingContact[]>([]);
  const inputs = useRef<Partial<Record<ProfileField, HTMLInputElement | null>>>({});
  const ids = useId();
  const saving = result.kind === 'saving';

  const problemOf = (field: ProfileField): string | null =>
    serverProblems[field] ?? (touched[field] ? profileFieldProblem(field, form[field]) : null);

  const change = (field: ProfileField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
    setServerProblems(({ [field]: _dropped, ...rest }) => rest);
    if (result.kind !== 'saving') setResult({ kind: 'idle' });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problems = profileProblems(form);
    const firstInvalid = PROFILE_FIELDS.find((field) => problems[field]);
    if (firstInvalid) {
      setTouched(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, true])));
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setResult({ kind: 'saving' });
    setServerProblems({});
    const previous = profileFormFromSession();
    const outcome = await saveProfile(form, previous);
    setPending([]);
    switch (outcome.kind) {
      case 'verificationRequired': {
        // Until its code is entered, the previous address or number stays the one in use.
        const waiting = new Set(outcome.pending.map((contact) => contact.kind));
        storeProfileInSession({
          ...form,
          email: waiting.has('email') ? previous.email : form.email,
          mobile: waiting.has('mobile') ? previous.mobile : form.mobile,
        });
        setPending(outcome.pending);
        setResult({ kind: 'verificationRequired' });
        onSaved();
        return;
      }
      case 'updated':
      case 'limitExceeded':
        storeProfileInSession(form);
        setResult({ kind: outcome.kind });
        onSaved();
        return;
      case 'invalid': {
        setServerProblems(outcome.problems);
        setResult({ kind: 'invalid' });
        const first = PROFILE_FIELDS.find((field) => outcome.problems[field]);
        if (first) inputs.current[first]?.focus();
        return;
      }
      case 'error':
        setResult({ kind: 'error' });
    }
  }

  /** The code was right: the new address or number is the one in use now. */
  const verified = ({ kind, limitExceeded }: ContactVerified) => {
    const field = kind === 'email' ? 'email' : 'mobile';
    storeProfileInSession({ ...profileFormFromSession(), [field]: form[field] });
    const left = pending.filter((contact) => contact.kind !== kind);
    setPending(left);
    setResult(
      limitExceeded
        ? { kind: 'limitExceeded' }
        : { kind: 'contactVerified', what: kind === 'email' ? 'email address' : 'mobile number' },
    );
    onSaved();
  };

  const banner =
    result.kind === 'contactVerified'
      ? { variant: 'success', text: messages.profile.contactVerified(result.what) }
      : BANNERS[result.kind];
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h5">Your details</h2>
        <Form noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
          <Row>
            {PROFILE_FIELDS.map((field) => {
              const spec = FIELDS[field];
              const id = `${ids}-${field}`;
              const hintId = `${id}-hint`;
              const problemId = `${id}-problem`;
              const problem = problemOf(field);
              const describedBy =
                [spec.hint ? hintId : null, problem ? problemId : null].filter(Boolean).join(' ') ||
                undefined;
              return (
                <Col key={field} md={spec.width}>
                  <Form.Group className="mb-3" controlId={id}>
                    <Form.Label>
                      {spec.label}
                      {spec.required && (
                        <>
                          <span aria-hidden="true"> *</span>
                          <span className="visually-hidden"> (required)</span>
                        </>
                      )}
                    </Form.Label>
                    <Form.Control
                      ref={(element: HTMLInputElement | null) => {
                        inputs.current[field] = element;
                      }}
                      name={field}
                      type={spec.type}
                      autoComplete={spec.autoComplete}
                      required={spec.required}
                      value={form[field]}
                      onChange={(event) => change(field, event.target.value)}
                      isInvalid={problem !== null}
                      aria-invalid={problem !== null}
                      aria-describedby={describedBy}
                      disabled={saving}
                    />
                    {spec.hint && (
                      <Form.Text id={hintId} className="d-block">
                        {spec.hint}
                      </Form.Text>
                    )}
                    {problem && (
                      <Form.Control.Feedback type="invalid" id={problemId}>
                        {problem}
                      </Form.Control.Feedback>
                    )}
                  </Form.Group>
                </Col>
              );
            })}
          </Row>
          {/* One polite live region; plain alert boxes inside, so nothing is announced twice. */}
          <div role="status" aria-live="polite" aria-atomic="true">
            {banner && <div className={`alert alert-${banner.variant}`}>{banner.text}</div>}
          </div>
          <Button type="submit" variant="primary" disabled={saving}>
            {saving ? (
              <>
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
                Saving…
              </>
            ) : (
              'Save'
            )}
          </Button>
        </Form>
        {/* Outside the details form: a form may not hold another. */}
        {pending.length > 0 && (
          <div className="mt-3">
            {pending.map((contact) => (
              <ContactVerification key={contact.kind} pending={contact} onVerified={verified} />
            ))}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
