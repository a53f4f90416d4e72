import { useId } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { demoMessages } from '@anybank/contracts';
import type { DemoScenario } from '@anybank/contracts';
import { conditionText } from './scenario-start';
import { StepText } from './StepText';

interface ScenarioCardProps {
  scenario: DemoScenario;
  /** The scenario after this one in the story; null for the last. */
  next: DemoScenario | null;
  busy: boolean;
  /** Why Start did not go: shown under the button. */
  notice: string | null;
  done: boolean;
  onStart: () => void;
  onDoneChange: (done: boolean) => void;
}

/** The in-page anchor of a scenario's card (the previous card's "Next" links to it). */
export function scenarioAnchor(scenario: Pick<DemoScenario, 'id'>): string {
  return `scenario-${scenario.id}`;
}

/**
 * One scenario: what it shows, its time, who plays it, what to do before, the steps (their
 * paths as links), what to watch, Start, the tick for "done in this browser", and the way on.
 */
export function ScenarioCard(props: ScenarioCardProps) {
  const { scenario, next, busy, notice, done, onStart, onDoneChange } = props;
  const titleId = useId();
  const text = demoMessages;
  const before = [scenario.before, scenario.condition && conditionText(scenario.condition)].filter(
    (sentence): sentence is string => Boolean(sentence),
  );
  return (
    <Card
      as="section"
      id={scenarioAnchor(scenario)}
      aria-labelledby={titleId}
      className={`h-100 shadow-sm${done ? ' border-success' : ''}`}
      tabIndex={-1}
    >
      <Card.Body className="d-flex flex-column">
        <h3 id={titleId} className="h5">
          {scenario.title}
        </h3>
        <p className="mb-2">
          <Badge bg="secondary">{text.minutes(scenario.minutes)}</Badge>
        </p>
        <p>{scenario.shows}</p>
        <dl className="mb-2">
          <dt>{text.userHeading}</dt>
          <dd>{scenario.username ?? text.newCustomer}</dd>
        </dl>
        {before.length > 0 && (
          <>
            <h4 className="h6">{text.beforeHeading}</h4>
            {before.map((sentence) => (
              <p key={sentence}>
                <StepText text={sentence} />
              </p>
            ))}
          </>
        )}
        <h4 className="h6">{text.stepsHeading}</h4>
        <ol>
          {scenario.steps.map((step) => (
            <li key={step}>
              <StepText text={step} />
            </li>
          ))}
        </ol>
        <h4 className="h6">{text.watchHeading}</h4>
        <ul>
          {scenario.watch.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="mt-auto">
          <div className="d-flex flex-wrap align-items-center gap-3">
            <Button
              variant="primary"
              onClick={onStart}
              disabled={busy}
              aria-label={text.startLabel(scenario.title)}
            >
              {text.start}
            </Button>
            <Form.Check
              id={`${titleId}-done`}
              type="checkbox"
              label={text.done}
              aria-label={text.doneLabel(scenario.title)}
              checked={done}
              onChange={(event) => onDoneChange(event.currentTarget.checked)}
            />
          </div>
          {notice && (
            <Alert variant="warning" className="mt-3 mb-0" role="alert">
              {notice}
            </Alert>
          )}
          <p className="mt-3 mb-0">
            {next ? <a href={`#${scenarioAnchor(next)}`}>{text.next(next.title)}</a> : text.last}
          </p>
        </div>
      </Card.Body>
    </Card>
  );
}
