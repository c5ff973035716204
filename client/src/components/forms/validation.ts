import { email } from '@rules/contact';
import { messageOf } from '@rules/rule';

/**
 * Instant checks that many forms share, with the server's own rules (server/src/rules through `@rules`).
 * The server stays the authority: its payload errors are shown the same way.
 */

const yourEmail = email('Vul uw e-mailadres in.');

export function validateEmail(value: string): string | null {
  return messageOf(yourEmail, value);
}

export function validateRequired(value: string, message: string): string | null {
  return value.trim() ? null : message;
}
