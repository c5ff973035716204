import { useApolloClient } from '@apollo/client/react';
import { loginRules } from '@rules/password';
import { Navigate, useNavigate } from 'react-router';
import { searchParams } from '../../lib/urls';
import { useSearchParam } from '../../lib/urlState';
import { useViewer } from '../../lib/viewer';
import { ruleCheck } from '../forms/ruleCheck';
import { EmailField, TextField } from '../forms/TextField';
import { useMutationForm } from '../forms/useMutationForm';
import { useRefreshViewer } from '../forms/useRefreshViewer';
import { Page } from '../layout/Page';
import { audiences, type PasswordAudience } from './audiences';
import type { StaffLoginStep } from '../../graphql/generated/graphql';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '../ui/Loading';

// The second step's forms load when a log-in needs them: most log-ins never do, and the log-in pages are public pages
// with a JavaScript budget.
const SecondFactorForm = lazy(() => import('./TwoFactorSetup').then((m) => ({ default: m.SecondFactorForm })));
const TwoFactorSetup = lazy(() => import('./TwoFactorSetup').then((m) => ({ default: m.TwoFactorSetup })));

const check = ruleCheck(loginRules);

/** Log-in with e-mail and password, for staff (/admin/inloggen) or provider users (/voor-aanbieders/inloggen). */
export function LoginPage({ audience }: { audience: PasswordAudience }) {
  const config = audiences[audience];
  const [terug] = useSearchParam(searchParams.returnTo);
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const client = useApolloClient();
  const refreshViewer = useRefreshViewer();
  const [step, setStep] = useState<StaffLoginStep | null>(null);
  const finish = async () => {
    const fresh = await refreshViewer();
    await navigate(config.login.next(fresh, terug), { replace: true });
  };
  const form = useMutationForm({
    id: 'inloggen',
    fields: ['email', 'password'],
    check,
    mutate: ({ email, password }) => config.login.send(client, email.trim(), password),
    onSuccess: async (payload) => {
      // Staff with two-factor log-in: the password was right; the code (or the required set-up) comes next.
      if (payload.nextStep) return setStep(payload.nextStep);
      await finish();
    },
  });

  if (config.login.loggedIn(viewer) && !step) return <Navigate replace to={config.login.next(viewer, terug)} />;

  if (step === 'TWO_FACTOR')
    return (
      <Page
        title="Inloggen: tweede stap"
        lead="Vul de code van 6 cijfers in die uw authenticator-app nu toont. Heeft u uw telefoon niet bij de hand? Gebruik dan een van uw herstelcodes."
      >
        <Suspense fallback={<Loading />}>
          <SecondFactorForm onDone={() => void finish()} />
        </Suspense>
        <ul className="gw-prose">
          <li>
            Geen telefoon en geen herstelcodes meer? Vraag de beheerder van uw gemeente om uw tweestapsverificatie uit
            te zetten.
          </li>
        </ul>
      </Page>
    );

  if (step === 'TWO_FACTOR_SETUP')
    return (
      <Page
        title="Tweestapsverificatie instellen"
        lead="Uw gemeente vraagt iedere medewerker om met een tweede stap in te loggen: een code uit een authenticator-app op uw telefoon. Stel dit eerst in; daarna bent u ingelogd."
      >
        <Suspense fallback={<Loading />}>
          <TwoFactorSetup autoStart doneLabel="Verder naar de beheeromgeving" onDone={() => void finish()} />
        </Suspense>
      </Page>
    );

  return (
    <Page title={config.login.title} lead={config.login.lead}>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <EmailField label="E-mailadres" autoComplete="username" required {...form.field('email')} />
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
