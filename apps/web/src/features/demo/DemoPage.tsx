import { Alert, Col, Row } from 'react-bootstrap';
import { DEMO_SCENARIOS, demoMessages } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';
import { publicConfig } from '../../lib/config';
import { ResetDemoSection } from './ResetDemoSection';
import { ScenarioCard } from './ScenarioCard';
import { useScenarioStart } from './use-scenario-start';

/**
 * `/demo`: the scenarios a presenter runs, each with Start, and "Reset demo". A
 * demo tool: with DEMO_TOOLS=off the server answers 404 for the page and its reset, and the
 * footer shows no link; reached inside the app all the same, it says the tools are off.
 */
export function DemoPage() {
  const { start, busy, notice } = useScenarioStart();
  const text = demoMessages;

  if (!publicConfig.demoToolsEnabled) {
    return (
      <PageLayout pageId="demo" description={text.description}>
        <Alert variant="secondary">{text.off}</Alert>
      </PageLayout>
    );
  }

  return (
    <PageLayout pageId="demo" description={text.description}>
      <p>{text.password}</p>
      <h2 className="h4 mt-4 mb-3">{text.scenariosHeading}</h2>
      <Row xs={1} lg={2} className="g-4">
        {DEMO_SCENARIOS.map((scenario) => (
          <Col key={scenario.id}>
            <ScenarioCard
              scenario={scenario}
              busy={busy === scenario.id}
              notice={notice?.id === scenario.id ? notice.text : null}
              onStart={() => void start(scenario)}
            />
          </Col>
        ))}
      </Row>
      <ResetDemoSection />
    </PageLayout>
  );
}
