import type { ChallengeMethod, MethodFactory } from '../challenge-method';
import { emailCodeMethod } from './email-code/email-code.method';
import type { MethodDeps } from './method-deps';
import { phonePushMethod } from './phone-push/phone-push.method';
import { smsCodeMethod } from './sms-code/sms-code.method';

/** The bank's methods: THE list a new method is registered in (README.md, "adding a method"). */
export const BANK_METHODS: readonly MethodFactory[] = [
  emailCodeMethod,
  smsCodeMethod,
  phonePushMethod,
];

/** The methods, looked up by what a caller has in hand: a name, a device type. */
export interface MethodRegistry {
  all(): readonly ChallengeMethod[];
  named(name: string): ChallengeMethod | null;
  /** The method a device of this type answers with, or null for a type none registered. */
  ofType(type: string): ChallengeMethod | null;
}

/**
 * The registry: the bank's methods, then `extra` (buildServer's `challengeMethods`, how a test
 * adds one from its own folder).
 */
export function createMethods(
  deps: MethodDeps,
  extra: readonly MethodFactory[] = [],
): MethodRegistry {
  return registryOf([...BANK_METHODS, ...extra].map((factory) => factory(deps)));
}

/** Methods by name and device type; one registered twice is a start-up error. */
export function registryOf(methods: readonly ChallengeMethod[]): MethodRegistry {
  const byName = new Map<string, ChallengeMethod>();
  const byType = new Map<string, ChallengeMethod>();
  for (const method of methods) {
    if (byName.has(method.name))
      throw new Error(`challenge method ${method.name} registered twice`);
    byName.set(method.name, method);
    for (const type of method.deviceTypes) {
      if (byType.has(type)) throw new Error(`device type ${type} has two challenge methods`);
      byType.set(type, method);
    }
  }
  return {
    all: () => methods,
    named: (name) => byName.get(name) ?? null,
    ofType: (type) => byType.get(type) ?? null,
  };
}

export type { MethodDeps, BackchannelApprovals } from './method-deps';
