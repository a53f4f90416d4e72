import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../../../test/test-database';
import { listAuditEvents } from '../../audit/audit.store';
import { INITIAL_FLOW_STATE, type FlowState } from './flow.rules';
import { oidcModels } from '../../../db/schema';
import {
  createFlow,
  deleteExpiredFlows,
  findFlow,
  findFlowAndInteraction,
  saveFlowState,
} from './flow.store';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(DATABASE_KINDS)('sign-in flow storage on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await test.drop();
  });

  const newFlow = (id: string, expiresAt = inMinutes(10)) =>
    createFlow(test.handle.db, { id, clientId: 'bank', state: INITIAL_FLOW_STATE, expiresAt });

  it('creates a flow once: a second creation answers the first one’s row', async () => {
    const expiresAt = inMinutes(10);
    const first = await newFlow('flow-once', expiresAt);
    const again = await createFlow(test.handle.db, {
      id: 'flow-once',
      clientId: 'other-client',
      state: { ...INITIAL_FLOW_STATE, username: 'someone.else' },
      expiresAt: inMinutes(20),
    });
    expect(first).toEqual({
      id: 'flow-once',
      clientId: 'bank',
      state: INITIAL_FLOW_STATE,
      version: 0,
      expiresAt,
    });
    expect(again).toEqual(first);
    expect(await findFlow(test.handle.db, 'flow-once')).toEqual(first);
  });

  it('saves a state only over the version it was read at', async () => {
    const flow = await newFlow('flow-versions');
    const next: FlowState = { ...INITIAL_FLOW_STATE, username: 'jane.doe' };
    expect(await saveFlowState(test.handle.db, flow, next)).toBe(true);
    expect(await saveFlowState(test.handle.db, flow, { ...next, username: 'other' })).toBe(false);
    expect(await findFlow(test.handle.db, flow.id)).toMatchObject({ version: 1, state: next });
  });

  it('writes the audit events with the state, and neither when another tab moved it first', async () => {
    const flow = await newFlow('flow-audited');
    const event = (uid: string) => ({
      type: 'signin.failed' as const,
      ip: '203.0.113.7',
      details: { flowId: flow.id, uid },
    });
    const next: FlowState = { ...INITIAL_FLOW_STATE, codeFailures: 1 };
    expect(await saveFlowState(test.handle.db, flow, next, [event('first'), event('second')])).toBe(
      true,
    );
    expect(await saveFlowState(test.handle.db, flow, next, [event('lost')])).toBe(false);
    const logged = (await listAuditEvents(test.handle.db, { type: 'signin.failed', limit: 10 }))
      .filter((row) => (row.details as { flowId?: string }).flowId === flow.id)
      .map((row) => ({ uid: (row.details as { uid: string }).uid, ip: row.ip }));
    expect(logged.sort((a, b) => a.uid.localeCompare(b.uid))).toEqual([
      { uid: 'first', ip: '203.0.113.7' },
      { uid: 'second', ip: '203.0.113.7' },
    ]);
    expect(await findFlow(test.handle.db, flow.id)).toMatchObject({ version: 1, state: next });
  });

  it('deletes the expired flows, and only those', async () => {
    await newFlow('flow-expired', inMinutes(-1));
    await newFlow('flow-live', inMinutes(5));
    await deleteExpiredFlows(test.handle.db);
    expect(await findFlow(test.handle.db, 'flow-expired')).toBeNull();
    expect(await findFlow(test.handle.db, 'flow-live')).not.toBeNull();
  });

  it('reads a flow with its live interaction of the same id, and each without the other', async () => {
    const flow = await newFlow('flow-with-interaction');
    await newFlow('flow-interaction-expired');
    await test.handle.db.insert(oidcModels).values([
      {
        model: 'Interaction',
        id: 'flow-with-interaction',
        payload: { uid: 'flow-with-interaction' },
        expiresAt: inMinutes(10),
      },
      { model: 'Session', id: 'flow-interaction-expired', payload: {}, expiresAt: inMinutes(10) },
      {
        model: 'Interaction',
        id: 'flow-interaction-expired',
        payload: { uid: 'flow-interaction-expired' },
        expiresAt: inMinutes(-1),
      },
      {
        model: 'Interaction',
        id: 'interaction-without-flow',
        payload: { uid: 'interaction-without-flow' },
        expiresAt: inMinutes(10),
      },
    ]);
    expect(await findFlowAndInteraction(test.handle.db, 'flow-with-interaction')).toEqual({
      flow,
      interaction: { payload: { uid: 'flow-with-interaction' }, consumed: null },
    });
    expect(await findFlowAndInteraction(test.handle.db, 'flow-interaction-expired')).toMatchObject({
      flow: { id: 'flow-interaction-expired' },
      interaction: null,
    });
    expect(await findFlowAndInteraction(test.handle.db, 'interaction-without-flow')).toEqual({
      flow: null,
      interaction: { payload: { uid: 'interaction-without-flow' }, consumed: null },
    });
    expect(await findFlowAndInteraction(test.handle.db, 'nothing')).toEqual({
      flow: null,
      interaction: null,
    });
  });
});
