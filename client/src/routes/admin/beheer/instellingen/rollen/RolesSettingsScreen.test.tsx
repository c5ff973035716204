import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/renderApp';

afterEach(cleanup);

const viewer = { kind: 'STAFF' as const, permissions: ['ROLE_MANAGE' as const, 'ACCOUNT_MANAGE' as const] };
const role = (id: string, name: string, permissions: string[], builtIn = false) => ({
  __typename: 'Role',
  id,
  name,
  description: '',
  builtIn,
  permissions,
});
const info = (permission: string, description: string, held: boolean) => ({
  __typename: 'PermissionInfo',
  permission,
  description,
  held,
});

const matrix = {
  roles: [
    {
      __typename: 'RoleSummary',
      accountCount: 1,
      allPermissions: false,
      manageable: false,
      notManageableReason: 'U kunt uw eigen rol ‘Accountbeheer’ niet wijzigen.',
      role: role('00000000-0000-4000-8000-000000000001', 'Accountbeheer', ['ACCOUNT_MANAGE', 'ROLE_MANAGE']),
    },
    {
      __typename: 'RoleSummary',
      accountCount: 0,
      allPermissions: false,
      manageable: true,
      notManageableReason: null,
      role: role('00000000-0000-4000-8000-000000000002', 'Tussenstap', ['ACCOUNT_MANAGE']),
    },
  ],
  permissionGroups: [
    {
      __typename: 'PermissionGroup',
      name: 'Klanten en passen',
      permissions: [info('PERSON_READ_SENSITIVE', 'Gevoelige persoonsgegevens (BSN) bekijken', false)],
    },
    {
      __typename: 'PermissionGroup',
      name: 'Beheer',
      permissions: [
        info('ACCOUNT_MANAGE', 'Beheeraccounts beheren', true),
        info('ROLE_MANAGE', 'Rollen en rechten beheren', true),
      ],
    },
  ],
};

describe('/admin/beheer/instellingen/rollen', () => {
  it('disables what the viewer may not give and the roles beyond their reach, and says why', async () => {
    renderApp('/admin/beheer/instellingen/rollen', viewer, { RolesMatrix: () => matrix });
    const table = await screen.findByRole('table', { name: 'Rechten per rol' });
    const box = (name: string) => within(table).getByRole('checkbox', { name }) as HTMLInputElement;
    // A permission the viewer lacks: off in every role, explained.
    const bsn = box('Tussenstap: Gevoelige persoonsgegevens (BSN) bekijken');
    expect(bsn.disabled).toBe(true);
    expect(document.getElementById(bsn.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /alleen rechten geven die u zelf heeft/,
    );
    // The viewer's own role: every box off, with the server's reason.
    const own = box('Accountbeheer: Rollen en rechten beheren');
    expect(own.disabled).toBe(true);
    expect(own.checked).toBe(true);
    expect(document.getElementById(own.getAttribute('aria-describedby')!)!.textContent).toBe(
      'U kunt uw eigen rol ‘Accountbeheer’ niet wijzigen.',
    );
    // A role within reach: the permissions the viewer holds can be changed.
    expect(box('Tussenstap: Rollen en rechten beheren').disabled).toBe(false);
    expect(box('Tussenstap: Beheeraccounts beheren').checked).toBe(true);
  });
});
