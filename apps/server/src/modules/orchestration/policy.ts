import type { z } from 'zod';
import type { PolicyName } from '../../config';
import { DomainError } from '../../domain-error';
import type { Principal } from '../identity';

/** The user a policy acts on, as their own access token proves it. */
export type PolicyUser = Principal;

/**
 * Who may start a policy:
 * - `widget`: public policies (nobody is signed in yet). The caller shows a widget token
 *   (`Authorization: Bearer …`) or, server-side, the API key.
 * - `user`: the policy acts on a user, so that user's own access token must be in the body
 *   (`accessToken`). The API key alone is never enough.
 */
export type PolicyAccess = 'widget' | 'user';

export interface PolicyContext {
  /** The client's address, for the audit log. */
  ip: string;
  /** The user the access token names: always set for `user` policies, null for `widget` ones. */
  user: PolicyUser | null;
  /** The caller's User-Agent, shortened: the browser a security notice names. */
  browser: string;
}

/** One orchestration policy: one module, one zod schema for its JSON body. */
export interface Policy<Input extends z.ZodType = z.ZodType> {
  name: PolicyName;
  access: PolicyAccess;
  input: Input;
  /** Answers the JSON body of a 200; refusals are thrown as DomainError. */
  run(input: z.output<Input>, context: PolicyContext): Promise<unknown>;
}

/**
 * Types `run`'s input from the policy's own schema; the result goes into the registry, which
 * holds policies of every schema (the dispatcher parses the body with `input` before `run`).
 */
export function definePolicy<Input extends z.ZodType>(policy: Policy<Input>): Policy {
  return policy;
}

/** The signed-in user of a `user` policy (the dispatcher has checked the token). */
export function userOf(context: PolicyContext): PolicyUser {
  if (!context.user) throw new DomainError('sign_in_required');
  return context.user;
}

export interface FieldError {
  field: string;
  message: string;
}

/**
 * A 400 naming the fields, in the shape of every input error (`http/validation.ts`):
 * `{message, details: [{field, message}]}`. The widget shows each message under its field.
 */
export function fieldErrors(details: FieldError[]): DomainError {
  const summary = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ');
  return new DomainError('invalid_input', {
    message: `Please check your input. ${summary}`,
    details,
  });
}
