/**
 * The resident's last known state for use without a connection (issue 30): their digital cards (with the QR code's
 * signed token), open orders with their pickup codes, and the remaining budget, with the moment it was known. Written
 * by /account/pas whenever it has fresh answers, read by the account area when the server cannot be reached, and
 * removed at log-out (with the service worker's caches of the account pages). Only a logged-in resident's own
 * answers ever get here; a visitor's browser holds nothing.
 */

const KEY = 'gw-offline-account-v1';
/** The service worker's caches (vite.config.ts, installableApp) that hold anything of the account area. */
const ACCOUNT_CACHES = ['gw-account-pages'];

export interface OfflinePass {
  firstName: string;
  own: boolean;
  municipalityName: string;
  color: string | null;
  token: string;
  expiresAt: string;
  validityHours: number;
  card: { id: string; maskedNumber: string; lastDigits: string };
}

export interface OfflineOrder {
  id: string;
  number: string;
  providerName: string;
  pickupCode: string | null;
  status: string;
}

export interface OfflineBudget {
  id: string;
  arrangementName: string;
  beneficiaryName: string | null;
  balanceCents: number;
  validUntil: string;
}

export interface OfflineAccount {
  /** When this was the state on the server (ISO). */
  savedAt: string;
  passes: OfflinePass[];
  orders: OfflineOrder[];
  budgets: OfflineBudget[];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveOfflineAccount(snapshot: OfflineAccount): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    /* storage full or refused (private mode): the page still works online */
  }
}

export function readOfflineAccount(): OfflineAccount | null {
  try {
    const raw = storage()?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as OfflineAccount;
    return value && Array.isArray(value.passes) && typeof value.savedAt === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** At log-out: the last known state and the cached account pages go. */
export async function clearOfflineAccount(): Promise<void> {
  try {
    storage()?.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
  if (typeof caches === 'undefined') return;
  await Promise.all(ACCOUNT_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
