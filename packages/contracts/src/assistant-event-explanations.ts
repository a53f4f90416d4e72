import { assistantUseText } from './assistant';

/**
 * "Behind the scenes" (ADR 0021): the sentence of an assistant's call to the bank's MCP server
 * (ADR 0029), spread into EVENT_EXPLANATIONS.
 */

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;

export const ASSISTANT_EVENT_EXPLANATIONS = {
  'assistant.used': {
    title: 'Assistant used',
    explain: (d: Record<string, unknown>) =>
      `${text(d.clientId, 'An assistant')} ${assistantUseText[text(d.what, '')] ?? 'used one of its tools'} for you.`,
  },
};
