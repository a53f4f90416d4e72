import { z } from 'zod';
import { AUTHN_PREFERENCES, isValidPassword, messages } from '@anybank/contracts';
import type { Config } from '../../../config';
import { DomainError } from '../../../domain-error';
import type { ProfileService } from '../../directory';
import { hashNewPassword, type RecentAuthentication } from '../../identity';
import type { CheckedPasswordHash } from '../../directory';
import { definePolicy, userOf } from '../policy';

/** Longer entries are refused before hashing: argon2 of a megabyte is a denial of service. */
const MAX_PASSWORD_LENGTH = 256;

/** `{product}UserAuthnPreferences`, the key of the preference in `rawData`. */
export function authnPreferenceKey(productId: string): string {
  return `${productId}UserAuthnPreferences`;
}

/** What the page reads (document 2 §7): `success`, or the first detail's message. */
export type SignInMethodResponse =
  | { success: true }
  | { success: false; additionalProperties: { body: { details: { message: string }[] } } };

function refusal(message: string): SignInMethodResponse {
  return { success: false, additionalProperties: { body: { details: [{ message }] } } };
}

/** The body, with the preference under the configured product's key. */
function inputSchema(productId: string) {
  return z.object({
    hostname: z.string().max(253).optional(),
    accessToken: z.string().min(1).max(8192),
    rawData: z.object({
      [authnPreferenceKey(productId)]: z.enum(AUTHN_PREFERENCES),
      userPassword: z.array(z.string().max(4096)).max(4).optional(),
    }),
  });
}

/**
 * Sign-in method switch (document 2 §2, §4, §7): the signed-in user picks Password or Device.
 * Switching to Password needs exactly one new password meeting §5; it is stored with the
 * preference in one transaction. Switching to Device keeps the password hash: the flow engine
 * skips the password step for Device users, and a switch back sets a new one anyway.
 * A weak password is answered 200 `{success: false, additionalProperties.body.details}` (the
 * shape the page reads); a malformed body is a 400 like every input error.
 */
export function createSignInMethodPolicy(deps: {
  config: Pick<Config, 'productId'>;
  profile: Pick<ProfileService, 'setSignInMethod' | 'passwordOwner'>;
  recentAuth: Pick<RecentAuthentication, 'requireStepUpForChange'>;
}) {
  const key = authnPreferenceKey(deps.config.productId);
  return definePolicy({
    name: 'SIGN_IN_METHOD',
    access: 'user',
    input: inputSchema(deps.config.productId),
    async run(input, context): Promise<SignInMethodResponse> {
      const user = userOf(context);
      // A new password or sign-in method is a new way in: only with a step-up made for it, spent
      // by this change (a fresh token alone is not enough; docs/security.md, step-up).
      await deps.recentAuth.requireStepUpForChange(user);
      const preference = input.rawData[key] as (typeof AUTHN_PREFERENCES)[number];
      let passwordHash: CheckedPasswordHash | null = null;
      if (preference === 'Password') {
        const passwords = input.rawData.userPassword ?? [];
        const [password] = passwords;
        if (
          passwords.length !== 1 ||
          password === undefined ||
          password.length > MAX_PASSWORD_LENGTH ||
          !isValidPassword(password)
        ) {
          return refusal(messages.validation.passwordHint);
        }
        // Not common, breached or personal; said in the shape the page reads.
        const owner = await deps.profile.passwordOwner(user.userId);
        if (!owner) throw new DomainError('no_such_user');
        try {
          passwordHash = await hashNewPassword(password, owner);
        } catch (error) {
          if (error instanceof DomainError && error.details.length > 0) {
            return refusal(error.message);
          }
          throw error;
        }
      }
      const changed = await deps.profile.setSignInMethod(
        user,
        { preference, passwordHash },
        context.ip,
      );
      if (!changed) throw new DomainError('no_such_user');
      return { success: true };
    },
  });
}
