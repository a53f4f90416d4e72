import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_S } from '@anybank/contracts';

/**
 * "This browser" (contracts' DEVICE_COOKIE): a random token in an HttpOnly cookie, which the
 * page's script can neither read nor copy. The services only ever see its hash: a remembrance is
 * bound to it (remembered-browsers/), and a successful sign-in records it, so that the risk
 * rules know a browser that has signed in to the account before (risk/risk.rules.ts).
 */

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The hash the bank keeps of a device token. */
export function deviceHashOf(token: string): string {
  return createHash('sha256').update(`device:${token}`).digest('base64url');
}

/** The hash of the device cookie the request carries, or null (none, or not one of ours). */
export function sentDeviceHash(request: FastifyRequest): string | null {
  const token = request.cookies[DEVICE_COOKIE];
  return token !== undefined && TOKEN_PATTERN.test(token) ? deviceHashOf(token) : null;
}

/**
 * The hash of this browser's device cookie; a browser without one (or with a malformed one) is
 * given a new one in this answer. The sign-in flow's routes call it, so that every browser that
 * signs in carries one.
 */
export function browserDeviceHash(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: { path: string; secure: boolean },
): string {
  const sent = sentDeviceHash(request);
  if (sent !== null) return sent;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, token, {
    path: cookie.path,
    sameSite: 'lax',
    secure: cookie.secure,
    httpOnly: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
  return deviceHashOf(token);
}
