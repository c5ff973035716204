import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatDateTime } from '@/components/dates/formatDate';
import { CheckboxField } from '@/components/forms/CheckboxField';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { FieldError, TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { graphql } from '@/graphql/generated';
import type { ApiClientWebhooksQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { searchParams } from '@/lib/urls';
import { useUrlState } from '@/lib/urlState';
import { webhookEndpointStatusLabel } from '@/vocabulary/webhookStatus';
import { webhookUrlRule } from '@rules/webhook';
import { WebhookSecretOnce } from './WebhookSecretOnce';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { FormSubmit } from '@/components/forms/FormSubmit';
import { queryPending } from '@/components/ui/queryPending';

const ApiClientWebhooksDocument = graphql(`
  query ApiClientWebhooks($apiClientId: ID!) {
    webhookEndpoints(apiClientId: $apiClientId) {
      id
      url
      description
      eventTypes
      status
      secretLastFour
      previousSecretUntil
      consecutiveFailures
      disabledAt
      createdAt
    }
    webhookEventTypes {
      type
      description
      permission
    }
  }
`);

const CreateWebhookEndpointDocument = graphql(`
  mutation CreateWebhookEndpoint($input: CreateWebhookEndpointInput!) {
    createWebhookEndpoint(input: $input) {
      secret
      endpoint {
        id
        url
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const SetWebhookEndpointPausedDocument = graphql(`
  mutation SetWebhookEndpointPaused($id: ID!, $paused: Boolean!) {
    setWebhookEndpointPaused(id: $id, paused: $paused) {
      endpoint {
        id
        status
        consecutiveFailures
        disabledAt
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteWebhookEndpointDocument = graphql(`
  mutation DeleteWebhookEndpoint($id: ID!) {
    deleteWebhookEndpoint(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RotateWebhookSecretDocument = graphql(`
  mutation RotateWebhookSecret($id: ID!, $overlapHours: Int) {
    rotateWebhookSecret(id: $id, overlapHours: $overlapHours) {
      secret
      endpoint {
        id
        secretLastFour
        previousSecretUntil
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const SendWebhookTestEventDocument = graphql(`
  mutation SendWebhookTestEvent($endpointId: ID!) {
    sendWebhookTestEvent(endpointId: $endpointId) {
      queued {
        eventId
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Endpoint = NonNullable<ApiClientWebhooksQuery['webhookEndpoints']>[number];
type EventType = ApiClientWebhooksQuery['webhookEventTypes'][number];

/** Outside production the server accepts http too; the form only checks the shape, the server decides. */
const urlRule = webhookUrlRule({ allowHttp: import.meta.env.DEV });

/**
 * The webhooks of one API client (beheer/api?koppeling=…): its endpoints (status, types, the secret's last four),
 * a new endpoint (its signing secret shown once), pause or resume, a test event, a new secret with an overlap period,
 * delete; "Afleveringen" shows an endpoint's delivery log (?webhook=…) with resend and replay.
 */
export function ApiClientWebhooks({
  apiClientId,
  permissions,
}: {
  apiClientId: string;
  permissions: readonly string[];
}) {
  const url = useUrlState();
  const query = useQuery(ApiClientWebhooksDocument, { variables: { apiClientId } });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const selected = url.get(searchParams.webhook);
  const pending = queryPending(query, 'De webhooks konden niet worden geladen.');
  if (pending) return pending;
  const endpoints = query.data?.webhookEndpoints ?? [];
  const types = query.data?.webhookEventTypes ?? [];
  const shown = endpoints.find((e) => e.id === selected);
  return (
    <section aria-labelledby="webhooks-kop" className="gw-card">
      <h2 id="webhooks-kop">Webhooks</h2>
      <p>
        Met een webhook krijgt de partner een bericht zodra er iets gebeurt, in plaats van steeds te moeten vragen. Elk
        bericht is ondertekend volgens Standard Webhooks; de partner controleert de ondertekening met de sleutel.
      </p>
      {secret ? (
        <WebhookSecretOnce endpointUrl={secret.url} secret={secret.secret} onDone={() => setSecret(null)} />
      ) : null}
      {endpoints.length === 0 ? (
        <p>Deze koppeling heeft nog geen webhooks.</p>
      ) : (
        <ul className="gw-plain-list">
          {endpoints.map((e) => (
            <li key={e.id}>
              <EndpointCard
                endpoint={e}
                onSecret={(s) => setSecret({ url: e.url, secret: s })}
                logLink={url.search({ [searchParams.webhook]: e.id })}
              />
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <NewEndpointForm
          apiClientId={apiClientId}
          types={types}
          permissions={permissions}
          onCancel={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setSecret(created);
          }}
        />
      ) : (
        <p>
          <button type="button" className="gw-button gw-button--secondary" onClick={() => setAdding(true)}>
            Nieuwe webhook
          </button>
        </p>
      )}
      {shown ? <WebhookDeliveryLog key={shown.id} endpointId={shown.id} endpointUrl={shown.url} /> : null}
    </section>
  );
}

function EndpointCard({
  endpoint,
  onSecret,
  logLink,
}: {
  endpoint: Endpoint;
  onSecret: (secret: string) => void;
  logLink: string;
}) {
  const showNotice = useShowNotice();
  const refetch = { refetchQueries: ['ApiClientWebhooks'] };
  const [setPaused] = useMutation(SetWebhookEndpointPausedDocument, refetch);
  const [remove] = useMutation(DeleteWebhookEndpointDocument, refetch);
  const [rotate] = useMutation(RotateWebhookSecretDocument, refetch);
  const [sendTest] = useMutation(SendWebhookTestEventDocument);
  const id = `webhook-${endpoint.id.slice(0, 8)}`;
  const pauseForm = useMutationForm({
    id: `${id}-pauze`,
    fields: [],
    mutate: async () =>
      (await setPaused({ variables: { id: endpoint.id, paused: endpoint.status === 'ACTIVE' } })).data
        ?.setWebhookEndpointPaused,
    onSuccess: (p) =>
      showNotice(
        p.endpoint?.status === 'ACTIVE'
          ? 'De webhook is weer actief. Berichten die wachtten worden nu op volgorde verstuurd.'
          : 'De webhook is gepauzeerd. Nieuwe berichten worden bewaard tot u hem hervat.',
      ),
  });
  const testForm = useMutationForm({
    id: `${id}-test`,
    fields: [],
    mutate: async () => (await sendTest({ variables: { endpointId: endpoint.id } })).data?.sendWebhookTestEvent,
    onSuccess: () =>
      showNotice('Het testbericht staat klaar om te versturen. U ziet het resultaat bij de afleveringen.'),
  });
  const rotateForm = useMutationForm({
    id: `${id}-sleutel`,
    fields: ['overlapHours'],
    check: (v) => ({
      overlapHours:
        /^\d{1,3}$/.test(v.overlapHours) && Number(v.overlapHours) <= 168 ? null : 'Kies 0 tot 168 uur (een week).',
    }),
    mutate: async (v) =>
      (await rotate({ variables: { id: endpoint.id, overlapHours: Number(v.overlapHours) } })).data
        ?.rotateWebhookSecret,
    onSuccess: (p) => onSecret(p.secret!),
  });
  const deleteForm = useMutationForm({
    id: `${id}-verwijderen`,
    fields: [],
    mutate: async () => (await remove({ variables: { id: endpoint.id } })).data?.deleteWebhookEndpoint,
    onSuccess: () => showNotice('De webhook is verwijderd.', { focus: true }),
  });
  return (
    <article className="gw-card" aria-labelledby={`${id}-kop`}>
      <h3 id={`${id}-kop`}>
        <code>{endpoint.url}</code>
      </h3>
      {endpoint.status === 'DISABLED' ? (
        <div className="gw-alert gw-alert--error">
          <p>
            Deze webhook is uitgeschakeld op {endpoint.disabledAt ? formatDateTime(endpoint.disabledAt) : 'onbekend'} na
            te veel mislukte afleveringen op rij. Berichten worden bewaard. Controleer het adres bij de partner en zet
            de webhook weer aan.
          </p>
        </div>
      ) : null}
      <dl className="gw-definition-list">
        <dt>Status</dt>
        <dd>
          {webhookEndpointStatusLabel[endpoint.status]}
          {endpoint.consecutiveFailures > 0 && endpoint.status === 'ACTIVE'
            ? ` (${endpoint.consecutiveFailures} mislukte pogingen op rij)`
            : ''}
        </dd>
        <dt>Gebeurtenissen</dt>
        <dd>{endpoint.eventTypes.join(', ')}</dd>
        <dt>Ondertekeningssleutel</dt>
        <dd>
          eindigt op <code>{endpoint.secretLastFour}</code>
          {endpoint.previousSecretUntil
            ? ` — de vorige sleutel ondertekent ook nog tot ${formatDateTime(endpoint.previousSecretUntil)}`
            : ''}
        </dd>
        {endpoint.description ? (
          <>
            <dt>Omschrijving</dt>
            <dd>{endpoint.description}</dd>
          </>
        ) : null}
      </dl>
      <div className="gw-form-actions">
        <Link className="gw-button gw-button--secondary" to={logLink}>
          Afleveringen bekijken
        </Link>
        <form {...pauseForm.props}>
          {pauseForm.summary}
          <button type="submit" className="gw-button gw-button--secondary" disabled={pauseForm.busy}>
            {endpoint.status === 'ACTIVE' ? 'Pauzeren' : 'Weer aanzetten'}
          </button>
        </form>
        <form {...testForm.props}>
          {testForm.summary}
          <button type="submit" className="gw-button gw-button--secondary" disabled={testForm.busy}>
            Testbericht versturen
          </button>
        </form>
      </div>
      <form className="gw-form" {...rotateForm.props}>
        {rotateForm.summary}
        <TextField
          label="Overgangsperiode voor een nieuwe sleutel (uren)"
          hint="Zo lang ondertekent de huidige sleutel ook nog, zodat de partner kan overstappen."
          type="number"
          inputMode="numeric"
          min={0}
          max={168}
          defaultValue="24"
          {...rotateForm.field('overlapHours')}
        />
        <button type="submit" className="gw-button gw-button--secondary" disabled={rotateForm.busy}>
          Nieuwe sleutel maken
        </button>
      </form>
      <ConfirmAction
        form={deleteForm}
        label="Webhook verwijderen"
        confirmLabel="Ja, verwijder deze webhook"
        groupLabel="Verwijderen bevestigen"
      />
    </article>
  );
}

function NewEndpointForm(props: {
  apiClientId: string;
  types: readonly EventType[];
  permissions: readonly string[];
  onCancel: () => void;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const [create] = useMutation(CreateWebhookEndpointDocument, { refetchQueries: ['ApiClientWebhooks'] });
  const form = useMutationForm({
    id: 'nieuwe-webhook',
    fields: ['url', 'eventTypes', 'description'] as const,
    check: async (values, data) => ({
      ...ruleCheck({ url: urlRule })(values),
      eventTypes: data.getAll('eventTypes').length ? null : 'Kies ten minste één soort gebeurtenis.',
    }),
    mutate: async (values, data) =>
      (
        await create({
          variables: {
            input: {
              apiClientId: props.apiClientId,
              url: values.url.trim(),
              eventTypes: data.getAll('eventTypes').map(String),
              description: values.description.trim() || null,
            },
          },
        })
      ).data?.createWebhookEndpoint,
    onSuccess: (p) => props.onCreated({ url: p.endpoint!.url, secret: p.secret! }),
  });
  return (
    <section aria-labelledby="nieuwe-webhook-kop">
      <h3 id="nieuwe-webhook-kop">Nieuwe webhook</h3>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField
          label="Adres (URL)"
          hint="Een https-adres van de partner, bijvoorbeeld https://partner.nl/webhooks/gemeentewinkel."
          type="url"
          autoComplete="off"
          spellCheck={false}
          required
          {...form.field('url')}
        />
        <fieldset className="gw-field gw-fieldset" id={form.field('eventTypes').id} tabIndex={-1}>
          <legend className="gw-field__label">Gebeurtenissen</legend>
          <span className="gw-field__hint">
            Alleen gebeurtenissen die de koppeling met haar rechten ook via de API mag lezen.
          </span>
          <FieldError error={form.errors.eventTypes} />
          {props.types.map((t) => (
            <CheckboxField
              key={t.type}
              name="eventTypes"
              value={t.type}
              disabled={!props.permissions.includes(t.permission)}
              label={
                <>
                  <code>{t.type}</code> — {t.description}
                  {!props.permissions.includes(t.permission) ? ' (de koppeling heeft hiervoor het recht niet)' : ''}
                </>
              }
            />
          ))}
        </fieldset>
        <TextField label="Omschrijving (optioneel)" maxLength={200} {...form.field('description')} />
        <FormSubmit busy={form.busy} onCancel={props.onCancel}>
          Webhook aanmaken
        </FormSubmit>
      </form>
    </section>
  );
}
