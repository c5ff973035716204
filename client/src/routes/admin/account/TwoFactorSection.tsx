import { useApolloClient, useMutation } from '@apollo/client/react';
import { TWO_FACTOR_CODE_HINT } from '@rules/staff-account';
import { useState } from 'react';
import { CodeForm, RecoveryCodes, TwoFactorSetup, useCodeForm } from '@/components/auth/TwoFactorSetup';
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
  const renewal = useCodeForm(
    'herstelcodes',
    async (code) => (await renew({ variables: { code } })).data?.renewRecoveryCodes,
    (p) => setCodes([...(p.recoveryCodes ?? [])]),
  );
  const off = useCodeForm(
    'tweestaps-uit',
    async (code) => (await disable({ variables: { code } })).data?.disableOwnTwoFactor,
    () => showNotice('Tweestapsverificatie staat uit.'),
  );
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
          <CodeForm
            form={renewal}
            label="Code"
            hint={TWO_FACTOR_CODE_HINT}
            submitLabel="Nieuwe herstelcodes maken"
            secondary
          />
          {account.twoFactorRequired ? (
            <p>Tweestapsverificatie is verplicht voor alle medewerkers; u kunt het niet uitzetten.</p>
          ) : (
            <CodeForm
              form={off}
              label="Code om uit te zetten"
              hint={TWO_FACTOR_CODE_HINT}
              submitLabel="Tweestapsverificatie uitzetten"
              secondary
            />
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
