import { useMutation, useQuery } from '@apollo/client/react';
import { massMessageRules, MESSAGE_AUDIENCE_LABELS, MESSAGE_AUDIENCES, MESSAGE_LIMITS } from '@rules/message';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '@/components/dates/formatDate';
import { SelectField, TextAreaField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { graphql } from '@/graphql/generated';
import type { MessageAudienceInput, MessageAudienceKind } from '@/graphql/generated/graphql';
import { useShowNotice, withNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { countOf } from '@/lib/plural';

const MessageArrangementChoicesDocument = graphql(`
  query MessageArrangementChoices($municipalityId: ID!) {
    messageArrangementChoices(municipalityId: $municipalityId) {
      id
      name
    }
  }
`);

const PreviewMessageAudienceDocument = graphql(`
  mutation PreviewMessageAudience($audience: MessageAudienceInput!) {
    previewMessageAudience(audience: $audience) {
      preview {
        recipientCount
        label
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const SendMassMessageTestDocument = graphql(`
  mutation SendMassMessageTest($input: ComposeMassMessageInput!) {
    sendMassMessageTest(input: $input) {
      sentTo
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const SendMassMessageDocument = graphql(`
  mutation SendMassMessage($input: SendMassMessageInput!) {
    sendMassMessage(input: $input) {
      massMessage {
        id
        recipientCount
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const FIELDS = ['municipalityId', 'kind', 'arrangementId', 'clientNumber', 'title', 'body'] as const;
type Field = (typeof FIELDS)[number];

const check = ruleCheck(massMessageRules);

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** The server names audience problems `audience.<field>`; the form's fields are the part after the dot. */
function onFields(errors: readonly FormError[]): FormError[] {
  return errors.map((e) => ({ ...e, field: e.field?.replace(/^audience\./, '') ?? null }));
}

interface Outcome {
  errors: FormError[];
  action: 'preview' | 'test' | 'send';
  count?: number;
  label?: string;
  sentTo?: string;
  id?: string;
}

/**
 * Composing a message to an audience: municipality and audience (with the arrangement or client number it needs),
 * subject and text. "Aantal ontvangers bekijken" shows how many people it reaches; only then can it be sent, and any
 * change to the audience asks for the count again. "Test naar mijzelf" mails it to the sender. One idempotency key
 * per composed message: a second click on "Verzenden" is the same send.
 */
export function ComposeMessage({ municipalities }: { municipalities: ReadonlyArray<{ id: string; name: string }> }) {
  const navigate = useNavigate();
  const showNotice = useShowNotice();
  const [municipalityId, setMunicipalityId] = useState(municipalities.length === 1 ? municipalities[0]!.id : '');
  const [kind, setKind] = useState<MessageAudienceKind>('MUNICIPALITY_RESIDENTS');
  const [preview, setPreview] = useState<{ count: number; label: string } | null>(null);
  const [key] = useState(newKey);
  const arrangements = useQuery(MessageArrangementChoicesDocument, {
    variables: { municipalityId },
    skip: !municipalityId || kind !== 'ARRANGEMENT_HOLDERS',
  });
  const [previewAudience] = useMutation(PreviewMessageAudienceDocument);
  const [sendTest] = useMutation(SendMassMessageTestDocument);
  const [send] = useMutation(SendMassMessageDocument, { refetchQueries: ['AdminMassMessages'] });

  const audienceOf = (values: Record<Field, string>): MessageAudienceInput => ({
    kind: values.kind as MessageAudienceKind,
    municipalityId: values.municipalityId,
    arrangementId: values.kind === 'ARRANGEMENT_HOLDERS' ? values.arrangementId || null : null,
    clientNumber: values.kind === 'CLIENT_GROUP' ? values.clientNumber : null,
  });

  const form = useMutationForm<Field, Outcome>({
    id: 'bericht',
    fields: FIELDS,
    check: (values, data) => {
      const action = data.get('action');
      const problems: Partial<Record<Field, string | null>> = action === 'preview' ? {} : check(values);
      if (!values.municipalityId) problems.municipalityId = 'Kies een gemeente.';
      if (values.kind === 'ARRANGEMENT_HOLDERS' && !values.arrangementId)
        problems.arrangementId = 'Kies een regeling van deze gemeente.';
      if (values.kind === 'CLIENT_GROUP' && !values.clientNumber.trim())
        problems.clientNumber = 'Vul het klantnummer van de klantgroep in.';
      return problems;
    },
    mutate: async (values, data) => {
      const audience = audienceOf(values);
      const action = data.get('action');
      if (action === 'test') {
        const r = (await sendTest({ variables: { input: { audience, title: values.title, body: values.body } } })).data
          ?.sendMassMessageTest;
        return r && { action: 'test', errors: onFields(r.errors), sentTo: r.sentTo ?? undefined };
      }
      if (action === 'send') {
        const input = { audience, title: values.title, body: values.body, idempotencyKey: key };
        const r = (await send({ variables: { input } })).data?.sendMassMessage;
        return r && { action: 'send', errors: onFields(r.errors), id: r.massMessage?.id };
      }
      const r = (await previewAudience({ variables: { audience } })).data?.previewMessageAudience;
      return (
        r && {
          action: 'preview',
          errors: onFields(r.errors),
          count: r.preview?.recipientCount,
          label: r.preview?.label,
        }
      );
    },
    onSuccess: (outcome) => {
      if (outcome.action === 'preview') setPreview({ count: outcome.count ?? 0, label: outcome.label ?? '' });
      else if (outcome.action === 'test') showNotice(`De test is verstuurd naar ${outcome.sentTo}.`);
      else void navigate(urls.admin.message(outcome.id!), { state: withNotice('Het bericht wordt verstuurd.') });
    },
  });

  const recipients = preview
    ? preview.count === 0
      ? 'Deze doelgroep heeft geen ontvangers. Kies een andere doelgroep.'
      : `Dit bericht gaat naar ${countOf(preview.count, 'ontvanger', 'ontvangers')}: ${preview.label}.`
    : null;
  const providers = kind === 'ALL_PROVIDERS' || kind === 'MUNICIPALITY_PROVIDERS';

  return (
    <form
      className="gw-form"
      {...form.props}
      onChange={(event) => {
        // Any change to who receives it asks for the count again.
        const name = (event.target as unknown as { name?: string }).name ?? '';
        if (['municipalityId', 'kind', 'arrangementId', 'clientNumber'].includes(name)) setPreview(null);
      }}
    >
      {form.summary}
      <SelectField
        label="Gemeente"
        value={municipalityId}
        onChange={(e) => setMunicipalityId(e.target.value)}
        required
        {...form.field('municipalityId')}
      >
        <option value="">Kies een gemeente</option>
        <NamedOptions items={municipalities} />
      </SelectField>
      <SelectField
        label="Doelgroep"
        value={kind}
        onChange={(e) => setKind(e.target.value as MessageAudienceKind)}
        hint={
          providers
            ? 'Aanbieders krijgen het bericht per e-mail.'
            : 'Inwoners krijgen het bericht in Berichten, en per e-mail als zij dat willen.'
        }
        required
        {...form.field('kind')}
      >
        {MESSAGE_AUDIENCES.map((k) => (
          <option key={k} value={k}>
            {MESSAGE_AUDIENCE_LABELS[k]}
          </option>
        ))}
      </SelectField>
      {kind === 'ARRANGEMENT_HOLDERS' ? (
        <SelectField label="Regeling" required {...form.field('arrangementId')}>
          <option value="">
            {!municipalityId
              ? 'Kies eerst een gemeente'
              : arrangements.loading
                ? 'Regelingen laden…'
                : 'Kies een regeling'}
          </option>
          {(arrangements.data?.messageArrangementChoices ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      {kind === 'CLIENT_GROUP' ? (
        <TextField label="Klantnummer van de klantgroep" autoComplete="off" required {...form.field('clientNumber')} />
      ) : null}
      <TextField
        label="Onderwerp"
        maxLength={MESSAGE_LIMITS.titleMax}
        hint={`${MESSAGE_LIMITS.titleMin} tot ${MESSAGE_LIMITS.titleMax} tekens. Ook het onderwerp van de e-mail.`}
        required
        {...form.field('title')}
      />
      <TextAreaField
        label="Bericht"
        rows={8}
        hint={`Gewone tekst; een witregel begint een nieuwe alinea. Hoogstens ${formatCount(MESSAGE_LIMITS.bodyMax)} tekens.`}
        required
        {...form.field('body')}
      />
      <p role="status" className={recipients ? 'gw-alert' : undefined}>
        {recipients}
      </p>
      <div className="gw-form-actions">
        <button
          type="submit"
          name="action"
          value="preview"
          className="gw-button gw-button--secondary"
          disabled={form.busy}
        >
          Aantal ontvangers bekijken
        </button>
        <button
          type="submit"
          name="action"
          value="test"
          className="gw-button gw-button--secondary"
          disabled={form.busy}
        >
          Test naar mijzelf
        </button>
        {preview && preview.count > 0 ? (
          <button type="submit" name="action" value="send" className="gw-button" disabled={form.busy}>
            Verzenden naar {countOf(preview.count, 'ontvanger', 'ontvangers')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
