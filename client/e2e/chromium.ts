import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set; else the machine's own Chromium (Debian's
 * /usr/bin/chromium, or `chromium` / `chromium-browser` on the PATH); else the Chromium that `npm install` brought
 * (@sparticuz/chromium ships the binary inside the package and unpacks it into the temporary folder once).
 * Playwright cannot download browsers here, and the README's two commands must be the whole set-up.
 */
/**
 * The flags every headless Chromium of the tests and benchmarks starts with (besides its own `--headless`): no
 * sandbox as root in a container, no GPU, and none of Chromium's own background connections, which this machine's
 * closed network refuses.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const candidates = ['/usr/bin/chromium'];
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    candidates.push(join(dir, 'chromium'), join(dir, 'chromium-browser'));
  }
  const system = candidates.find((path) => existsSync(path));
  if (system) return system;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
