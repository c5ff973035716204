import { describe, expect, it } from 'vitest';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from './event-types.js';
import { Permission } from '../../kernel/permissions.js';

/** The one list of event types: each example is valid by its own schema, and no payload can carry personal data. */
describe('webhook event types', () => {
  it('has the issue’s types, each with a permission, and an example its own schema accepts', () => {
    expect(WEBHOOK_EVENT_TYPES.map((d) => d.type)).toEqual([
      'order.placed',
      'order.accepted',
      'order.delivered',
      'order.cancelled',
      'assignment.granted',
      'assignment.expiring',
      'assignment.expired',
      'payout.exported',
      'payout.paid',
      'application.decided',
    ]);
    for (const d of [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE]) {
      expect(Object.values(Permission)).toContain(d.permission);
      expect(d.schema.safeParse(d.example).success, d.type).toBe(true);
      expect(d.description).toMatch(/\.$/);
    }
  });

  it('refuses a payload with a field its schema does not name (a name, a BSN, an address never slip in)', () => {
    const placed = WEBHOOK_EVENT_TYPES[0];
    expect(placed.schema.safeParse({ ...placed.example, bsn: '123456782' }).success).toBe(false);
    expect(placed.schema.safeParse({ ...placed.example, customerName: 'Jan' }).success).toBe(false);
  });
});
