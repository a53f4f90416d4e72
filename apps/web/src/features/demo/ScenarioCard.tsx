import { useId } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { demoMessages } from '@anybank/contracts';
import type { DemoScenario } from '@anybank/contracts';
import { conditionText } from './scenario-start';

interface ScenarioCardProps {
  scenario: DemoScenario;
  busy: boolean;
  /** Why Start did not go: shown under the button. */
  notice: string | null;
  onStart: () => void;
}

/** One scenario: what it shows, who plays it, the steps, what to watch, and Start. */
export function ScenarioCard({ scenario, busy, notice, onStart }: ScenarioCardProps) {
  const titleId = useId();
  const text = demoMessages;
  const before = [scenario.before, scenario.condition && conditionText(scenario.condition)].filter(
    (sentence): sentence is string => Boolean(sentence),
  );
  return (
    <Card as="section" aria-labelledby={titleId} className="h-100 shadow-sm">
      <Card.Body className="d-flex flex-column">
        <h3 id={titleId} className="h5">
          {scenario.title}
        </h3>
        <p>{scenario.shows}</p>
        <dl className="mb-2">
          <dt>{text.userHeading}</dt>
          <dd>{scenario.username ?? text.newCustomer}</dd>
        </dl>
        {before.length > 0 && (
          <>
            <h4 className="h6">{text.beforeHeading}</h4>
            {before.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </>
        )}
        <h4 className="h6">{text.stepsHeading}</h4>
        <ol>
          {scenario.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <h4 className="h6">{text.watchHeading}</h4>
        <ul>
          {scenario.watch.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <div className="mt-auto">
          <Button
            variant="primary"
            onClick={onStart}
            disabled={busy}
            aria-label={text.startLabel(scenario.title)}
          >
            {text.start}
          </Button>
          {notice && (
            <Alert variant="warning" className="mt-3 mb-0" role="alert">
              {notice}
            </Alert>
          )}
        </div>
      </Card.Body>
    </Card>
  );
}
