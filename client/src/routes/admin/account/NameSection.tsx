import { useMutation } from '@apollo/client/react';
import { ownNameRules } from '@rules/staff-account';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { useRefreshViewer } from '@/components/forms/useRefreshViewer';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import type { Account } from './account.graphql';

const UpdateOwnNameDocument = graphql(`
  mutation UpdateOwnName($name: String!) {
    updateOwnName(name: $name) {
      account {
        ...OwnStaffAccountFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export function NameSection({ account }: { account: Account }) {
  const showNotice = useShowNotice();
  const refreshViewer = useRefreshViewer();
  const [update] = useMutation(UpdateOwnNameDocument);
  const form = useMutationForm({
    id: 'naam',
    fields: ['name'],
    check: ruleCheck(ownNameRules),
    mutate: async (v) => (await update({ variables: { name: v.name.trim() } })).data?.updateOwnName,
    onSuccess: async () => {
      await refreshViewer();
      showNotice('Uw naam is opgeslagen.');
    },
  });
  return (
    <section aria-labelledby="naam-kop">
      <h2 id="naam-kop">Naam</h2>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField label="Naam" autoComplete="name" defaultValue={account.name} required {...form.field('name')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Naam opslaan
        </button>
      </form>
    </section>
  );
}
