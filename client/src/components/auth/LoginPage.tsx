import { useApolloClient } from '@apollo/client/react';
import { loginRules } from '@rules/password';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useViewer } from '../../lib/viewer';
import { ruleCheck } from '../forms/ruleCheck';
import { TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import { useRefreshViewer } from '../forms/useRefreshViewer';
import { Page } from '../layout/Page';
import { audiences, type PasswordAudience } from './audiences';

const check = ruleCheck(loginRules);

/** Log-in with e-mail and password, for staff (/admin/inloggen) or provider users (/voor-aanbieders/inloggen). */
export function LoginPage({ audience }: { audience: PasswordAudience }) {
  const config = audiences[audience];
  const [searchParams] = useSearchParams();
  const terug = searchParams.get('terug');
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const client = useApolloClient();
  const refreshViewer = useRefreshViewer();
  const form = useMutationForm({
    id: 'inloggen',
    fields: ['email', 'password'],
    check,
    mutate: ({ email, password }) => config.login.send(client, email.trim(), password),
    onSuccess: async () => {
      const fresh = await refreshViewer();
      await navigate(config.login.next(fresh, terug), { replace: true });
    },
  });

  if (config.login.loggedIn(viewer)) return <Navigate replace to={config.login.next(viewer, terug)} />;

  return (
    <Page title={config.login.title} lead={config.login.lead}>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField
          label="E-mailadres"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          required
          {...form.field('email')}
        />
        <TextField
          label="Wachtwoord"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          {form.busy ? 'Bezig met inloggen…' : 'Inloggen'}
        </button>
      </form>
      <ul className="gw-prose">{config.login.links}</ul>
    </Page>
  );
}
