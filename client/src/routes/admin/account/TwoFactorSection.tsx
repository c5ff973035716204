import { useApolloClient, useMutation } from '@apollo/client/react';
import { TWO_FACTOR_CODE_HINT } from '@rules/staff-account';
import { useState } from 'react';
import { RecoveryCodes, TwoFactorSetup } from '@/components/auth/TwoFactorSetup';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import { useShowNotice } from '@/lib/notice';
import type { Account } from './account.graphql';

const RenewRecoveryCodesDocument = graphql(`
  mutation RenewRecoveryCodes($code: String!) {
    renewRecoveryCodes(code: $code) {
      recoveryCodes
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DisableOwnTwoFactorDocument = graphql(`
  mutation DisableOwnTwoFactor($code: String!) {
    disableOwnTwoFactor(code: $code) {
      done
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

export function TwoFactorSection({ account }: { account: Account }) {
  const showNotice = useShowNotice();
  const [renew] = useMutation(RenewRecoveryCodesDocument, { refetchQueries: ['OwnStaffAccount'] });
  const [disable] = useMutation(DisableOwnTwoFactorDocument, { refetchQueries: ['OwnStaffAccount'] });
  const [setupDone, setSetupDone] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const client = useApolloClient();
  const renewal = useMutationForm({
    id: 'herstelcodes',
    fields: ['code'],
    check: (v) => ({ code: v.code.trim() ? null : 'Vul de code in.' }),
    mutate: async (v) => (await renew({ variables: { code: v.code.trim() } })).data?.renewRecoveryCodes,
    onSuccess: (p) => setCodes([...(p.recoveryCodes ?? [])]),
  });
  const off = useMutationForm({
    id: 'tweestaps-uit',
    fields: ['code'],
    check: (v) => ({ code: v.code.trim() ? null : 'Vul de code in.' }),
    mutate: async (v) => (await disable({ variables: { code: v.code.trim() } })).data?.disableOwnTwoFactor,
    onSuccess: () => showNotice('Tweestapsverificatie staat uit.'),
  });
  return (
    <section aria-labelledby="tweestaps-kop">
      <h2 id="tweestaps-kop">Tweestapsverificatie</h2>
      {codes ? (
        <RecoveryCodes codes={codes} doneLabel="Ik heb de codes bewaard" onDone={() => setCodes(null)} />
      ) : account.twoFactorEnabled ? (
        <>
          <p>
            Tweestapsverificatie staat aan: na uw wachtwoord vraagt de beheeromgeving een code uit uw authenticator-app.
            U heeft nog {account.unusedRecoveryCodes} ongebruikte herstelcodes.
          </p>
          <form className="gw-form" {...renewal.props}>
            {renewal.summary}
            <TextField
              label="Code"
              hint={TWO_FACTOR_CODE_HINT}
              autoComplete="one-time-code"
              {...renewal.field('code')}
            />
            <button type="submit" className="gw-button gw-button--secondary" disabled={renewal.busy}>
              Nieuwe herstelcodes maken
            </button>
          </form>
          {account.twoFactorRequired ? (
            <p>Tweestapsverificatie is verplicht voor alle medewerkers; u kunt het niet uitzetten.</p>
          ) : (
            <form className="gw-form" {...off.props}>
              {off.summary}
              <TextField
                label="Code om uit te zetten"
                hint={TWO_FACTOR_CODE_HINT}
                autoComplete="one-time-code"
                {...off.field('code')}
              />
              <button type="submit" className="gw-button gw-button--secondary" disabled={off.busy}>
                Tweestapsverificatie uitzetten
              </button>
            </form>
          )}
        </>
      ) : setupDone ? null : (
        <>
          <p>
            Log veiliger in: na uw wachtwoord vraagt de beheeromgeving dan ook een code uit een authenticator-app op uw
            telefoon.
          </p>
          <TwoFactorSetup
            doneLabel="Ik heb de codes bewaard"
            onDone={() => {
              setSetupDone(true);
              void client.refetchQueries({ include: ['OwnStaffAccount'] });
              showNotice('Tweestapsverificatie staat aan.');
            }}
          />
        </>
      )}
    </section>
  );
}
