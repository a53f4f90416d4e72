import { z } from 'zod';

/**
 * The consent API (document 2 §3, §4, §7): communication preferences and sharing account
 * balances with the wealth advisor. A customer reads and writes only their own consents.
 */

export const CONSENTS_API_PATH = '/api/consent/v1/consents';

export const CONSENT_DEFINITION_IDS = ['communication', 'share-account-balances'] as const;
export type ConsentDefinitionId = (typeof CONSENT_DEFINITION_IDS)[number];
export const CONSENT_STATUSES = ['accepted', 'revoked'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

export const communicationConsentDataSchema = z.strictObject({
  sms: z.boolean(),
  email: z.boolean(),
  homeAddress: z.boolean(),
});
export type CommunicationConsentData = z.infer<typeof communicationConsentDataSchema>;

export const shareBalancesConsentDataSchema = z.strictObject({
  'share-balance': z.array(z.string().min(1).max(64)).max(20),
});
export type ShareBalancesConsentData = z.infer<typeof shareBalancesConsentDataSchema>;

/** Each definition's data, to parse `data` once the definition is known. */
export const consentDataSchemas = {
  communication: communicationConsentDataSchema,
  'share-account-balances': shareBalancesConsentDataSchema,
} as const satisfies Record<ConsentDefinitionId, z.ZodType>;
export type ConsentData = CommunicationConsentData | ShareBalancesConsentData;

export const consentDefinitionSchema = z.object({
  id: z.enum(CONSENT_DEFINITION_IDS),
  version: z.string().min(1).max(16).default('1.0'),
  locale: z.string().min(1).max(16).default('en-us'),
});
export type ConsentDefinition = z.infer<typeof consentDefinitionSchema>;

/** Free context the client records with its answer (channel, page…): small, flat values. */
export const consentContextSchema = z
  .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()]))
  .refine((context) => Object.keys(context).length <= 20, 'At most 20 context entries.');

export const consentSchema = z.object({
  id: z.string(),
  status: z.enum(CONSENT_STATUSES),
  subject: z.string(),
  actor: z.string(),
  audience: z.string(),
  definition: z.object({
    id: z.enum(CONSENT_DEFINITION_IDS),
    version: z.string(),
    locale: z.string(),
  }),
  titleText: z.string().nullable(),
  dataText: z.string().nullable(),
  purposeText: z.string().nullable(),
  data: z.union([communicationConsentDataSchema, shareBalancesConsentDataSchema]),
  consentContext: consentContextSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentSearchQuerySchema = z.object({
  /** Defaults to the caller; anyone else's is refused. */
  subject: z.string().min(1).max(64).optional(),
  definition: z.enum(CONSENT_DEFINITION_IDS).optional(),
});
export const consentSearchResponseSchema = z.object({
  count: z.number().int(),
  _embedded: z.object({ consents: z.array(consentSchema) }),
});
export type ConsentSearchResponse = z.infer<typeof consentSearchResponseSchema>;

/**
 * Create: the definition (its id alone, or with version and locale) and the data, which is
 * parsed with the definition's schema afterwards. Subject and actor are the token's subject;
 * a `subject` naming anyone else is refused; the status follows from the data.
 */
export const createConsentRequestSchema = z.object({
  subject: z.string().min(1).max(64).optional(),
  definition: z.union([
    z.enum(CONSENT_DEFINITION_IDS).transform((id) => consentDefinitionSchema.parse({ id })),
    consentDefinitionSchema,
  ]),
  data: z.unknown(),
  consentContext: consentContextSchema.optional(),
});
export type CreateConsentRequest = z.input<typeof createConsentRequestSchema>;

/** Update: new data and/or a status; the status recorded is always the one the data gives. */
export const updateConsentRequestSchema = z
  .object({
    data: z.unknown().optional(),
    status: z.enum(CONSENT_STATUSES).optional(),
    consentContext: consentContextSchema.optional(),
  })
  .refine((body) => body.data !== undefined || body.status !== undefined, {
    message: 'Send data or a status.',
  });
export type UpdateConsentRequest = z.input<typeof updateConsentRequestSchema>;
