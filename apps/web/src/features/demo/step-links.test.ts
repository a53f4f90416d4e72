import { describe, expect, it } from 'vitest';
import { DEMO_SCENARIOS, pageRoute } from '@anybank/contracts';
import { stepParts } from './step-links';

describe('the paths a scenario step names', () => {
  it('shows each path in parentheses as a link, the words around it as they are', () => {
    expect(
      stepParts('Choose Email, read the code in the Outbox (/outbox?to=jane.doe@example.com).'),
    ).toEqual([
      { kind: 'text', text: 'Choose Email, read the code in the Outbox (' },
      { kind: 'path', path: '/outbox?to=jane.doe@example.com' },
      { kind: 'text', text: ').' },
    ]);
    expect(stepParts('Open (/mobile) and (/retail)')).toEqual([
      { kind: 'text', text: 'Open (' },
      { kind: 'path', path: '/mobile' },
      { kind: 'text', text: ') and (' },
      { kind: 'path', path: '/retail' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves a step without a path, or with words in parentheses, as words', () => {
    expect(stepParts('Enter the code e-mailed to you (Outbox).')).toEqual([
      { kind: 'text', text: 'Enter the code e-mailed to you (Outbox).' },
    ]);
  });

  it('finds in every scenario only paths the site has', () => {
    const known = new Set(
      (['outbox', 'mobile', 'retail'] as const).flatMap((id) => pageRoute(id).paths),
    );
    for (const scenario of DEMO_SCENARIOS) {
      for (const text of [...scenario.steps, scenario.before ?? '']) {
        for (const part of stepParts(text)) {
          if (part.kind === 'path') expect(known, part.path).toContain(part.path.split('?')[0]);
        }
      }
    }
  });
});
