import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './OrderStatusBadge';
import { makeFragmentData } from '../../graphql/generated';
import { OrderTimeline, OrderTimelineFragment } from './OrderTimeline';
import { orderEventLabel } from './orderStatus';
import { QrCode, qrPath } from './QrCode';

afterEach(cleanup);

describe('orderEventLabel', () => {
  it('tells each step in Dutch, from the reader’s point of view', () => {
    expect(orderEventLabel({ fromStatus: null, toStatus: 'PLACED', actorKind: 'CUSTOMER' })).toBe(
      'Bestelling geplaatst',
    );
    expect(orderEventLabel({ fromStatus: 'AWAITING_PAYMENT', toStatus: 'PLACED', actorKind: 'SYSTEM' })).toBe(
      'Eigen bijdrage betaald; bestelling doorgegeven aan de aanbieder',
    );
    expect(orderEventLabel({ fromStatus: 'PLACED', toStatus: 'ACCEPTED', actorKind: 'PROVIDER' })).toBe(
      'Geaccepteerd door de aanbieder',
    );
    expect(orderEventLabel({ fromStatus: 'PLACED', toStatus: 'ACCEPTED', actorKind: 'PROVIDER' }, 'provider')).toBe(
      'Geaccepteerd door u',
    );
    expect(orderEventLabel({ fromStatus: 'PLACED', toStatus: 'CANCELLED', actorKind: 'CUSTOMER' })).toBe(
      'Geannuleerd door u',
    );
    expect(orderEventLabel({ fromStatus: 'PLACED', toStatus: 'CANCELLED', actorKind: 'CUSTOMER' }, 'staff')).toBe(
      'Geannuleerd door de klant',
    );
    expect(orderEventLabel({ fromStatus: 'PLACED', toStatus: 'CANCELLED', actorKind: 'PROVIDER' })).toBe(
      'Afgewezen door de aanbieder',
    );
    expect(orderEventLabel({ fromStatus: 'ACCEPTED', toStatus: 'CANCELLED', actorKind: 'STAFF' })).toBe(
      'Geannuleerd door de gemeente',
    );
    expect(orderEventLabel({ fromStatus: 'AWAITING_PAYMENT', toStatus: 'CANCELLED', actorKind: 'SYSTEM' })).toBe(
      'Geannuleerd: de eigen bijdrage is niet betaald',
    );
  });

  it('says how a delivered order was handed over', () => {
    const delivered = (handoverMethod: Parameters<typeof orderEventLabel>[0]['handoverMethod']) =>
      orderEventLabel({ fromStatus: 'ACCEPTED', toStatus: 'DELIVERED', actorKind: 'PROVIDER', handoverMethod });
    expect(delivered('COUNTER_CARD')).toBe('Afgegeven aan de balie met de pas');
    expect(delivered('COUNTER_PICKUP_CODE')).toBe('Afgegeven aan de balie met de afhaalcode');
    expect(delivered('SENT_BY_PROVIDER')).toBe('Verzonden door de aanbieder (zonder pas of code)');
    expect(delivered('UNKNOWN')).toBe('Geleverd; hoe is onbekend (vóór registratie)');
  });
});

describe('OrderTimeline', () => {
  it('lists the steps oldest first with Dutch date and time and the reason', () => {
    render(
      <OrderTimeline
        order={makeFragmentData(
          {
            events: [
              {
                fromStatus: null,
                toStatus: 'PLACED',
                actorKind: 'CUSTOMER',
                reason: null,
                handoverMethod: null,
                at: '2026-03-03T13:05:00Z',
              },
              {
                fromStatus: 'PLACED',
                toStatus: 'CANCELLED',
                actorKind: 'PROVIDER',
                reason: 'Cursus is vol',
                handoverMethod: null,
                at: '2026-03-04T09:00:00Z',
              },
            ],
          },
          OrderTimelineFragment,
        )}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.gw-timeline__what')?.textContent)).toEqual([
      'Bestelling geplaatst',
      'Afgewezen door de aanbieder',
    ]);
    expect(items[0]!.querySelector('time')?.textContent).toBe('3 maart 2026 om 14:05');
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-03T13:05:00Z');
    expect(screen.getByText('Reden: Cursus is vol')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Verloop van de bestelling' })).toBeTruthy();
  });
});

describe('orderEventLabel of an undone delivery', () => {
  it('says the delivery was taken back and the order is open again, from the reader’s side', () => {
    const undone = { fromStatus: 'DELIVERED', toStatus: 'ACCEPTED', actorKind: 'PROVIDER' } as const;
    expect(orderEventLabel(undone, 'provider')).toBe('Levering ongedaan gemaakt door u; de bestelling staat weer open');
    expect(orderEventLabel(undone, 'customer')).toBe(
      'Levering ongedaan gemaakt door de aanbieder; de bestelling staat weer open',
    );
  });
});

describe('OrderStatusBadge', () => {
  it('shows the status in words', () => {
    render(<OrderStatusBadge status="AWAITING_PAYMENT" />);
    const badge = screen.getByText('Wacht op betaling');
    expect(badge.className).toContain('gw-status--warning');
    expect(badge.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });
});

describe('QrCode', () => {
  it('draws the code as an SVG image with a text alternative', () => {
    render(<QrCode value="AB12CD34" label="QR-code van afhaalcode AB12CD34" />);
    const image = screen.getByRole('img', { name: 'QR-code van afhaalcode AB12CD34' });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('encodes with a quiet zone and the three finder patterns', () => {
    const { path, dimension } = qrPath('AB12CD34');
    // 8 alphanumeric characters at level M fit version 1: 21 modules, plus 4 on each side.
    expect(dimension).toBe(29);
    const dark = new Set(
      path
        .split('z')
        .filter(Boolean)
        .map((m) => m.replace('h1v1h-1', '')),
    );
    // The corners of the finder patterns (top-left, top-right, bottom-left) are dark; the quiet zone is not.
    for (const [x, y] of [
      [4, 4],
      [10, 4],
      [4, 10],
      [22, 4],
      [28 - 4, 10],
      [4, 22],
    ]) {
      expect(dark.has(`M${x} ${y}`), `${x},${y}`).toBe(true);
    }
    expect([...dark].some((m) => m === 'M0 0' || m === 'M3 3')).toBe(false);
    // Different codes, different pictures.
    expect(qrPath('ZX98WV76').path).not.toBe(path);
  });
});
