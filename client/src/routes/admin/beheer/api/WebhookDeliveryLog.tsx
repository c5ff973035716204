import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { formatDateTime } from '@/components/dates/formatDate';
import { ConnectionTable, useConnection, type Column } from '@/components/lists';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import type { WebhookAttemptsQuery } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { webhookDeliveryStatusLabel } from '@/vocabulary/webhookStatus';

const WebhookAttemptsDocument = graphql(`
  query WebhookAttempts($endpointId: ID!, $first: Int, $after: String) {
    webhookAttempts(endpointId: $endpointId, first: $first, after: $after) {
      totalCount
      totalCountCapped
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          attemptedAt
          statusCode
          durationMs
          responseStart
          error
          succeeded
          deliveryId
          deliveryStatus
          eventType
        }
      }
    }
  }
`);

const ResendWebhookDeliveryDocument = graphql(`
  mutation ResendWebhookDelivery($deliveryId: ID!) {
    resendWebhookDelivery(deliveryId: $deliveryId) {
      queued {
        eventId
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const ReplayWebhookEventsDocument = graphql(`
  mutation ReplayWebhookEvents($endpointId: ID!, $since: DateTimeISO!, $continueAfter: String) {
    replayWebhookEvents(endpointId: $endpointId, since: $since, continueAfter: $continueAfter) {
      replay {
        queued
        continueAfter
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Attempt = NonNullable<WebhookAttemptsQuery['webhookAttempts']>['edges'][number]['node'];

function ResendButton({ attempt }: { attempt: Attempt }) {
  const showNotice = useShowNotice();
  const [resend] = useMutation(ResendWebhookDeliveryDocument, { refetchQueries: ['WebhookAttempts'] });
  const form = useMutationForm({
    id: `opnieuw-${attempt.id.slice(0, 8)}`,
    fields: [],
    mutate: async () => (await resend({ variables: { deliveryId: attempt.deliveryId } })).data?.resendWebhookDelivery,
    onSuccess: () => showNotice(`Het bericht ${attempt.eventType} wordt opnieuw verstuurd.`),
  });
  return (
    <form {...form.props}>
      {form.summary}
      <button type="submit" className="gw-button gw-button--small gw-button--secondary" disabled={form.busy}>
        Opnieuw versturen
        <span className="gw-visually-hidden">
          {' '}
          ({attempt.eventType}, {formatDateTime(attempt.attemptedAt)})
        </span>
      </button>
    </form>
  );
}

const columns: Column<Attempt>[] = [
  { header: 'Tijdstip', rowHeader: true, cell: (a) => formatDateTime(a.attemptedAt) },
  { header: 'Gebeurtenis', cell: (a) => <code>{a.eventType}</code> },
  {
    header: 'Resultaat',
    cell: (a) =>
      `${a.succeeded ? 'Gelukt' : 'Mislukt'}${a.statusCode ? ` (${a.statusCode})` : ''}${a.error ? ` — ${a.error}` : ''}`,
  },
  { header: 'Duur (ms)', numeric: true, cell: (a) => String(a.durationMs) },
  {
    header: 'Begin van het antwoord',
    cell: (a) => (a.responseStart ? <code>{a.responseStart.slice(0, 120)}</code> : '—'),
  },
  { header: 'Aflevering', cell: (a) => webhookDeliveryStatusLabel[a.deliveryStatus] },
  { header: 'Actie', cell: (a) => <ResendButton attempt={a} /> },
];

/** One endpoint's delivery log (newest first), resend one, and replay everything since a moment (in pages). */
export function WebhookDeliveryLog({ endpointId, endpointUrl }: { endpointId: string; endpointUrl: string }) {
  const showNotice = useShowNotice();
  const list = useConnection(WebhookAttemptsDocument, { variables: { endpointId }, field: 'webhookAttempts' });
  const [replay] = useMutation(ReplayWebhookEventsDocument, { refetchQueries: ['WebhookAttempts'] });
  const [next, setNext] = useState<{ since: string; continueAfter: string } | null>(null);
  const form = useMutationForm({
    id: 'opnieuw-vanaf',
    fields: ['since'],
    check: (v) => ({ since: v.since ? null : 'Kies een datum en tijd.' }),
    mutate: async (v, data) => {
      const since = next && data.get('vervolg') ? next.since : new Date(v.since).toISOString();
      return (
        await replay({
          variables: { endpointId, since, continueAfter: data.get('vervolg') && next ? next.continueAfter : null },
        })
      ).data?.replayWebhookEvents;
    },
    onSuccess: (p, data) => {
      const since = next && data.get('vervolg') ? next.since : new Date(String(data.get('since'))).toISOString();
      setNext(p.replay?.continueAfter ? { since, continueAfter: p.replay.continueAfter } : null);
      showNotice(
        p.replay?.continueAfter
          ? `${p.replay.queued} berichten staan klaar om opnieuw te versturen. Er zijn er meer: verstuur de volgende pagina.`
          : `${p.replay?.queued ?? 0} berichten staan klaar om opnieuw te versturen.`,
      );
    },
  });
  return (
    <section aria-labelledby="afleveringen-kop">
      <h3 id="afleveringen-kop">Afleveringen naar {endpointUrl}</h3>
      <ConnectionTable
        list={list}
        caption="Pogingen"
        columns={columns}
        empty="Er is nog niets naar deze webhook verstuurd. Verstuur een testbericht om de verbinding te proberen."
        errorMessage="De afleveringen konden niet worden geladen."
        moreLabel="Meer pogingen laden"
      />
      <h4>Opnieuw versturen vanaf een moment</h4>
      <p>
        Alle berichten van de gekozen soorten vanaf dit moment worden opnieuw verstuurd, op volgorde, in stappen van
        hoogstens 500.
      </p>
      <form className="gw-form" {...form.props}>
        {form.summary}
        <TextField label="Vanaf" type="datetime-local" required {...form.field('since')} />
        <div className="gw-form-actions">
          <button type="submit" className="gw-button gw-button--secondary" disabled={form.busy}>
            Opnieuw versturen
          </button>
          {next ? (
            <button
              type="submit"
              name="vervolg"
              value="ja"
              className="gw-button gw-button--secondary"
              disabled={form.busy}
            >
              Volgende 500 versturen
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
