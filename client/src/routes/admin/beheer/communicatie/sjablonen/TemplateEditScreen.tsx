import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useParams } from 'react-router';
import { TextAreaField } from '@/components/forms/fields';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { QueryBoundary } from '@/components/ui/QueryBoundary';
import { graphql } from '@/graphql/generated';
import type { CommunicationTemplateQuery, TemplateWording } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { FormSubmit } from '@/components/forms/FormSubmit';

/** A template's texts and state: what the screen shows, and what saving or restoring gives back. */
graphql(`
  fragment TemplateTexts on CommunicationTemplate {
    id
    subject
    body
    informalSubject
    informalBody
    isDefault
    updatedAt
  }
`);

const CommunicationTemplateDocument = graphql(`
  query CommunicationTemplate($id: ID!) {
    templateWording
    communicationTemplate(id: $id) {
      ...TemplateTexts @unmask
      key
      name
      channel
      variables {
        name
        description
        required
      }
    }
  }
`);

const TemplatePreviewDocument = graphql(`
  query TemplatePreview($input: TemplatePreviewInput!) {
    templatePreview(input: $input) {
      subject
      body
      errors {
        field
        message
      }
    }
  }
`);

const UpdateCommunicationTemplateDocument = graphql(`
  mutation UpdateCommunicationTemplate($input: UpdateTemplateInput!) {
    updateCommunicationTemplate(input: $input) {
      template {
        ...TemplateTexts @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const RestoreCommunicationTemplateDocument = graphql(`
  mutation RestoreCommunicationTemplate($templateId: ID!) {
    restoreCommunicationTemplate(templateId: $templateId) {
      template {
        ...TemplateTexts @unmask
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Template = NonNullable<CommunicationTemplateQuery['communicationTemplate']>;
type Texts = { subject: string; body: string; informalSubject: string; informalBody: string };
const FIELDS = ['subject', 'body', 'informalSubject', 'informalBody'] as const;

/** `value`, but only after it stopped changing for `ms`: the preview follows the typing without a request per key. */
function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The live preview of one variant: rendered by the server, with sample data, by the engine the mails use. */
function Preview({
  templateId,
  variant,
  subject,
  body,
  inbox,
}: {
  templateId: string;
  variant: TemplateWording;
  subject: string;
  body: string;
  inbox: boolean;
}) {
  const input = useDebounced({ templateId, variant, subject, body });
  const preview = useQuery(TemplatePreviewDocument, { variables: { input }, fetchPolicy: 'no-cache' });
  const result = preview.data?.templatePreview;
  const headingId = `voorbeeld-${variant.toLowerCase()}`;
  return (
    <section className="gw-template-preview" aria-labelledby={headingId}>
      <h3 id={headingId}>Voorbeeld {variant === 'FORMAL' ? 'formeel (u)' : 'informeel (je)'}</h3>
      <div aria-live="polite">
        {preview.error ? (
          <p className="gw-field__error">Het voorbeeld kon niet worden gemaakt. Probeer het later opnieuw.</p>
        ) : !result ? (
          <p className="gw-muted">Voorbeeld wordt gemaakt…</p>
        ) : result.errors.length ? (
          <ul className="gw-field__error">
            {result.errors.map((e) => (
              <li key={`${e.field}-${e.message}`}>{e.message}</li>
            ))}
          </ul>
        ) : (
          <dl className="gw-definition-list">
            <dt>{inbox ? 'Titel' : 'Onderwerp'}</dt>
            <dd>{result.subject}</dd>
            <dt>Tekst</dt>
            <dd>
              <pre className="gw-template-preview__body">{result.body}</pre>
            </dd>
          </dl>
        )}
      </div>
    </section>
  );
}

function TemplateForm({ template, wording }: { template: Template; wording: TemplateWording }) {
  const showNotice = useShowNotice();
  const initial: Texts = {
    subject: template.subject,
    body: template.body,
    informalSubject: template.informalSubject ?? template.subject,
    informalBody: template.informalBody ?? template.body,
  };
  const [texts, setTexts] = useState<Texts>(initial);
  const [update] = useMutation(UpdateCommunicationTemplateDocument, { refetchQueries: ['CommunicationTemplates'] });
  const form = useMutationForm({
    id: 'sjabloon',
    fields: FIELDS,
    mutate: async (values) =>
      (await update({ variables: { input: { templateId: template.id, ...values } } })).data
        ?.updateCommunicationTemplate,
    onSuccess: () => showNotice('Het sjabloon is opgeslagen.'),
    summaryTitle: 'Het sjabloon is niet opgeslagen',
  });
  const inbox = template.channel === 'INBOX';
  const subjectLabel = inbox ? 'Titel' : 'Onderwerp';
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    setTexts(Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as Texts);
  };
  const variant = (v: TemplateWording) => {
    const formal = v === 'FORMAL';
    const subject = formal ? 'subject' : 'informalSubject';
    const body = formal ? 'body' : 'informalBody';
    const legend = formal ? 'Formeel (u)' : 'Informeel (je)';
    return (
      <fieldset className="gw-fieldset gw-template-variant">
        <legend className="gw-field__label">
          {legend}
          {wording === v ? ' — deze tekst wordt nu gebruikt' : ''}
        </legend>
        <TextField
          label={`${subjectLabel} ${legend.toLowerCase()}`}
          defaultValue={initial[subject]}
          {...form.field(subject)}
        />
        <TextAreaField
          label={`Tekst ${legend.toLowerCase()}`}
          rows={12}
          defaultValue={initial[body]}
          spellCheck
          {...form.field(body)}
        />
        <Preview templateId={template.id} variant={v} subject={texts[subject]} body={texts[body]} inbox={inbox} />
      </fieldset>
    );
  };
  return (
    <form className="gw-form" {...form.props} onInput={onInput}>
      {form.summary}
      {variant('FORMAL')}
      {variant('INFORMAL')}
      <FormSubmit busy={form.busy}>Sjabloon opslaan</FormSubmit>
    </form>
  );
}

/** /admin/beheer/communicatie/sjablonen/{templateId}: both variants, the variables, a live preview, restore. */
export default function TemplateEditScreen() {
  const { templateId = '' } = useParams();
  const query = useQuery(CommunicationTemplateDocument, { variables: { id: templateId } });
  return (
    <QueryBoundary
      query={query}
      select={(data) =>
        data.communicationTemplate ? { template: data.communicationTemplate, wording: data.templateWording } : null
      }
      title="Sjabloon bewerken"
      errorMessage="Dit sjabloon kon niet worden geladen."
    >
      {({ template, wording }) => <TemplateEdit template={template} wording={wording} />}
    </QueryBoundary>
  );
}

function TemplateEdit({ template, wording }: { template: Template; wording: TemplateWording }) {
  const showNotice = useShowNotice();
  const [restore] = useMutation(RestoreCommunicationTemplateDocument, { refetchQueries: ['CommunicationTemplates'] });
  const restoring = useMutationForm({
    id: 'herstellen',
    fields: [],
    mutate: async () => (await restore({ variables: { templateId: template.id } })).data?.restoreCommunicationTemplate,
    onSuccess: () => showNotice('De standaardtekst is hersteld.'),
  });
  return (
    <Page
      title={`Sjabloon ‘${template.name}’`}
      crumb="Sjabloon bewerken"
      lead={
        template.channel === 'INBOX'
          ? 'Dit bericht komt in de inbox van de inwoner. Het onderwerp is de titel van het bericht.'
          : 'Deze e-mail wordt als platte tekst verstuurd.'
      }
    >
      <section aria-labelledby="variabelen-kop">
        <h2 id="variabelen-kop">Variabelen</h2>
        <p>
          Zet een variabele tussen dubbele accolades, bijvoorbeeld{' '}
          <code>{`{{ ${template.variables[0]?.name ?? 'name'} }}`}</code>. U kunt alleen deze variabelen gebruiken; een
          voorwaarde schrijft u als <code>{'{% if variabele %}…{% endif %}'}</code>.
        </p>
        <dl className="gw-definition-list">
          {template.variables.map((v) => (
            <div key={v.name}>
              <dt>
                <code>{`{{ ${v.name} }}`}</code>
                {v.required ? ' (verplicht)' : ''}
              </dt>
              <dd>{v.description}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="teksten-kop">
        <h2 id="teksten-kop">Teksten</h2>
        {/* A restore or a save with other texts gives fresh fields. */}
        <TemplateForm
          key={`${template.updatedAt}|${template.subject}|${template.body}|${template.informalSubject}|${template.informalBody}`}
          template={template}
          wording={wording}
        />
      </section>
      <section aria-labelledby="herstellen-kop">
        <h2 id="herstellen-kop">Standaardtekst</h2>
        <p>
          {template.isDefault
            ? 'Dit sjabloon heeft de standaardtekst.'
            : 'Dit sjabloon is aangepast. U kunt beide teksten terugzetten naar de standaardtekst.'}
        </p>
        {template.isDefault ? null : (
          <ConfirmAction
            form={restoring}
            label="Standaardtekst herstellen"
            confirmLabel="Ja, herstel de standaardtekst"
            groupLabel="Standaardtekst herstellen bevestigen"
          />
        )}
      </section>
    </Page>
  );
}
