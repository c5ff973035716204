import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LogoutDocument } from '../layout/LogoutButton';
import { useSearchParam } from '../../lib/urlState';
import { searchParams } from '../../lib/urls';
import { useViewer } from '../../lib/viewer';
import { checkNewPassword, NewPasswordFields } from '../forms/NewPasswordFields';
import { useMutationForm } from '../forms/useMutationForm';
import { Page } from '../layout/Page';
import { Alert } from '../ui/Alert';
import { audiences, type PasswordAudience } from './audiences';

const TITLE = 'Nieuw wachtwoord kiezen';
const INVITATION_TITLE = 'Stel uw wachtwoord in';

/**
 * While another staff member is still logged in in this browser, the invitation link ends that session first (the new
 * colleague sets up their own account, not someone else's), and says so. Returns the name of whom it logged out.
 */
function useEndOtherSession(active: boolean): string | null {
  const { viewer } = useViewer();
  const client = useApolloClient();
  const [ended, setEnded] = useState<string | null>(null);
  const name = active && viewer?.kind === 'STAFF' ? (viewer.displayName ?? '') : null;
  useEffect(() => {
    if (name === null) return;
    void (async () => {
      try {
        await client.mutate({ mutation: LogoutDocument });
      } catch {
        // The viewer query refetched below shows the real state.
      }
      setEnded(name);
      try {
        await client.resetStore();
      } catch {
        // A failing refetch is shown by the screens themselves.
      }
    })();
  }, [name, client]);
  return ended;
}

/**
 * "Nieuw wachtwoord kiezen" with the link (`:token`) from the mail, for staff and provider users alike. With
 * `?uitnodiging` (the link of a staff invitation) it is "Stel uw wachtwoord in": a first password, nobody logged out.
 */
export function ResetPasswordPage({ audience }: { audience: PasswordAudience }) {
  const config = audiences[audience];
  const { token = '' } = useParams();
  const [invitationParam] = useSearchParam(searchParams.invitation);
  const invitation = audience === 'staff' && invitationParam !== null;
  const title = invitation ? INVITATION_TITLE : TITLE;
  const endedSession = useEndOtherSession(invitation);
  const client = useApolloClient();
  const [outcome, setOutcome] = useState<{ done: true } | { tokenInvalid: string } | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const form = useMutationForm({
    id: 'nieuw-wachtwoord',
    fields: ['newPassword', 'repeat'],
    check: checkNewPassword,
    mutate: async (v) => {
      const payload = await config.reset.send(client, token, v.newPassword);
      // A link that no longer works is not a problem of the form: the page says so, with the way to a new link.
      const tokenError = payload?.errors.find((e) => e.field === 'token');
      if (tokenError) {
        setOutcome({ tokenInvalid: tokenError.message });
        return { errors: [] };
      }
      return payload;
    },
    onSuccess: () => setOutcome((o) => o ?? { done: true }),
  });

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  if (outcome && 'done' in outcome) {
    return (
      <Page title={title}>
        <div ref={result} tabIndex={-1}>
          {invitation ? (
            <Alert variant="success" role="status" title="Uw wachtwoord is ingesteld">
              <p>Log nu in met uw e-mailadres en dit wachtwoord.</p>
            </Alert>
          ) : (
            <Alert variant="success" role="status" title="Uw nieuwe wachtwoord is ingesteld">
              <p>U bent op alle apparaten uitgelogd. Log opnieuw in met uw nieuwe wachtwoord.</p>
            </Alert>
          )}
        </div>
        <p>
          <Link className="gw-button" to={config.loginUrl}>
            {config.reset.loginLabel}
          </Link>
        </p>
      </Page>
    );
  }

  if (outcome) {
    return (
      <Page title={title}>
        <div ref={result} tabIndex={-1}>
          <Alert variant="error" role="alert" title="Deze link werkt niet (meer)">
            <p>{outcome.tokenInvalid}</p>
          </Alert>
        </div>
        <p>
          Een link is 1 uur geldig en werkt één keer. <Link to={config.forgotUrl}>Vraag een nieuwe link aan</Link>.
        </p>
      </Page>
    );
  }

  return (
    <Page
      title={title}
      lead={invitation ? 'Welkom. Kies een wachtwoord voor uw account in de beheeromgeving.' : config.reset.lead}
    >
      {endedSession !== null ? (
        <p role="status">
          {endedSession
            ? `${endedSession} was in deze browser nog ingelogd.`
            : 'Er was in deze browser nog iemand ingelogd.'}{' '}
          Die sessie is beëindigd, zodat u uw eigen wachtwoord kunt instellen.
        </p>
      ) : null}
      <form className="gw-form" {...form.props}>
        {form.summary}
        <NewPasswordFields field={form.field} />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met opslaan…' : 'Wachtwoord opslaan'}
        </button>
      </form>
    </Page>
  );
}
