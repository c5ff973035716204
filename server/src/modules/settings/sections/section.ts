import type { z } from 'zod';
import type { Config } from '../../../config/config.js';
import type { Viewer } from '../../../kernel/viewer.js';
import type { UserError } from '../../../kernel/errors.js';

/**
 * One settings section: one settings page (instellingen/algemeen, /betalingen, /geavanceerd, …). The defaults live
 * here in code (some from an environment variable that set them before there were settings); the `setting` table
 * holds only what staff changed. Every value passes `schema` (Dutch messages) before it is stored or served.
 */
export interface SettingsSection<S extends z.ZodType = z.ZodType> {
  key: string;
  /** Dutch, for the settings screen and the audit log. */
  title: string;
  schema: S;
  defaults(config: Config): z.input<S>;
  /**
   * Extra rules that need the viewer, e.g. municipality scope; return Dutch errors. `request.clientIp`: the saver's
   * address (req.ip, trusted proxies only), null outside an HTTP request.
   */
  authorize?(
    viewer: Viewer,
    before: z.output<S>,
    after: z.output<S>,
    request: { clientIp: string | null },
  ): UserError[];
  /** What the audit log records of a value (hide secrets such as API keys here). Default: the value itself. */
  auditView?(value: z.output<S>): unknown;
}

export function defineSection<S extends z.ZodType>(section: SettingsSection<S>): SettingsSection<S> {
  return section;
}
