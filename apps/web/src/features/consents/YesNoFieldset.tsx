import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

interface YesNoFieldsetProps {
  /** Unique on the page: names the radio group and prefixes the ids. */
  name: string;
  legend: ReactNode;
  value: boolean;
  /** Absent: the choice is read-only (shown, not changeable). */
  onChange?: (value: boolean) => void;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}

/** A Yes/No radio group with its legend (document 2 §2: each channel and partner). */
export function YesNoFieldset({
  name,
  legend,
  value,
  onChange,
  disabled = false,
  className = 'mb-3',
  children,
}: YesNoFieldsetProps) {
  const readOnly = !onChange;
  const choices = [
    { label: 'Yes', checked: value, choose: true },
    { label: 'No', checked: !value, choose: false },
  ];
  return (
    <fieldset className={className} disabled={disabled || readOnly}>
      <legend className="fs-6 fw-semibold mb-1">{legend}</legend>
      {choices.map((choice) => (
        <Form.Check
          key={choice.label}
          inline
          type="radio"
          id={`${name}-${choice.label.toLowerCase()}`}
          name={name}
          label={choice.label}
          checked={choice.checked}
          onChange={() => onChange?.(choice.choose)}
        />
      ))}
      {children}
    </fieldset>
  );
}
