import { IDENTITY_VERIFIED_ACR } from '@anybank/contracts';
import type { Database } from '../../../db/database';
import { DomainError } from '../../../domain-error';
import type { InteractionPort } from '../oauth/interaction.port';
import { occasionalSweep } from './expiry-sweep';
import type { FlowContext } from './flow.context';
import { INITIAL_FLOW_STATE } from './flow.rules';
import {
  createFlow,
  deleteExpiredFlows,
  findFlowAndInteraction,
  type StoredFlow,
} from './flow.store';
import { assertStepUpBinding } from './step-up.steps';

/**
 * The flow a request may use (flow.machine.md, "Binding"): a sign-in flow is the browser's
 * whose interaction cookie names it (and starts with its first request); a profile pairing is
 * the signed-in customer's; a step-up is bound to the token's grant and the browser's cookie.
 */
export function createFlowLoader(deps: { db: Database; interactions: InteractionPort }) {
  const { db } = deps;
  const sweepExpiredFlows = occasionalSweep(() => deleteExpiredFlows(db));

  const unexpired = (flow: StoredFlow) => {
    if (flow.expiresAt.getTime() <= Date.now()) throw new DomainError('flow_expired');
    return flow;
  };

  return async function boundFlow(context: FlowContext, flowId: string): Promise<StoredFlow> {
    // Both in one statement: the flow row says whether a signed-in customer's token binds it
    // (a profile pairing); any other flow is bound by the browser's interaction cookie, whose
    // interaction is read with it when the cookie names this flow's (a sign-in's always does).
    const read = await findFlowAndInteraction(db, flowId);
    const existing = read.flow;
    const interaction = await deps.interactions.current(context.interaction, {
      id: flowId,
      row: read.interaction,
    });
    if (existing?.state.purpose === 'pairing') {
      // Adding a device from the profile: the signed-in customer's own token binds the flow.
      const principal = await context.principal();
      if (principal.userId !== existing.state.userId) throw new DomainError('pairing_not_yours');
      return unexpired(existing);
    }
    if (existing?.state.purpose === 'step-up') {
      const principal = await context.principal();
      assertStepUpBinding(existing.state, principal, context.stepUpCookie);
      return unexpired(existing);
    }
    if (!interaction || interaction.uid !== flowId) throw new DomainError('flow_not_yours');
    if (existing) return unexpired(existing);
    // The interaction exists and is this browser's: its flow starts now (a GET usually
    // comes first, but a POST straight away is the same browser in the same sign-in).
    await sweepExpiredFlows();
    return createFlow(db, {
      id: flowId,
      clientId: interaction.clientId,
      state: {
        ...INITIAL_FLOW_STATE,
        verifiedIdentityRequired: interaction.acrValues.includes(IDENTITY_VERIFIED_ACR),
      },
      expiresAt: new Date(interaction.expiresAt * 1000),
    });
  };
}
