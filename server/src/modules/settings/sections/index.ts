import type { z } from 'zod';
import { advancedSection } from './advanced.js';
import { applicationsSection } from './applications.js';
import { analyticsSection } from './analytics.js';
import { ipSection } from './ip.js';
import { maintenanceSection } from './maintenance.js';
import { cardSection } from './card.js';
import { communicationSection } from './communication.js';
import { digidSection } from './digid.js';
import { generalSection } from './general.js';
import { paymentsSection } from './payments.js';
import { remindersSection } from './reminders.js';
import { retentionSection } from './retention.js';
import { securitySection } from './security.js';
import { webhooksSection } from './webhooks.js';

/**
 * Every settings section, by key. A new settings page adds one file beside these (defineSection: key, Dutch title,
 * zod schema with Dutch messages, defaults) and one line here; the service, the GraphQL pair and the audit follow.
 */
export const SETTINGS_SECTIONS = {
  general: generalSection,
  communication: communicationSection,
  payments: paymentsSection,
  advanced: advancedSection,
  reminders: remindersSection,
  analytics: analyticsSection,
  maintenance: maintenanceSection,
  ip: ipSection,
  retention: retentionSection,
  security: securitySection,
  digid: digidSection,
  card: cardSection,
  webhooks: webhooksSection,
  applications: applicationsSection,
} as const;

export type SettingsSectionKey = keyof typeof SETTINGS_SECTIONS;
/** The value of a section as the application reads it (defaults plus what was changed, validated). */
export type SettingsValue<K extends SettingsSectionKey> = z.output<(typeof SETTINGS_SECTIONS)[K]['schema']>;

export const SETTINGS_SECTION_KEYS = Object.keys(SETTINGS_SECTIONS) as SettingsSectionKey[];

export function isSettingsSectionKey(key: string): key is SettingsSectionKey {
  return Object.hasOwn(SETTINGS_SECTIONS, key);
}
