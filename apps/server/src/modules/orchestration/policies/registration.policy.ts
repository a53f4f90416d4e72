import { registrationRequestSchema } from '@anybank/contracts';
import type { RegistrationService } from '../registration.service';
import { definePolicy } from '../policy';

/**
 * Registration (document 1 §2.2, §4.8): the registration widget's two steps, `start` (the form;
 * a code is e-mailed) and `verify` (the code; the customer is created). Public: no one is
 * signed in yet.
 */
export function createRegistrationPolicy(deps: { registration: RegistrationService }) {
  return definePolicy({
    name: 'REGISTRATION',
    access: 'widget',
    input: registrationRequestSchema,
    run: (input, context) => {
      switch (input.step) {
        case 'start':
          return deps.registration.start(input);
        // The same form with no password; a passkey is created instead.
        case 'startPasskey':
          return deps.registration.startPasskey(input);
        case 'verify':
          return deps.registration.verify(input, context.ip);
      }
    },
  });
}
