import { describe, expect, it } from 'vitest';
import { ASSISTANT_SCOPES } from '@anybank/contracts';
import {
  bearerChallenge,
  dollars,
  missingScopeOf,
  scopeOfTool,
  statementsUri,
  useOf,
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

describe('what an assistant did', () => {
  const call = { method: 'tools/call', params: { name: 'list_accounts' } };
  it('is the tool it called or the statements it read, when the server answered a result', () => {
    expect(useOf(call, { jsonrpc: '2.0', id: 1, result: { content: [] } })).toBe('list_accounts');
    const read = { method: 'resources/read', params: { uri: statementsUri('a1') } };
    expect(useOf(read, { result: { contents: [] } })).toBe('statements');
  });

  it('is nothing for a failed or refused call, a listing, or a tool the bank does not have', () => {
    expect(useOf(call, { result: { isError: true } })).toBeNull();
    expect(useOf(call, { error: { code: -32602 } })).toBeNull();
    expect(useOf({ method: 'tools/list' }, { result: { tools: [] } })).toBeNull();
    expect(useOf({ method: 'tools/call', params: { name: 'nope' } }, { result: {} })).toBeNull();
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
