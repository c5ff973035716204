import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const announcement = (id: string, title: string, severity: string, municipalityName: string | null = null) => ({
  __typename: 'Announcement',
  id,
  title,
  severity,
  startsAt: '2030-03-01T08:00:00.000Z',
  endsAt: null,
  municipalityName,
});

// The banner and the /meldingen page ask the same field: the same answer.
const active = () => ({
  activeAnnouncements: [
    announcement('a1', 'Storing bij het inloggen', 'OUTAGE', 'Gemeente Zuiderveen'),
    announcement('a2', 'Nieuwe regeling', 'INFO'),
  ],
});
const responders = { ActiveAnnouncementsBanner: active, ActiveAnnouncements: active };

describe('the announcement banner', () => {
  it('shows the active announcements on public pages; a closed one stays closed, the focus moves on', async () => {
    const first = renderApp('/meldingen', { kind: 'ANONYMOUS' }, responders);
    const region = await screen.findByRole('region', { name: 'Meldingen' });
    expect(within(region).getByRole('link', { name: 'Storing bij het inloggen' }).getAttribute('href')).toBe(
      '/meldingen/bericht/a1',
    );
    // A municipality's announcement says whose it is; a platform-wide one says only how serious it is.
    expect(within(region).getByText('Storing · Gemeente Zuiderveen:')).toBeTruthy();
    expect(within(region).getByText('Informatie:')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: /^Sluiten\s*melding ‘Storing bij het inloggen’$/ }));
    expect(within(region).queryByRole('link', { name: 'Storing bij het inloggen' })).toBeNull();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(
      within(region).getByRole('button', { name: /^Sluiten\s*melding ‘Nieuwe regeling’$/ }),
    );
    first.unmount();

    // Another page view in the same browser: only the other one.
    renderApp('/meldingen', { kind: 'ANONYMOUS' }, responders);
    const again = await screen.findByRole('region', { name: 'Meldingen' });
    expect(within(again).getAllByRole('listitem')).toHaveLength(1);
    expect(within(again).getByRole('link', { name: 'Nieuwe regeling' })).toBeTruthy();
  });
});
