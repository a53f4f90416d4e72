import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { type Branding, type BrandingUpdate, brandingMessages } from '@anybank/contracts';
import { PresenterGate } from '../../components/ui/PresenterGate';
import { useBrand, useBrandControls } from '../../lib/brand';
import { BrandColorField } from './BrandColorField';
import { logoOf, restoreDefaultBranding, saveBranding, type BrandingAnswer } from './branding-api';

const text = brandingMessages;

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

type Fields = Pick<Branding, 'bankName' | 'productName' | 'primaryColor' | 'accentColor'>;

const fieldsOf = (brand: Branding): Fields => ({
  bankName: brand.bankName,
  productName: brand.productName,
  primaryColor: brand.primaryColor,
  accentColor: brand.accentColor,
});

/**
 * The bank's name, app name, colours and logo, applied at once everywhere (the
 * site, the sign-in, the outbox's messages, the phone). The server checks the colours' contrast
 * and the logo; its refusal is read out from the live region. The brand is everyone's: the
 * form opens in the presenter's browser only (PresenterGate).
 */
export function BrandingForm() {
  const ids = useId();
  const brand = useBrand();
  const controls = useBrandControls();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(brand));
  const [shown, setShown] = useState(brand);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // The brand read from the server (or changed in another tab) refills an untouched form.
  if (brand !== shown) {
    setShown(brand);
    setFields(fieldsOf(brand));
  }

  const set = (name: keyof Fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function finish(answer: BrandingAnswer, done: string) {
    setBusy(false);
    if (!answer.ok) {
      setOutcome({ ok: false, text: answer.message });
      return;
    }
    if (fileRef.current) fileRef.current.value = '';
    controls.apply(answer.brand);
    setOutcome({ ok: true, text: done });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    const file = fileRef.current?.files?.[0];
    const body: BrandingUpdate = { ...fields };
    if (file) {
      const logo = await logoOf(file);
      if (!logo.ok) {
        setOutcome({ ok: false, text: logo.message });
        return;
      }
      body.logo = logo.logo;
    }
    setBusy(true);
    await finish(await saveBranding(body), text.saved);
  }

  async function restore() {
    if (busy) return;
    setOutcome(null);
    setBusy(true);
    await finish(await restoreDefaultBranding(), text.restored);
  }

  return (
    <Card className="shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5" id={`${ids}-title`}>
          {text.heading}
        </h2>
        <p>{text.intro}</p>
        <PresenterGate>
          <div aria-live="polite" aria-atomic="true" role="status">
            {outcome && (
              // role="none": the wrapper is the live region; an alert inside it is announced twice.
              <Alert variant={outcome.ok ? 'success' : 'danger'} className="mb-3" role="none">
                {outcome.text}
              </Alert>
            )}
          </div>
          <Form aria-labelledby={`${ids}-title`} onSubmit={(event) => void submit(event)}>
            <Form.Group className="mb-3" controlId={`${ids}-bank`}>
              <Form.Label>{text.bankNameLabel}</Form.Label>
              <Form.Control
                value={fields.bankName}
                required
                maxLength={40}
                disabled={busy}
                onChange={(event) => set('bankName')(event.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId={`${ids}-product`}>
              <Form.Label>{text.productNameLabel}</Form.Label>
              <Form.Control
                value={fields.productName}
                required
                maxLength={40}
                disabled={busy}
                aria-describedby={`${ids}-product-help`}
                onChange={(event) => set('productName')(event.target.value)}
              />
              <Form.Text id={`${ids}-product-help`}>{text.productNameHelp}</Form.Text>
            </Form.Group>
            <BrandColorField
              id={`${ids}-primary`}
              label={text.primaryColorLabel}
              help={text.primaryColorHelp}
              value={fields.primaryColor}
              disabled={busy}
              onChange={set('primaryColor')}
            />
            <BrandColorField
              id={`${ids}-accent`}
              label={text.accentColorLabel}
              help={text.accentColorHelp}
              value={fields.accentColor}
              disabled={busy}
              onChange={set('accentColor')}
            />
            <Form.Group className="mb-3" controlId={`${ids}-logo`}>
              <Form.Label>{text.logoLabel}</Form.Label>
              <Form.Control
                ref={fileRef}
                type="file"
                accept=".svg,.png,image/svg+xml,image/png"
                disabled={busy}
                aria-describedby={`${ids}-logo-help`}
              />
              <Form.Text id={`${ids}-logo-help`}>{text.logoHelp}</Form.Text>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={busy}>
                {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden />}
                {text.save}
              </Button>
              <Button
                type="button"
                variant="outline-primary"
                disabled={busy || !brand.custom}
                onClick={() => void restore()}
              >
                {text.restore}
              </Button>
            </div>
          </Form>
        </PresenterGate>
      </Card.Body>
    </Card>
  );
}
