import { email } from './contact.js';
import { personName } from './person.js';

/** Inviting a colleague to the admin area (beheer/accounts/nieuw). */
export const staffInvitationRules = {
  name: personName('Vul de naam van uw collega in.'),
  email: email('Vul het e-mailadres van uw collega in.'),
} as const;

/** The own account (admin/account): name, and a new e-mail address (confirmed through that address). */
export const ownNameRules = { name: personName() } as const;
export const ownEmailRules = { email: email('Vul uw nieuwe e-mailadres in.') } as const;

/** A code from the authenticator app (6 digits) or a recovery code. */
export const TWO_FACTOR_CODE_HINT = 'De 6 cijfers uit uw authenticator-app, of een van uw herstelcodes.';
