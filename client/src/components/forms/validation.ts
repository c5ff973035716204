/**
 * Client-side validation mirroring the server's rules, for instant Dutch feedback.
 * The server stays the authority: its payload errors are shown the same way.
 */

// Same shape the server accepts: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Vul uw e-mailadres in.';
  if (email.length > 254 || !EMAIL.test(email)) {
    return 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.';
  }
  return null;
}

export function validateRequired(value: string, message: string): string | null {
  return value.trim() ? null : message;
}
