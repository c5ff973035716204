import { describe, expect, it } from 'vitest';
import { layeredSamlRuntime } from './layered-runtime.js';
import type { SamlRuntime } from './runtime.js';

/** A runtime whose credentials say where they came from. */
function runtime(name: string, current = true): SamlRuntime & { hasCurrent(): Promise<boolean> } {
  return {
    credentials: () => Promise.resolve({ current: { keyPem: `${name}-key`, certPem: `${name}-cert` }, next: null }),
    assuranceLevel: () => Promise.resolve('midden'),
    hasCurrent: () => Promise.resolve(current),
  };
}

describe('the layered SAML runtime', () => {
  it('uses the store when it has a current certificate, the files before that', async () => {
    expect((await layeredSamlRuntime(runtime('store'), runtime('files')).credentials()).current.keyPem).toBe(
      'store-key',
    );
    expect((await layeredSamlRuntime(runtime('store', false), runtime('files')).credentials()).current.keyPem).toBe(
      'files-key',
    );
  });

  it('with the local test IdP (filesFirst), the files whatever the store has: the demo certificate does not win', async () => {
    const layered = layeredSamlRuntime(runtime('store'), runtime('files'), { filesFirst: true });
    expect((await layered.credentials()).current.keyPem).toBe('files-key');
  });
});
