import { Form } from 'react-bootstrap';
import { brandingMessages } from '@anybank/contracts';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * One brand colour: the browser's colour picker and the same value as text (#rrggbb), which
 * a keyboard or a screen reader user types as easily. Each has its own label.
 */
export function BrandColorField({
  id,
  label,
  help,
  value,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const helpId = `${id}-help`;
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">{label}</legend>
      <div className="d-flex align-items-center gap-2">
        <Form.Label htmlFor={`${id}-picker`} visuallyHidden>
          {label}
        </Form.Label>
        <Form.Control
          id={`${id}-picker`}
          type="color"
          value={HEX_COLOR.test(value) ? value.toLowerCase() : '#000000'}
          disabled={disabled}
          aria-describedby={helpId}
          onChange={(event) => onChange(event.target.value)}
        />
        <Form.Label htmlFor={`${id}-text`} visuallyHidden>
          {brandingMessages.colorTextLabel(label)}
        </Form.Label>
        <Form.Control
          id={`${id}-text`}
          className="brand-color-text"
          value={value}
          disabled={disabled}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-describedby={helpId}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <Form.Text id={helpId}>{help}</Form.Text>
    </fieldset>
  );
}
