import type { LimitRule } from './limits.js';

/**
 * Every limit of the application in one place (the "Log-in and request limits" table in docs/security.md describes it).
 * LOGIN_MAX_ATTEMPTS (default 5) and LOGIN_WINDOW_SECONDS (default 900) scale the log-in and reset budgets.
 */
export function limitPolicy(settings: { maxAttempts: number; windowSeconds: number }) {
  const { maxAttempts: n, windowSeconds: window } = settings;
  return {
    login: {
      /**
       * Failed log-ins for one account from one address: n free, then a growing wait (1 minute, doubling up to an hour).
       * Only this account from this address waits: an attacker elsewhere cannot make the real user wait.
       */
      pair: { name: 'login-pair', points: n, windowSeconds: window, backoff: { firstSeconds: 60, maxSeconds: 3600 } },
      /**
       * Failed log-ins for one account from addresses it never logged in from: 4n an hour, then one attempt every
       * 30 seconds. Stops a guesser with many addresses; the real user's own addresses are not counted.
       */
      account: { name: 'login-account', points: 4 * n, windowSeconds: 3600, trickleSeconds: 30 },
      /**
       * Failed log-ins from one address for accounts that never logged in from it: 20n per window, then one attempt
       * every 5 seconds. Slows one address guessing many accounts; colleagues behind the same office address who
       * logged in there before are not counted.
       */
      address: { name: 'login-address', points: 20 * n, windowSeconds: window, trickleSeconds: 5 },
      /** An account that logged in (or completed a reset) from an address is "known" there this long. */
      knownSeconds: 30 * 24 * 3600,
    },
    twoFactor: {
      /**
       * Wrong two-factor codes (authenticator or recovery code) per staff account, at log-in and in set-up: n free,
       * then a growing wait (1 minute, doubling up to an hour). Reserved before the code is checked.
       */
      perAccount: {
        name: 'two-factor-account',
        points: n,
        windowSeconds: window,
        backoff: { firstSeconds: 60, maxSeconds: 3600 },
      },
    },
    operatorLink: {
      /**
       * Operator log-in links (/_lightbase/login) per e-mail address, known or not (so the limit tells nothing about
       * the address): 5 per 15 minutes. Reserved before the address is looked up and the mail is sent.
       */
      perAddress: { name: 'operator-link-address', points: 5, windowSeconds: 900 },
      /** … and per client address: 20 per 15 minutes. */
      perIp: { name: 'operator-link-ip', points: 20, windowSeconds: 900 },
      /**
       * The operator's own browser (a signed device marker set at an earlier log-in, for that e-mail address) has a
       * budget of its own instead of the two above, so strangers who spend them cannot keep the operator out: 5 per
       * 15 minutes, then one every minute (slowed, never blocked).
       */
      perDevice: { name: 'operator-link-device', points: 5, windowSeconds: 900, trickleSeconds: 60 },
    },
    staffInvitation: {
      /** Staff invitations per inviting account. */
      perAccount: { name: 'staff-invite-account', points: 30, windowSeconds: 3600 },
    },
    emailChange: {
      /** Confirmation mails for a new address per staff account. */
      perAccount: { name: 'email-change-account', points: 5, windowSeconds: 3600 },
    },
    passwordChange: {
      /** Wrong current passwords on the own account page, per staff account (reserved before the check). */
      perAccount: { name: 'password-change-account', points: n, windowSeconds: window },
    },
    passwordReset: {
      /** Reset mails per e-mail address typed (protects the mailbox); every request counts. */
      perEmail: { name: 'reset-email', points: n, windowSeconds: window },
      /** Reset requests per client address. */
      perAddress: { name: 'reset-address', points: 10 * n, windowSeconds: window },
    },
    registration: {
      /** Provider registrations per client address. */
      perAddress: { name: 'registration-address', points: 10 * n, windowSeconds: window },
    },
    /** "Someone tried to use your address" mails (registration, invitation) per existing account: one an hour. */
    accountNotice: { name: 'account-notice', points: 1, windowSeconds: 3600 },
    invitation: {
      /** Invitations sent per provider user. */
      perUser: { name: 'invite-user', points: 10, windowSeconds: 3600 },
      /** Invitations to one e-mail address, whoever sends them (protects the mailbox). */
      perEmail: { name: 'invite-email', points: 3, windowSeconds: 24 * 3600 },
    },
    counter: {
      /**
       * Counter look-ups and hand-overs per provider user. A busy counter does a few a minute; guessing card numbers
       * needs millions.
       */
      perUser: { name: 'counter-user', points: 30, windowSeconds: 60 },
      /** Counter look-ups and hand-overs per client address (several counters behind one address). */
      perAddress: { name: 'counter-address', points: 120, windowSeconds: 60 },
      /**
       * Card numbers and pickup codes that found nothing, per provider organisation (all its users and addresses
       * together): 20 an hour, then one attempt a minute (slowed, never locked out). Reserved before the look-up and
       * given back when the card or code was a customer of the provider, so only misses count: a real counter rarely
       * misses, a guesser with many accounts or addresses gets one guess a minute.
       */
      misses: { name: 'counter-misses', points: 20, windowSeconds: 3600, trickleSeconds: 60 },
    },
    upload: {
      /**
       * File uploads (product images, logos, news images; integrations/storage/image-upload.ts) per logged-in account:
       * 30 per 10 minutes. Reserved before the file is read; a refused upload gets 429 with Retry-After.
       */
      perAccount: { name: 'upload-account', points: 30, windowSeconds: 600 },
      /** … and per client address (several accounts behind one office address): 120 per 10 minutes. */
      perAddress: { name: 'upload-address', points: 120, windowSeconds: 600 },
    },
  } satisfies Record<string, Record<string, LimitRule | number> | LimitRule>;
}

export type LimitPolicy = ReturnType<typeof limitPolicy>;
