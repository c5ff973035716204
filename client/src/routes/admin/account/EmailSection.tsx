import { useMutation } from '@apollo/client/react';
import { ownEmailRules } from '@rules/staff-account';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { EmailField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';

const RequestOwnEmailChangeDocument = graphql(`
  mutation RequestOwnEmailChange($email: String!) {
    requestOwnEmailChange(email: $email) {
      done
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export function EmailSection() {
  const showNotice = useShowNotice();
  const [request] = useMutation(RequestOwnEmailChangeDocument);
  const form = useMutationForm({
    id: 'email',
    fields: ['email'],
    check: ruleCheck(ownEmailRules),
    mutate: async (v) => (await request({ variables: { email: v.email.trim() } })).data?.requestOwnEmailChange,
    onSuccess: (_p, data) =>
      showNotice(
        `We hebben een e-mail gestuurd naar ${String(data.get('email')).trim()}. Klik op de link in die e-mail om het nieuwe adres te bevestigen.`,
      ),
  });
  return (
    <section aria-labelledby="email-kop">
      <h2 id="email-kop">E-mailadres</h2>
      <p>U krijgt een e-mail op het nieuwe adres. Pas als u de link daarin opent, logt u met het nieuwe adres in.</p>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <EmailField label="Nieuw e-mailadres" required {...form.field('email')} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Bevestigingsmail versturen
        </button>
      </form>
    </section>
  );
}
