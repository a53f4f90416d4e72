import { z } from 'zod';

/** Document 1 §3.3: `POST /api/riskEvaluation`. */
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** What the browser's signals module collects (user agent, language, time zone, screen…). */
export const riskPayloadSchema = z.object({
  deviceId: z.string().min(8).max(128),
  userAgent: z.string().max(1024),
  language: z.string().max(64),
  timeZone: z.string().max(64),
  screen: z.object({
    width: z.number().int(),
    height: z.number().int(),
    colorDepth: z.number().int(),
  }),
  webdriver: z.boolean(),
  platform: z.string().max(128).optional(),
  hardwareConcurrency: z.number().int().optional(),
  touch: z.boolean().optional(),
});
export type RiskPayload = z.infer<typeof riskPayloadSchema>;

export const riskEvaluationRequestSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((value) => value.toLowerCase()),
  riskPayload: riskPayloadSchema,
});

export const riskEvaluationResponseSchema = z.object({
  result: z.object({
    level: z.enum(RISK_LEVELS),
    recommendedAction: z.string(),
    /** Why, in words a person understands (shown to the demo's audience via the audit log). */
    reasons: z.array(z.string()),
  }),
});
export type RiskEvaluationResponse = z.infer<typeof riskEvaluationResponseSchema>;

export const RISK_API_PATH = '/api/riskEvaluation';
