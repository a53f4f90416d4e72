import { Alert, Col, Row } from 'react-bootstrap';
import { DEMO_CHAPTERS, DEMO_SCENARIOS, demoMessages, nextDemoScenario } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';
import { publicConfig } from '../../lib/config';
import { demoProgress, useDemoDone } from '../../lib/demo-progress';
import { ResetDemoSection } from './ResetDemoSection';
import { ScenarioCard } from './ScenarioCard';
import { useScenarioStart } from './use-scenario-start';

const TOTAL_MINUTES = DEMO_SCENARIOS.reduce((sum, scenario) => sum + scenario.minutes, 0);

/**
 * `/demo`: the story a presenter tells, chapter by chapter (DEMO_CHAPTERS), each scenario with
 * its time, Start, a tick for "done in this browser" and a link to the next; then "Reset demo".
 * A demo tool: with DEMO_TOOLS=off the server answers 404 for the page and its reset, and the
 * footer shows no link; reached inside the app all the same, it says the tools are off.
 */
export function DemoPage() {
  const { start, busy, notice } = useScenarioStart();
  const done = useDemoDone();
  const text = demoMessages;

  if (!publicConfig.demoToolsEnabled) {
    return (
      <PageLayout pageId="demo" description={text.description}>
        <Alert variant="secondary">{text.off}</Alert>
      </PageLayout>
    );
  }

  const doneCount = DEMO_SCENARIOS.filter((scenario) => done.includes(scenario.id)).length;
  return (
    <PageLayout pageId="demo" description={text.description}>
      <p>{text.password}</p>
      <p>{text.storyTotal(DEMO_SCENARIOS.length, TOTAL_MINUTES)}</p>
      <p role="status">{text.progress(doneCount, DEMO_SCENARIOS.length)}</p>
      {DEMO_CHAPTERS.map((chapter, index) => (
        <section key={chapter} aria-labelledby={`chapter-${chapter}`} className="mt-4">
          <h2 id={`chapter-${chapter}`} className="h4 mb-3">
            {text.chapterHeading(index + 1, text.chapters[chapter])}
          </h2>
          <Row xs={1} lg={2} className="g-4">
            {DEMO_SCENARIOS.filter((scenario) => scenario.chapter === chapter).map((scenario) => (
              <Col key={scenario.id}>
                <ScenarioCard
                  scenario={scenario}
                  next={nextDemoScenario(scenario.id)}
                  busy={busy === scenario.id}
                  notice={notice?.id === scenario.id ? notice.text : null}
                  done={done.includes(scenario.id)}
                  onStart={() => void start(scenario)}
                  onDoneChange={(isDone) => demoProgress.setDone(scenario.id, isDone)}
                />
              </Col>
            ))}
          </Row>
        </section>
      ))}
      <ResetDemoSection onReset={() => demoProgress.clearDone()} />
    </PageLayout>
  );
}
