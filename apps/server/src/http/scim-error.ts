import type { FastifyReply } from 'fastify';
import { SCIM_CONTENT_TYPE, SCIM_SCHEMAS, type ScimError } from '@anybank/contracts';

/** Where the SCIM service is served: its callers read RFC 7644's error shape, nothing else. */
export const SCIM_PATH_SEGMENT = '/api/scim/';

/** An error in RFC 7644 §3.12's shape: a SCIM client reads `status` and `detail`. */
export function sendScimError(
  reply: FastifyReply,
  status: number,
  detail: string,
  scimType?: ScimError['scimType'],
) {
  return reply
    .status(status)
    .type(SCIM_CONTENT_TYPE)
    .send({
      schemas: [SCIM_SCHEMAS.error],
      ...(scimType ? { scimType } : {}),
      status: String(status),
      detail,
    } satisfies ScimError);
}
