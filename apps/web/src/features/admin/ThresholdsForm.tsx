import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, InputGroup, Spinner } from 'react-bootstrap';
import {
  MAX_THRESHOLD_DOLLARS,
  MIN_CIBA_THRESHOLD_DOLLARS,
  MIN_DENY_THRESHOLD_DOLLARS,
  checkThresholds,
  messages,
  type AdminSettings,
  type ThresholdField,
} from '@anybank/contracts';
import { saveThresholds } from './admin-api';
import { thresholdsFailureText } from './admin-outcomes';

type Banner = { variant: 'success' | 'danger'; text: string } | null;

const FIELDS: { field: ThresholdField; label: string; min: number; help: string }[] = [
  {
    field: 'ciba',
    label: 'CIBA Minimum Threshold',
    min: MIN_CIBA_THRESHOLD_DOLLARS,
    help: 'Transfers above this amount wait for approval on the customer’s mobile app.',
  },
  {
    field: 'deny',
    label: 'Deny Minimum Threshold',
    min: MIN_DENY_THRESHOLD_DOLLARS,
    help: 'Transfers above this amount are denied.',
  },
];

/**
 * Document 2 §2, §5, §8: the customer's transfer thresholds in whole dollars. Checked here as
 * on the server (the same rules from the contracts); Enter in either field submits.
 */
export function ThresholdsForm({
  uid,
  settings,
  loading,
}: {
  uid: string | null;
  /** The stored values; null while they load or when they could not be read. */
  settings: AdminSettings | null;
  loading: boolean;
}) {
  const ids = useId();
  // The parent gives the form a new key once the stored values arrive: they start it afresh.
  const [values, setValues] = useState<Record<ThresholdField, string>>(() => ({
    ciba: settings ? String(settings.cibaThreshold) : '',
    deny: settings ? String(settings.denyThreshold) : '',
  }));
  const [problems, setProblems] = useState<Partial<Record<ThresholdField, string>>>({});
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setBanner(null);
    const checked = checkThresholds(values);
    if (!checked.ok) {
      setProblems(
        Object.fromEntries(checked.problems.map((problem) => [problem.field, problem.message])),
      );
      return;
    }
    setProblems({});
    if (!uid) {
      setBanner({ variant: 'danger', text: thresholdsFailureText(401, 'Unauthorized') });
      return;
    }
    setSaving(true);
    const answer = await saveThresholds(checked.ciba, checked.deny);
    setSaving(false);
    setBanner(
      answer.ok
        ? { variant: 'success', text: messages.admin.thresholdsSaved }
        : { variant: 'danger', text: thresholdsFailureText(answer.status, answer.statusText) },
    );
  }

  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5" id={`${ids}-title`}>
          Transfer thresholds
        </h2>
        <p>
          Set when a transfer needs approval on the mobile app and when it is denied, in whole
          dollars. The next transfer uses the new values.
        </p>
        {banner && (
          <Alert variant={banner.variant} role={banner.variant === 'danger' ? 'alert' : 'status'}>
            {banner.text}
          </Alert>
        )}
        <Form noValidate aria-labelledby={`${ids}-title`} onSubmit={(event) => void submit(event)}>
          {FIELDS.map(({ field, label, min, help }) => {
            const problem = problems[field];
            const helpId = `${ids}-${field}-help`;
            const problemId = `${ids}-${field}-problem`;
            return (
              <Form.Group className="mb-3" controlId={`${ids}-${field}`} key={field}>
                <Form.Label>{label}</Form.Label>
                <InputGroup hasValidation>
                  <InputGroup.Text>$</InputGroup.Text>
                  <Form.Control
                    name={field}
                    type="number"
                    inputMode="numeric"
                    min={min}
                    max={MAX_THRESHOLD_DOLLARS}
                    step={1}
                    required
                    value={values[field]}
                    disabled={saving || loading}
                    isInvalid={problem !== undefined}
                    aria-invalid={problem !== undefined}
                    aria-describedby={problem ? `${problemId} ${helpId}` : helpId}
                    onChange={(event) => {
                      setValues((current) => ({ ...current, [field]: event.target.value }));
                      setProblems((current) => ({ ...current, [field]: undefined }));
                    }}
                  />
                  {problem && (
                    <Form.Control.Feedback type="invalid" id={problemId}>
                      {problem}
                    </Form.Control.Feedback>
                  )}
                </InputGroup>
                <Form.Text id={helpId}>{help}</Form.Text>
              </Form.Group>
            );
          })}
          <Button type="submit" variant="primary" disabled={saving || loading}>
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
            Update Thresholds
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
