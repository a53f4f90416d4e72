import type { FastifyInstance } from 'fastify';
// Brings in the plugin's typing of the route option `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import {
  type ApiErrorCode,
  RISK_API_PATH,
  riskEvaluationRequestSchema,
  riskEvaluationResponseSchema,
  type RiskEvaluationResponse,
} from '@anybank/contracts';
import { parseInput, INPUT_REFUSALS } from '../../../http/validation';
import { DomainError } from '../../../domain-error';
import { sentDeviceHash } from '../browser-device/browser-device';
import { isUnknownUsernameLimit } from './risk.rules';
import type { RiskService } from './risk.service';
import { RATE_LIMIT_REFUSALS } from '../../../http/rate-limits';

/** The error code the browser recognises as "no such username" (document 1 §8). */
export const INVALID_USERNAME_CODE = 'INVALID_USERNAME' satisfies ApiErrorCode;

/**
 * `POST /api/riskEvaluation {username, riskPayload}` → `{result: {level, recommendedAction,
 * reasons}}` (document 1 §3.3). It tells whether a username exists, so each client address
 * may ask 30 times a minute by default (@fastify/rate-limit, registered with `global: false`).
 */
export function registerRiskRoutes(
  app: FastifyInstance,
  deps: { risk: RiskService; rateLimit?: { max: number; timeWindow: string } },
) {
  app.post(
    RISK_API_PATH,
    {
      config: {
        rateLimit: deps.rateLimit ?? { max: 30, timeWindow: '1 minute' },
        docs: {
          summary: 'Evaluates the risk of a sign-in for a username (document 1 §3.3)',
          tag: 'sign-in',
          caller: 'anyone',
          description:
            'It tells whether a username exists, so each address may ask a tenth as often as the other sign-in calls.',
          body: riskEvaluationRequestSchema,
          responses: {
            200: { description: 'The level and what to do.', schema: riskEvaluationResponseSchema },
            400: {
              description: 'The body is not a username and a risk payload.',
              codes: INPUT_REFUSALS[400],
            },
            404: {
              description: 'No such username: `{ message, code: "INVALID_USERNAME" }`.',
              codes: ['INVALID_USERNAME'],
            },
            429: {
              description:
                'Too many evaluations from this address, or too many unknown usernames named from it in the last minute.',
              codes: [...RATE_LIMIT_REFUSALS[429], 'unknown_username_rate'],
            },
          },
        },
      },
    },
    async (request) => {
      const { username, riskPayload } = parseInput(riskEvaluationRequestSchema, request.body);
      const evaluation = await deps.risk.evaluate({
        username,
        riskPayload,
        ip: request.ip,
        // A browser that has signed in to the account before is not refused for failures of
        // its address's other users (risk.rules.ts).
        deviceHash: sentDeviceHash(request),
      });
      if (evaluation.known === 'unsaid' && isUnknownUsernameLimit(evaluation.result)) {
        throw new DomainError('unknown_username_rate', {
          message: evaluation.result.recommendedAction,
        });
      }
      if (!evaluation.known) {
        throw new DomainError(INVALID_USERNAME_CODE);
      }
      const { level, recommendedAction, reasons } = evaluation.result;
      return { result: { level, recommendedAction, reasons } } satisfies RiskEvaluationResponse;
    },
  );
}
