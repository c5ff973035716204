import { useMutation, useQuery } from '@apollo/client/react';
import { RadioGroup } from '@/components/forms/fields';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { useSaveSettings } from '@/components/settings/saveSettings';
import { graphql } from '@/graphql/generated';
import type { PaymentSettingsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { FormSubmit } from '@/components/forms/FormSubmit';

const PaymentSettingsDocument = graphql(`
  query PaymentSettings {
    settingsSection(section: PAYMENTS) {
      section
      version
      value
    }
    paymentProviderSettings {
      provider
      chosen
      apiKeyLast4
      simulatorAllowed
    }
    municipalities {
      id
      name
    }
  }
`);

const SetPaymentProviderDocument = graphql(`
  mutation SetPaymentProvider($input: SetPaymentProviderInput!) {
    setPaymentProvider(input: $input) {
      settings {
        provider
        chosen
        apiKeyLast4
        simulatorAllowed
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const TestPaymentProviderDocument = graphql(`
  mutation TestPaymentProvider {
    testPaymentProviderConnection {
      message
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Data = PaymentSettingsQuery;

interface DebtorAddress {
  street: string;
  houseNumber: string;
  postcode: string;
  town: string;
}

interface PaymentsValue {
  paymentExpiryMinutes: number;
  payoutDelayDays: number;
  sepaVersion: string;
  debtorAccounts: Record<
    string,
    { name: string; iban: string; bic: string; address?: DebtorAddress | null } | undefined
  >;
}

const ADDRESS_FIELDS = ['street', 'houseNumber', 'postcode', 'town'] as const;

const SEPA_OPTIONS = [
  { value: 'pain.001.001.09', label: 'pain.001.001.09 (huidige versie)' },
  { value: 'pain.001.001.03', label: 'pain.001.001.03 (voor oudere bankpakketten)' },
] as const;

/** A whole number as typed, or the text itself (the server's schema answers in Dutch when it is not a number). */
const numberOrText = (text: string): number | string => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The payments section: payment expiry, payout delay, SEPA version and the debtor account per municipality. */
function PaymentsForm({ data }: { data: Data }) {
  const showNotice = useShowNotice();
  const save = useSaveSettings('PAYMENTS', { refetchQueries: ['PaymentSettings'] });
  const value = data.settingsSection.value as unknown as PaymentsValue;
  const accountFields = data.municipalities.flatMap((m) => [
    ...(['name', 'iban', 'bic'] as const).map((f) => `debtorAccounts.${m.id}.${f}`),
    ...ADDRESS_FIELDS.map((f) => `debtorAccounts.${m.id}.address.${f}`),
  ]);
  const form = useMutationForm({
    id: 'betaalinstellingen',
    fields: ['paymentExpiryMinutes', 'payoutDelayDays', 'sepaVersion', ...accountFields],
    mutate: async (values) => {
      const debtorAccounts: Record<
        string,
        { name: string; iban: string; bic: string; address: DebtorAddress | null } | null
      > = {};
      const filled = (texts: Record<string, string>) => Object.values(texts).some((v) => v.trim());
      for (const m of data.municipalities) {
        const address = Object.fromEntries(
          ADDRESS_FIELDS.map((f) => [f, values[`debtorAccounts.${m.id}.address.${f}`] ?? '']),
        ) as unknown as DebtorAddress;
        const account = {
          name: values[`debtorAccounts.${m.id}.name`] ?? '',
          iban: values[`debtorAccounts.${m.id}.iban`] ?? '',
          bic: values[`debtorAccounts.${m.id}.bic`] ?? '',
        };
        // An empty address is none (the server checks a filled one and says what is missing).
        if (filled(account) || filled({ ...address }))
          debtorAccounts[m.id] = { ...account, address: filled({ ...address }) ? address : null };
        else if (value.debtorAccounts[m.id]) debtorAccounts[m.id] = null;
      }
      return save(
        {
          paymentExpiryMinutes: numberOrText(values.paymentExpiryMinutes ?? ''),
          payoutDelayDays: numberOrText(values.payoutDelayDays ?? ''),
          sepaVersion: values.sepaVersion,
          debtorAccounts,
        },
        data.settingsSection.version,
      );
    },
    onSuccess: () => showNotice('De betaalinstellingen zijn opgeslagen.'),
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField
        label="Betaaltermijn eigen bijdrage (minuten)"
        hint="Een open betaling verloopt na deze tijd; de bestelling wordt dan geannuleerd."
        inputMode="numeric"
        defaultValue={String(value.paymentExpiryMinutes)}
        {...form.field('paymentExpiryMinutes')}
      />
      <TextField
        label="Wachttijd voor uitbetaling (dagen)"
        hint="Geleverde bestellingen worden na dit aantal dagen aan de aanbieder uitbetaald."
        inputMode="numeric"
        defaultValue={String(value.payoutDelayDays)}
        {...form.field('payoutDelayDays')}
      />
      <RadioGroup
        legend="Versie van het SEPA-betaalbestand"
        defaultValue={value.sepaVersion}
        options={SEPA_OPTIONS}
        {...form.field('sepaVersion')}
      />
      {data.municipalities.map((m) => {
        const account = value.debtorAccounts[m.id];
        return (
          <fieldset key={m.id} className="gw-fieldset">
            <legend className="gw-field__label">Rekening voor uitbetalingen van {m.name}</legend>
            <TextField
              label="Naam rekeninghouder"
              defaultValue={account?.name ?? ''}
              autoComplete="off"
              {...form.field(`debtorAccounts.${m.id}.name`)}
            />
            <TextField
              label="IBAN"
              hint="Bijvoorbeeld NL91ABNA0417164300"
              defaultValue={account?.iban ?? ''}
              autoComplete="off"
              {...form.field(`debtorAccounts.${m.id}.iban`)}
            />
            <TextField
              label="BIC"
              hint="Bijvoorbeeld BNGHNL2G"
              defaultValue={account?.bic ?? ''}
              autoComplete="off"
              {...form.field(`debtorAccounts.${m.id}.bic`)}
            />
            <fieldset className="gw-fieldset">
              <legend className="gw-field__label">Adres van de rekeninghouder</legend>
              <p className="gw-field__hint">
                Staat in het SEPA-bestand; nodig voor uitbetalingen aan aanbieders met een bank buiten de Europese
                Economische Ruimte, zoals in Zwitserland of het Verenigd Koninkrijk.
              </p>
              <TextField
                label="Straat"
                defaultValue={account?.address?.street ?? ''}
                autoComplete="off"
                {...form.field(`debtorAccounts.${m.id}.address.street`)}
              />
              <TextField
                label="Huisnummer"
                defaultValue={account?.address?.houseNumber ?? ''}
                autoComplete="off"
                {...form.field(`debtorAccounts.${m.id}.address.houseNumber`)}
              />
              <TextField
                label="Postcode"
                hint="Bijvoorbeeld 1234 AB"
                defaultValue={account?.address?.postcode ?? ''}
                autoComplete="off"
                {...form.field(`debtorAccounts.${m.id}.address.postcode`)}
              />
              <TextField
                label="Plaats"
                defaultValue={account?.address?.town ?? ''}
                autoComplete="off"
                {...form.field(`debtorAccounts.${m.id}.address.town`)}
              />
            </fieldset>
          </fieldset>
        );
      })}
      <FormSubmit busy={form.busy}>Betaalinstellingen opslaan</FormSubmit>
    </form>
  );
}

/** The payment service provider, its API key (stored encrypted, shown masked) and "Verbinding testen". */
function ProviderForm({ data }: { data: Data }) {
  const showNotice = useShowNotice();
  const provider = data.paymentProviderSettings;
  const [setProvider] = useMutation(SetPaymentProviderDocument, { refetchQueries: ['PaymentSettings'] });
  const [testConnection] = useMutation(TestPaymentProviderDocument);
  const form = useMutationForm({
    id: 'betaaldienst',
    fields: ['provider', 'apiKey'],
    mutate: async (values) =>
      (
        await setProvider({
          variables: {
            input: {
              provider: values.provider === 'SIMULATOR' ? 'SIMULATOR' : 'MOLLIE',
              apiKey: values.apiKey || null,
              expectedVersion: data.settingsSection.version,
            },
          },
        })
      ).data?.setPaymentProvider,
    onSuccess: () => showNotice('De betaaldienst is opgeslagen.'),
  });
  const test = useMutationForm({
    id: 'verbinding',
    fields: [],
    mutate: async () => (await testConnection()).data?.testPaymentProviderConnection,
    onSuccess: (payload) => showNotice(payload.message ?? 'De verbinding werkt.'),
  });
  const options = [
    { value: 'MOLLIE', label: 'Mollie' },
    ...(provider.simulatorAllowed ? [{ value: 'SIMULATOR', label: 'Simulator (alleen voor testen)' }] : []),
  ];
  return (
    <>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <RadioGroup
          legend="Betaaldienst"
          hint={provider.chosen ? undefined : 'Nog niet gekozen: de standaard van de server wordt gebruikt.'}
          defaultValue={provider.provider}
          options={options}
          {...form.field('provider')}
        />
        <TextField
          label="API-sleutel van Mollie"
          hint={
            provider.apiKeyLast4
              ? `Opgeslagen sleutel eindigt op ${provider.apiKeyLast4}. Laat leeg om die te houden.`
              : 'Te vinden in het Mollie-dashboard; begint met test_ of live_.'
          }
          type="password"
          autoComplete="off"
          spellCheck={false}
          {...form.field('apiKey')}
        />
        <FormSubmit busy={form.busy}>Betaaldienst opslaan</FormSubmit>
      </form>
      {test.summary}
      <p>
        <button
          type="button"
          className="gw-button gw-button--secondary"
          disabled={test.busy}
          onClick={() => void test.submit()}
        >
          Verbinding testen
        </button>
      </p>
    </>
  );
}

/** /admin/beheer/instellingen/betalingen: the payment service provider and the payments section. */
export default function PaymentSettingsScreen() {
  return (
    <QueryBoundary
      query={useQuery(PaymentSettingsDocument)}
      select={(d) => d}
      title="Betalingsinstellingen"
      errorMessage="De betaalinstellingen konden niet worden geladen."
    >
      {(data) => (
        <Page
          title="Betalingsinstellingen"
          lead="De betaaldienst voor eigen bijdragen, de betaaltermijn, de uitbetalingen aan aanbieders en het SEPA-bestand."
        >
          <section aria-labelledby="betaaldienst-kop">
            <h2 id="betaaldienst-kop">Betaaldienst</h2>
            <ProviderForm data={data} />
          </section>
          <section aria-labelledby="betaalinstellingen-kop">
            <h2 id="betaalinstellingen-kop">Betalen en uitbetalen</h2>
            <PaymentsForm key={data.settingsSection.version} data={data} />
          </section>
        </Page>
      )}
    </QueryBoundary>
  );
}
