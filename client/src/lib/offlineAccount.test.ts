import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineAccount, readOfflineAccount, saveOfflineAccount, type OfflineAccount } from './offlineAccount';

const snapshot: OfflineAccount = {
  savedAt: '2026-11-29T10:15:00.000Z',
  passes: [
    {
      firstName: 'Fleur',
      own: true,
      municipalityName: 'Gemeente Zuiderveen',
      color: null,
      token: `GWP1.${'a'.repeat(48)}.${'b'.repeat(22)}`,
      expiresAt: '2026-11-30T10:15:00.000Z',
      validityHours: 24,
      card: { id: 'c1', maskedNumber: '******0209', lastDigits: '0209' },
    },
  ],
  orders: [{ id: 'o1', number: 'B-1', providerName: 'Sportschool', pickupCode: 'ABCDEFGH', status: 'PLACED' }],
  budgets: [
    { id: 'a1', arrangementName: 'Meedoen', beneficiaryName: null, balanceCents: 12_500, validUntil: '2026-12-31' },
  ],
};

describe('the resident’s last known state for use offline (issue 30)', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('keeps and returns the last state, and ignores what is not one', () => {
    expect(readOfflineAccount()).toBeNull();
    saveOfflineAccount(snapshot);
    expect(readOfflineAccount()).toEqual(snapshot);
    localStorage.setItem('gw-offline-account-v1', '{"not":"a state"}');
    expect(readOfflineAccount()).toBeNull();
    localStorage.setItem('gw-offline-account-v1', 'not json');
    expect(readOfflineAccount()).toBeNull();
  });

  it('forgets it at log-out, with the service worker’s cache of the account pages', async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
    saveOfflineAccount(snapshot);
    await clearOfflineAccount();
    expect(readOfflineAccount()).toBeNull();
    expect(deleted).toEqual(['gw-account-pages']);
  });
});
