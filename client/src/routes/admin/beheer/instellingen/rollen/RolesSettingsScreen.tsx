import { useMutation, useQuery } from '@apollo/client/react';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { Page } from '@/components/layout/Page';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { graphql } from '@/graphql/generated';
import type { Permission, RolesMatrixQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';

const RolesMatrixDocument = graphql(`
  query RolesMatrix {
    roles {
      accountCount
      allPermissions
      manageable
      notManageableReason
      role {
        id
        name
        description
        builtIn
        permissions
      }
    }
    permissionGroups {
      name
      permissions {
        permission
        description
        held
      }
    }
  }
`);

const UpdateRoleDocument = graphql(`
  mutation UpdateRole($id: ID!, $input: RoleInput!) {
    updateRole(id: $id, input: $input) {
      role {
        id
        name
        permissions
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const CreateRoleDocument = graphql(`
  mutation CreateRole($input: RoleInput!) {
    createRole(input: $input) {
      role {
        id
        name
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteRoleDocument = graphql(`
  mutation DeleteRole($id: ID!) {
    deleteRole(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Data = RolesMatrixQuery;
type RoleRow = Data['roles'][number];

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The matrix: roles as columns, permissions (grouped) as rows; one save sends every role that changed. */
function RolesMatrix({ data }: { data: Data }) {
  const showNotice = useShowNotice();
  const [update] = useMutation(UpdateRoleDocument, { refetchQueries: ['RolesMatrix', 'Viewer'] });
  const roles = data.roles;
  const form = useMutationForm({
    id: 'matrix',
    fields: [],
    mutate: async (_values, formData) => {
      const errors: FormError[] = [];
      for (const { role, allPermissions, manageable } of roles) {
        // Beheerder keeps everything; a role beyond the viewer's reach is shown, not sent (its boxes are disabled).
        if (allPermissions || !manageable) continue;
        const chosen = formData.getAll(`rol-${role.id}`).map(String);
        if (sameSet(chosen, role.permissions)) continue;
        const payload = (await update({ variables: { id: role.id, input: { permissions: chosen as Permission[] } } }))
          .data?.updateRole;
        if (!payload) return null;
        errors.push(...payload.errors.map((e) => ({ ...e, field: null, message: `${role.name}: ${e.message}` })));
      }
      return { errors };
    },
    onSuccess: () => showNotice('De rechten zijn opgeslagen. Ze gelden vanaf de volgende pagina die iemand opent.'),
  });
  const lacking = data.permissionGroups.some((g) => g.permissions.some((p) => !p.held));
  const outOfReach = roles.filter((r) => !r.allPermissions && !r.manageable);
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      {lacking || outOfReach.length ? (
        <div className="gw-alert" id="rollen-uitleg">
          {lacking ? (
            <p id="rechten-uitleg">
              U kunt alleen rechten geven die u zelf heeft. Rechten die u niet heeft, staan uit: alleen een collega met
              die rechten kan ze geven of afnemen.
            </p>
          ) : null}
          {outOfReach.length ? (
            <>
              <p>Deze rollen kunt u niet wijzigen:</p>
              <ul>
                {outOfReach.map(({ role, notManageableReason }) => (
                  <li key={role.id} id={`rol-uitleg-${role.id}`}>
                    {notManageableReason}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="gw-table-wrapper">
        <table className="gw-table gw-roles-matrix">
          <caption>Rechten per rol</caption>
          <thead>
            <tr>
              <th scope="col">Recht</th>
              {roles.map(({ role, allPermissions, manageable }) => (
                <th scope="col" key={role.id}>
                  {role.name}
                  {!allPermissions && !manageable ? <span className="gw-field__hint"> (niet te wijzigen)</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          {data.permissionGroups.map((group) => (
            <tbody key={group.name}>
              <tr>
                <th scope="colgroup" colSpan={roles.length + 1} className="gw-roles-matrix__group">
                  {group.name}
                </th>
              </tr>
              {group.permissions.map((p) => (
                <tr key={p.permission}>
                  <th scope="row">{p.description}</th>
                  {roles.map(({ role, allPermissions, manageable }: RoleRow) => (
                    <td key={role.id}>
                      <input
                        type="checkbox"
                        name={`rol-${role.id}`}
                        value={p.permission}
                        defaultChecked={allPermissions || role.permissions.includes(p.permission)}
                        disabled={allPermissions || !manageable || !p.held}
                        aria-label={`${role.name}: ${p.description}`}
                        aria-describedby={
                          allPermissions
                            ? undefined
                            : !manageable
                              ? `rol-uitleg-${role.id}`
                              : !p.held
                                ? 'rechten-uitleg'
                                : undefined
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <p className="gw-field__hint">De rol Beheerder heeft altijd alle rechten.</p>
      <button type="submit" className="gw-button" disabled={form.busy}>
        Rechten opslaan
      </button>
    </form>
  );
}

function NewRoleForm() {
  const showNotice = useShowNotice();
  const [create] = useMutation(CreateRoleDocument, { refetchQueries: ['RolesMatrix'], awaitRefetchQueries: true });
  const form = useMutationForm({
    id: 'nieuwe-rol',
    fields: ['name', 'description'] as const,
    mutate: async (values) =>
      (await create({ variables: { input: { name: values.name, description: values.description, permissions: [] } } }))
        .data?.createRole,
    onSuccess: (payload) =>
      showNotice(`De rol ‘${payload.role?.name ?? ''}’ is aangemaakt. Kies in de tabel wat deze rol mag.`),
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField label="Naam van de rol" required autoComplete="off" {...form.field('name')} />
      <TextField label="Omschrijving" hint="Optioneel." autoComplete="off" {...form.field('description')} />
      <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
        Rol aanmaken
      </button>
    </form>
  );
}

function CustomRole({ row }: { row: RoleRow }) {
  const showNotice = useShowNotice();
  const [update] = useMutation(UpdateRoleDocument, { refetchQueries: ['RolesMatrix', 'Viewer'] });
  const [remove] = useMutation(DeleteRoleDocument, { refetchQueries: ['RolesMatrix'], awaitRefetchQueries: true });
  const rename = useMutationForm({
    id: `rol-${row.role.id}`,
    fields: ['name'] as const,
    mutate: async (values) =>
      (await update({ variables: { id: row.role.id, input: { name: values.name } } })).data?.updateRole,
    onSuccess: () => showNotice('De naam van de rol is gewijzigd.'),
  });
  const deletion = useMutationForm({
    id: `verwijder-${row.role.id}`,
    fields: [],
    mutate: async () => (await remove({ variables: { id: row.role.id } })).data?.deleteRole,
    onSuccess: () => showNotice(`De rol ‘${row.role.name}’ is verwijderd.`),
  });
  if (!row.manageable)
    return (
      <li className="gw-roles-custom__item">
        <h3>{row.role.name}</h3>
        <p className="gw-field__hint">{row.notManageableReason}</p>
      </li>
    );
  return (
    <li className="gw-roles-custom__item">
      <form className="gw-form" {...rename.props}>
        {rename.summary}
        <TextField
          label={`Naam van de rol ‘${row.role.name}’`}
          defaultValue={row.role.name}
          autoComplete="off"
          {...rename.field('name')}
        />
        <button type="submit" className="gw-button gw-button--secondary" disabled={rename.busy}>
          Naam wijzigen
        </button>
      </form>
      {row.accountCount > 0 ? (
        <p className="gw-field__hint">
          {row.accountCount === 1 ? '1 account heeft' : `${row.accountCount} accounts hebben`} deze rol; een rol in
          gebruik kan niet worden verwijderd.
        </p>
      ) : (
        <ConfirmAction
          form={deletion}
          label={`Rol ‘${row.role.name}’ verwijderen`}
          confirmLabel="Ja, verwijder deze rol"
          groupLabel="Verwijderen bevestigen"
        />
      )}
    </li>
  );
}

/**
 * /admin/beheer/instellingen/rollen: roles × permissions. Built-in roles can be changed (Beheerder keeps every
 * permission), custom roles also renamed and, when no account holds them, deleted. A change applies from the next
 * request; the server refuses one that leaves nobody able to manage roles. Nobody gives more than they hold: boxes of
 * permissions the viewer lacks, and the columns of roles beyond their reach (their own, one with a permission they
 * lack, one held by an account outside their municipalities), are disabled, with the server's reason.
 */
export default function RolesSettingsScreen() {
  const query = useQuery(RolesMatrixDocument, { fetchPolicy: 'cache-and-network' });
  const data = query.data;
  return (
    <Page
      title="Rollen"
      lead="Wat elke rol mag. Een wijziging geldt vanaf de volgende pagina die een medewerker opent."
    >
      {!data ? (
        query.error ? (
          <QueryError message="De rollen konden niet worden geladen." onRetry={() => void query.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <RolesMatrix
            key={data.roles.map((r) => `${r.role.id}:${r.role.permissions.join(',')}`).join('|')}
            data={data}
          />
          <section aria-labelledby="eigen-rollen-kop">
            <h2 id="eigen-rollen-kop">Eigen rollen</h2>
            {data.roles.some((r) => !r.role.builtIn) ? (
              <ul className="gw-roles-custom">
                {data.roles
                  .filter((r) => !r.role.builtIn)
                  .map((r) => (
                    <CustomRole key={`${r.role.id}:${r.role.name}:${r.accountCount}`} row={r} />
                  ))}
              </ul>
            ) : (
              <p>Er zijn nog geen eigen rollen.</p>
            )}
          </section>
          <section aria-labelledby="nieuwe-rol-kop">
            <h2 id="nieuwe-rol-kop">Nieuwe rol</h2>
            <NewRoleForm />
          </section>
        </>
      )}
    </Page>
  );
}
