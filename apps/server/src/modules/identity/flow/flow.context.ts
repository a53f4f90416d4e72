import type { Principal } from '../oauth/access-token';
import type { InteractionHandle } from '../oauth/interaction.port';

/**
 * What the flow's use cases know of the request that asks for a step, built by the route
 * (flow.routes.ts, step-up.routes.ts) so that no service sees Fastify. The OAuth interaction
 * is an opaque handle only the interaction port (oauth/interaction.port.ts) understands.
 */
export interface FlowContext {
  /** The caller's address (rate limits, risk rules, audit). */
  ip: string;
  /** The browser's User-Agent, as it sent it (the phone's push shows it). */
  userAgent: string | undefined;
  /** The browser's OAuth interaction (its HttpOnly cookie binds a sign-in flow to it). */
  interaction: InteractionHandle;
  /**
   * The signed-in customer of a bearer call (a profile pairing, a step-up): asked only by the
   * flows a token binds, so that a sign-in without a token is never refused for lacking one.
   */
  principal: () => Promise<Principal>;
  /** The step-up cookie binding a step-up flow to the browser that started it. */
  stepUpCookie: string | undefined;
  /** The remembered-browser cookie (tokens whose hashes the server keeps). */
  rememberedBrowserCookie?: string;
  /**
   * The hash of this browser's HttpOnly device cookie (browser-device/), set by the route when
   * the browser had none: what a remembrance is bound to, and what makes a browser known.
   */
  deviceHash: string;
}
