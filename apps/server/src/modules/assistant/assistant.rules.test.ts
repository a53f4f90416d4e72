import { describe, expect, it } from 'vitest';
import { ASSISTANT_SCOPES } from '@anybank/contracts';
import {
  bearerChallenge,
  dollars,
  missingScopeOf,
  scopeOfTool,
  statementsUri,
} from './assistant.rules';

describe('the assistant tools’ scopes', () => {
  it('names the scope each tool needs, and none for a tool the bank does not have', () => {
    expect(scopeOfTool('list_accounts')).toBe(ASSISTANT_SCOPES.accounts);
    expect(scopeOfTool('search_transactions')).toBe(ASSISTANT_SCOPES.transactions);
    expect(scopeOfTool('toString')).toBeNull();
  });

  it('finds a tool call the token may not make', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_payees' } };
    expect(missingScopeOf(call, new Set([ASSISTANT_SCOPES.accounts]))).toBe(
      ASSISTANT_SCOPES.payees,
    );
    expect(missingScopeOf(call, new Set([ASSISTANT_SCOPES.payees]))).toBeNull();
    expect(missingScopeOf({ method: 'tools/list' }, new Set())).toBeNull();
    const read = { method: 'resources/read', params: { uri: statementsUri('a1') } };
    expect(missingScopeOf(read, new Set([ASSISTANT_SCOPES.accounts]))).toBe(
      ASSISTANT_SCOPES.transactions,
    );
    expect(missingScopeOf(read, new Set([ASSISTANT_SCOPES.transactions]))).toBeNull();
    expect(missingScopeOf('junk', new Set())).toBeNull();
  });
});

describe('what the assistant reads', () => {
  it('writes cents as dollars', () => {
    expect(dollars(123456)).toBe('$1,234.56');
    expect(dollars(-5)).toBe('-$0.05');
  });

  it('points a 401 at the protected resource metadata', () => {
    expect(bearerChallenge('https://bank/.well-known/oauth-protected-resource/mcp')).toBe(
      'Bearer resource_metadata="https://bank/.well-known/oauth-protected-resource/mcp"',
    );
  });
});
