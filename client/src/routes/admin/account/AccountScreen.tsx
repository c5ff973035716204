import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { newPassword, PASSWORD_HINT, repeatProblem } from '@rules/password';
import { messageOf } from '@rules/rule';
import { ownEmailRules, ownNameRules, TWO_FACTOR_CODE_HINT } from '@rules/staff-account';
import { useEffect, useRef, useState } from 'react';
import { RecoveryCodes, TwoFactorSetup } from '@/components/auth/TwoFactorSetup';
import { formatDateTime } from '@/components/dates/formatDate';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { useRefreshViewer } from '@/components/forms/useRefreshViewer';
import { Page } from '@/components/layout/Page';
import { Alert } from '@/components/ui/Alert';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { OwnStaffAccountQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';

graphql(`
  fragment OwnStaffAccountFields on OwnStaffAccount {
    id
    name
    email
    roleName
    twoFactorEnabled
    twoFactorRequired
    unusedRecoveryCodes
    sessions {
      id
      createdAt
      lastSeenAt
      userAgent
      current
    }
  }
`);

const OwnStaffAccountDocument = graphql(`
  query OwnStaffAccount {
    ownStaffAccount {
      ...OwnStaffAccountFields @unmask
    }
  }
`);

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

const LogoutOwnSessionsElsewhereDocument = graphql(`
  mutation LogoutOwnSessionsElsewhere {
    logoutOwnSessionsElsewhere {
      account {
        ...OwnStaffAccountFields @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

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

type Account = OwnStaffAccountQuery['ownStaffAccount'];

/** /admin/account: the own staff account — name, e-mail address, password, two-factor log-in and sessions. */
export default function AccountScreen() {
  const query = useQuery(OwnStaffAccountDocument);
  return (
    <QueryBoundary
      query={query}
      select={(d) => d.ownStaffAccount}
      title="Mijn account"
      errorMessage="Uw account kon niet worden geladen."
    >
      {(account) => (
        <Page title="Mijn account" lead={`U bent ingelogd als ${account.email}, met de rol ${account.roleName}.`}>
          <EmailConfirmation />
          <NameSection account={account} />
          <EmailSection />
          <PasswordSection />
          <TwoFactorSection account={account} />
          <SessionsSection account={account} />
        </Page>
      )}
    </QueryBoundary>
  );
}

/** The link from the confirmation mail ends in #bevestig=<token> (a fragment never reaches a server log). */
function EmailConfirmation() {
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

function NameSection({ account }: { account: Account }) {
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

function EmailSection() {
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
        <TextField
          label="Nieuw e-mailadres"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          {...form.field('email')}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Bevestigingsmail versturen
        </button>
      </form>
    </section>
  );
}

function PasswordSection() {
  const showNotice = useShowNotice();
  const [change] = useMutation(ChangeOwnPasswordDocument);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useMutationForm({
    id: 'wachtwoord',
    fields: ['currentPassword', 'newPassword', 'repeat'],
    check: (v) => ({
      currentPassword: v.currentPassword ? null : 'Vul uw huidige wachtwoord in.',
      newPassword: messageOf(newPassword, v.newPassword),
      repeat: messageOf(newPassword, v.newPassword) ? null : repeatProblem(v.newPassword, v.repeat),
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
        <TextField
          label="Nieuw wachtwoord"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          required
          {...form.field('newPassword')}
        />
        <TextField
          label="Herhaal het nieuwe wachtwoord"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('repeat')}
        />
        <button type="submit" className="gw-button" disabled={form.busy}>
          Wachtwoord wijzigen
        </button>
      </form>
    </section>
  );
}

function TwoFactorSection({ account }: { account: Account }) {
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

function describeBrowser(agent: string | null): string {
  if (!agent) return 'Onbekende browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return system ? `${browser} op ${system}` : browser;
}

function SessionsSection({ account }: { account: Account }) {
  const showNotice = useShowNotice();
  const [logout] = useMutation(LogoutOwnSessionsElsewhereDocument);
  const form = useMutationForm({
    id: 'sessies',
    fields: [],
    mutate: async () => (await logout()).data?.logoutOwnSessionsElsewhere,
    onSuccess: () => showNotice('U bent op alle andere apparaten uitgelogd.'),
  });
  const others = account.sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessies-kop">
      <h2 id="sessies-kop">Waar u bent ingelogd</h2>
      <div className="gw-table-wrapper">
        <table className="gw-table">
          <caption>Uw sessies</caption>
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Ingelogd op</th>
              <th scope="col">Laatst actief</th>
            </tr>
          </thead>
          <tbody>
            {account.sessions.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  {describeBrowser(s.userAgent ?? null)}
                  {s.current ? ' (deze browser)' : ''}
                </th>
                <td>{formatDateTime(s.createdAt)}</td>
                <td>{formatDateTime(s.lastSeenAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 ? (
        <form className="gw-form" {...form.props}>
          {form.summary}
          <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
            Overal anders uitloggen
          </button>
        </form>
      ) : (
        <p>U bent nergens anders ingelogd.</p>
      )}
    </section>
  );
}
