import { useMutation } from '@apollo/client/react';
import { useRef } from 'react';
import { checkNewPassword, NewPasswordFields } from '@/components/forms/NewPasswordFields';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';

const ChangeOwnPasswordDocument = graphql(`
  mutation ChangeOwnPassword($currentPassword: String!, $newPassword: String!) {
    changeOwnPassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      account {
        ...OwnStaffAccountFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export function PasswordSection() {
  const showNotice = useShowNotice();
  const [change] = useMutation(ChangeOwnPasswordDocument);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useMutationForm({
    id: 'wachtwoord',
    fields: ['currentPassword', 'newPassword', 'repeat'],
    check: (v) => ({
      currentPassword: v.currentPassword ? null : 'Vul uw huidige wachtwoord in.',
      ...checkNewPassword(v),
    }),
    mutate: async (v) =>
      (await change({ variables: { currentPassword: v.currentPassword, newPassword: v.newPassword } })).data
        ?.changeOwnPassword,
    onSuccess: () => {
      formRef.current?.reset();
      showNotice('Uw wachtwoord is gewijzigd. U bent op uw andere apparaten uitgelogd.');
    },
  });
  return (
    <section aria-labelledby="wachtwoord-kop">
      <h2 id="wachtwoord-kop">Wachtwoord</h2>
      <form className="gw-form" ref={formRef} {...form.props}>
        {form.summary}
        <TextField
          label="Huidig wachtwoord"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('currentPassword')}
        />
        <NewPasswordFields field={form.field} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Wachtwoord wijzigen
        </button>
      </form>
    </section>
  );
}
