import { useId, useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import type { ActivityFilter } from '@anybank/contracts';

/** The form's fields as typed: dates as the date inputs give them ("2025-05-02"). */
export interface FilterFields {
  from: string;
  to: string;
  q: string;
  min: string;
  max: string;
}

export const NO_FILTER: FilterFields = { from: '', to: '', q: '', min: '', max: '' };

/**
 * The fields as the API's filter: a date is the whole of that day in the customer's own time
 * zone (its first and last millisecond, as instants).
 */
export function filterOf(fields: FilterFields): ActivityFilter {
  const instant = (date: string, time: string) =>
    date === '' ? undefined : new Date(`${date}T${time}`).toISOString();
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    from: instant(fields.from, '00:00:00.000'),
    to: instant(fields.to, '23:59:59.999'),
    q: text(fields.q),
    min: text(fields.min)?.replaceAll(',', ''),
    max: text(fields.max)?.replaceAll(',', ''),
  };
}

/** Date range, text and amount: applied together with "Apply filters", cleared with "Clear". */
export function ActivityFilters({ onApply }: { onApply: (fields: FilterFields) => void }) {
  const [fields, setFields] = useState<FilterFields>(NO_FILTER);
  const id = useId();
  const field = (name: keyof FilterFields) => ({
    id: `${id}-${name}`,
    value: fields[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(fields);
  };
  return (
    <Form onSubmit={submit} className="mb-3" aria-label="Filter entries">
      <Row className="g-2 align-items-end">
        <Col sm={6} md={3}>
          <Form.Label htmlFor={`${id}-from`}>From date</Form.Label>
          <Form.Control type="date" {...field('from')} />
        </Col>
        <Col sm={6} md={3}>
          <Form.Label htmlFor={`${id}-to`}>To date</Form.Label>
          <Form.Control type="date" {...field('to')} />
        </Col>
        <Col md={6}>
          <Form.Label htmlFor={`${id}-q`}>Description contains</Form.Label>
          <Form.Control type="search" {...field('q')} />
        </Col>
        <Col sm={6} md={3}>
          <Form.Label htmlFor={`${id}-min`}>Amount from ($)</Form.Label>
          <Form.Control inputMode="decimal" {...field('min')} />
        </Col>
        <Col sm={6} md={3}>
          <Form.Label htmlFor={`${id}-max`}>Amount to ($)</Form.Label>
          <Form.Control inputMode="decimal" {...field('max')} />
        </Col>
        <Col md={6} className="d-flex gap-2">
          <Button type="submit">Apply filters</Button>
          <Button
            variant="outline-secondary"
            onClick={() => {
              setFields(NO_FILTER);
              onApply(NO_FILTER);
            }}
          >
            Clear
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
