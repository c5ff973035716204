import { useMutation } from '@apollo/client/react';
import { TWO_FACTOR_CODE_HINT } from '@rules/staff-account';
import { useEffect, useRef, useState } from 'react';
import { TextField } from '../forms/TextField';
import { useMutationForm, type MutationForm } from '../forms/useMutationForm';
import type { FormError } from '../forms/userErrors';
import { Alert } from '../ui/Alert';
import { graphql } from '../../graphql/generated';
import { saveFile } from '@/lib/saveFile';

const StartTwoFactorSetupDocument = graphql(`
  mutation StartTwoFactorSetup {
    startTwoFactorSetup {
      setup {
        secret
        uri
        qrSvg
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ConfirmTwoFactorSetupDocument = graphql(`
  mutation ConfirmTwoFactorSetup($code: String!) {
    confirmTwoFactorSetup(code: $code) {
      recoveryCodes
      loggedIn
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** The secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * A form that sends one code (from the authenticator app, or a recovery code) with a mutation: it must not be empty,
 * and is sent trimmed. For the log-in's second step and the own account's renewal and switching off.
 */
export function useCodeForm<P extends { errors: readonly FormError[] }>(
  id: string,
  send: (code: string) => Promise<P | null | undefined>,
  onSuccess: (payload: P) => void,
): MutationForm<'code'> {
  return useMutationForm({
    id,
    fields: ['code'],
    check: (v) => ({ code: v.code.trim() ? null : 'Vul de code in.' }),
    mutate: (v) => send(v.code.trim()),
    onSuccess,
  });
}

/**
 * The form of one code field (required: its check refuses an empty one; no spelling check) and its submit button,
 * which says `busyLabel` while the form sends, when given.
 */
export function CodeForm({
  form,
  label,
  hint,
  inputMode,
  submitLabel,
  busyLabel,
  secondary,
}: {
  form: MutationForm<'code'>;
  label: string;
  hint?: string;
  inputMode?: 'numeric' | 'text';
  submitLabel: string;
  busyLabel?: string;
  /** A secondary button: the form is one of several on the page. */
  secondary?: boolean;
}) {
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField
        label={label}
        hint={hint}
        inputMode={inputMode}
        autoComplete="one-time-code"
        spellCheck={false}
        required
        {...form.field('code')}
      />
      <button type="submit" className={secondary ? 'gw-button gw-button--secondary' : 'gw-button'} disabled={form.busy}>
        {form.busy && busyLabel ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** The file name of the downloaded recovery codes. */
export const RECOVERY_CODES_FILE = 'gemeentewinkel-herstelcodes.txt';

/** Recovery codes, shown once: a list to write down, copy or download (a text file made here), and a button to go on. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  useEffect(() => ref.current?.focus(), []);
  const copy = () => {
    setCopied(null);
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => setCopied('yes'))
      .catch(() => setCopied('no'));
  };
  const download = () => {
    const text = `Herstelcodes voor de Gemeentewinkel\nElke code werkt één keer. Bewaar dit bestand op een veilige plek.\n\n${codes.join('\n')}\n`;
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE);
  };
  return (
    <div ref={ref} tabIndex={-1}>
      <Alert variant="warning" role="status" title="Bewaar uw herstelcodes">
        <p>
          Met een herstelcode logt u in als u uw telefoon niet bij de hand heeft. Elke code werkt één keer. Bewaar ze op
          een veilige plek: u ziet ze alleen nu.
        </p>
      </Alert>
      <ul className="gw-recovery-codes" aria-label="Herstelcodes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="gw-form-actions">
        <button type="button" className="gw-button gw-button--secondary" onClick={copy}>
          Codes kopiëren
        </button>
        <button type="button" className="gw-button gw-button--secondary" onClick={download}>
          Codes downloaden (.txt)
        </button>
      </div>
      <p role="status" aria-live="polite">
        {copied === 'yes' ? 'Gekopieerd: alle herstelcodes staan op het klembord.' : null}
        {copied === 'no' ? 'Kopiëren lukte niet. Selecteer de codes en kopieer ze zelf, of download ze.' : null}
      </p>
      <button type="button" className="gw-button" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}

/**
 * Setting up two-factor log-in with an authenticator app: a QR code and the secret as text, then a code from the app
 * to confirm, then the recovery codes (once). For the own account page, and for a log-in that requires the set-up.
 */
export function TwoFactorSetup({
  autoStart,
  onDone,
  doneLabel,
}: {
  autoStart?: boolean;
  /** After the recovery codes were shown; `loggedIn` when this completed a log-in. */
  onDone: (loggedIn: boolean) => void;
  doneLabel: string;
}) {
  const [start, started] = useMutation(StartTwoFactorSetupDocument);
  const [confirm] = useMutation(ConfirmTwoFactorSetupDocument);
  const [done, setDone] = useState<{ codes: string[]; loggedIn: boolean } | null>(null);
  const setup = started.data?.startTwoFactorSetup.setup;
  const startErrors = started.data?.startTwoFactorSetup.errors ?? [];
  useEffect(() => {
    if (autoStart) void start();
  }, [autoStart, start]);
  const form = useMutationForm({
    id: 'tweestaps-instellen',
    fields: ['code'],
    check: (v) => ({
      code: /^\s*\d{3}\s?\d{3}\s*$/.test(v.code) ? null : 'Vul de 6 cijfers uit uw authenticator-app in.',
    }),
    mutate: async (v) =>
      (await confirm({ variables: { code: v.code.replace(/\s/g, '') } })).data?.confirmTwoFactorSetup,
    onSuccess: (p) => setDone({ codes: [...(p.recoveryCodes ?? [])], loggedIn: p.loggedIn }),
  });

  if (done) return <RecoveryCodes codes={done.codes} doneLabel={doneLabel} onDone={() => onDone(done.loggedIn)} />;
  if (!setup) {
    return (
      <div>
        {startErrors.map((e) => (
          <Alert key={e.message} variant="error" role="alert" title="Instellen lukt niet">
            <p>{e.message}</p>
          </Alert>
        ))}
        {autoStart && !startErrors.length ? (
          <p role="status">Bezig met voorbereiden…</p>
        ) : (
          <button type="button" className="gw-button" disabled={started.loading} onClick={() => void start()}>
            Tweestapsverificatie instellen
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="gw-two-factor-setup">
      <ol className="gw-prose">
        <li>
          Open een authenticator-app op uw telefoon (bijvoorbeeld Microsoft Authenticator, Google Authenticator of
          FreeOTP) en voeg een account toe.
        </li>
        <li>
          Scan deze QR-code, of typ de sleutel over.
          <div>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt="QR-code voor uw authenticator-app. Kunt u hem niet scannen? Typ dan de sleutel hieronder over."
              width={200}
              height={200}
            />
          </div>
          <p>
            Sleutel: <code data-testid="totp-secret">{grouped(setup.secret)}</code>
          </p>
        </li>
        <li>Vul de code van 6 cijfers in die de app nu toont.</li>
      </ol>
      <CodeForm
        form={form}
        label="Code uit de app"
        inputMode="numeric"
        submitLabel="Tweestapsverificatie aanzetten"
        busyLabel="Bezig met controleren…"
      />
    </div>
  );
}

const CompleteStaffLoginDocument = graphql(`
  mutation CompleteStaffLogin($code: String!) {
    completeStaffLogin(code: $code) {
      viewer {
        kind
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

/** The second step of a staff log-in: the code from the app, or a recovery code. */
export function SecondFactorForm({ onDone }: { onDone: () => void }) {
  const [complete] = useMutation(CompleteStaffLoginDocument);
  const form = useCodeForm(
    'tweestaps',
    async (code) => (await complete({ variables: { code } })).data?.completeStaffLogin,
    onDone,
  );
  return (
    <CodeForm
      form={form}
      label="Code"
      hint={TWO_FACTOR_CODE_HINT}
      inputMode="text"
      submitLabel="Inloggen"
      busyLabel="Bezig met controleren…"
    />
  );
}
