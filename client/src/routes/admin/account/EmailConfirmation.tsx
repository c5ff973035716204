import { useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { graphql } from '@/graphql/generated';

const ConfirmOwnEmailChangeDocument = graphql(`
  mutation ConfirmOwnEmailChange($token: String!) {
    confirmOwnEmailChange(token: $token) {
      account {
        ...OwnStaffAccountFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** The link from the confirmation mail ends in #bevestig=<token> (a fragment never reaches a server log). */
export function EmailConfirmation() {
  const [confirm] = useMutation(ConfirmOwnEmailChangeDocument, { refetchQueries: ['Viewer'] });
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  useEffect(() => {
    const match = /^#bevestig=([A-Za-z0-9_-]+)$/.exec(window.location.hash);
    if (!match || started.current) return;
    started.current = true;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    void confirm({ variables: { token: match[1]! } }).then(
      (r) => {
        const p = r.data?.confirmOwnEmailChange;
        setOutcome(
          p && p.errors.length === 0
            ? { ok: true, message: `Uw e-mailadres is gewijzigd in ${p.account?.email}.` }
            : { ok: false, message: p?.errors[0]?.message ?? 'Uw e-mailadres kon niet worden bevestigd.' },
        );
      },
      () => setOutcome({ ok: false, message: 'Uw e-mailadres kon niet worden bevestigd. Probeer het opnieuw.' }),
    );
  }, [confirm]);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  if (!outcome) return null;
  return (
    <div ref={ref} tabIndex={-1}>
      <Alert
        variant={outcome.ok ? 'success' : 'error'}
        role={outcome.ok ? 'status' : 'alert'}
        title={outcome.ok ? 'E-mailadres bevestigd' : 'Bevestigen lukte niet'}
      >
        <p>{outcome.message}</p>
      </Alert>
    </div>
  );
}
