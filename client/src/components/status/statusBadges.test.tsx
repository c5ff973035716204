import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { buildSchema, GraphQLEnumType } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusBadge } from './StatusBadge';
import { statusEnumOf, statusLooks, type StatusKind } from './statusBadges';

afterEach(cleanup);

/** The API's schema as the server emits it (npm run codegen): the enums' values are the truth. */
const schema = buildSchema(readFileSync(resolve(__dirname, '../../../../schema/schema.graphql'), 'utf8'));

const kinds = Object.keys(statusLooks) as StatusKind[];

describe('statusLooks', () => {
  it.each(kinds)('gives every value of the %s status enum a tone and an icon, and no others', (kind) => {
    const type = schema.getType(statusEnumOf[kind]);
    expect(type).toBeInstanceOf(GraphQLEnumType);
    const values = (type as GraphQLEnumType).getValues().map((v) => v.name);
    const looks = statusLooks[kind] as Record<string, { tone: string; icon: string }>;
    expect(Object.keys(looks).sort()).toEqual([...values].sort());
    for (const value of values) {
      expect(['neutral', 'info', 'warning', 'success', 'error']).toContain(looks[value]!.tone);
      expect(looks[value]!.icon).toBeTruthy();
    }
  });

  it.each(kinds)('tells the %s statuses apart by colour or icon, never by text alone', (kind) => {
    const looks = Object.values(statusLooks[kind] as Record<string, { tone: string; icon: string }>);
    const icons = looks.map((l) => l.icon);
    // Every status has its own icon within its kind; the colour repeats the meaning.
    expect(new Set(icons).size).toBe(icons.length);
  });

  it('uses the same look for the same meaning across kinds (approved, rejected, pending)', () => {
    expect(statusLooks.product.APPROVED).toEqual(statusLooks.membership.APPROVED);
    expect(statusLooks.approval.REJECTED).toEqual(statusLooks.membership.REJECTED);
    expect(statusLooks.approval.PENDING).toEqual(statusLooks.membership.PENDING);
  });
});

describe('StatusBadge', () => {
  it('names the status by its text, with the icon hidden from screen readers and the tone as a class', () => {
    render(
      <StatusBadge kind="order" status="CANCELLED">
        Geannuleerd
      </StatusBadge>,
    );
    const badge = screen.getByText('Geannuleerd');
    expect(badge.className).toContain('gw-status--error');
    const icon = badge.querySelector('svg')!;
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('focusable')).toBe('false');
    expect(badge.textContent).toBe('Geannuleerd');
  });

  it('draws a different icon for a different status of the same tone', () => {
    render(
      <>
        <StatusBadge kind="order" status="PLACED">
          Geplaatst
        </StatusBadge>
        <StatusBadge kind="order" status="ACCEPTED">
          Geaccepteerd
        </StatusBadge>
      </>,
    );
    const placed = screen.getByText('Geplaatst').querySelector('svg')!.innerHTML;
    const accepted = screen.getByText('Geaccepteerd').querySelector('svg')!.innerHTML;
    expect(placed).not.toBe(accepted);
  });
});
