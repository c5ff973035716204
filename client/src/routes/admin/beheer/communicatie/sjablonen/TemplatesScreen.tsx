import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { RadioGroup } from '@/components/forms/fields';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { Page } from '@/components/layout/Page';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { useSaveSettings } from '@/components/settings/saveSettings';
import { graphql } from '@/graphql/generated';
import type { CommunicationTemplatesQuery, TemplateWording } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { urls } from '@/lib/urls';
import { hasPermission, useViewer } from '@/lib/viewer';
import { ReminderSettings } from './ReminderSettings';
import { DataTable } from '@/components/ui/DataTable';

const CommunicationTemplatesDocument = graphql(`
  query CommunicationTemplates {
    templateWording
    communicationTemplates {
      id
      key
      name
      channel
      isDefault
      updatedAt
    }
  }
`);

const CommunicationSettingsDocument = graphql(`
  query CommunicationSettings {
    settingsSection(section: COMMUNICATION) {
      section
      version
      value
    }
  }
`);

type Template = CommunicationTemplatesQuery['communicationTemplates'][number];

export const wordingLabel: Record<TemplateWording, string> = {
  FORMAL: 'Formeel: e-mails en berichten spreken mensen aan met ‘u’',
  INFORMAL: 'Informeel: e-mails en berichten spreken mensen aan met ‘je’',
};

/** What the setting changes, and what not: the sent texts only; the website itself always says 'u'. */
export const WORDING_SCOPE =
  'Dit geldt voor de e-mails en de berichten in de inbox die de Gemeentewinkel verstuurt. De website zelf spreekt mensen altijd aan met ‘u’.';

/** The platform setting formal/informal (instellingen communicatie), for who may change settings. */
function WordingForm({ current }: { current: TemplateWording }) {
  const showNotice = useShowNotice();
  const settings = useQuery(CommunicationSettingsDocument);
  const save = useSaveSettings('COMMUNICATION', { refetchQueries: ['CommunicationTemplates'] });
  const form = useMutationForm({
    id: 'aanspreekvorm',
    fields: ['wording'],
    check: (values) => ({ wording: values.wording ? null : 'Kies formeel of informeel.' }),
    mutate: async (values) => save({ wording: values.wording }, settings.data?.settingsSection.version),
    onSuccess: (_p, data) =>
      showNotice(
        data.get('wording') === 'INFORMAL'
          ? 'E-mails en berichten spreken mensen nu aan met ‘je’.'
          : 'E-mails en berichten spreken mensen nu aan met ‘u’.',
      ),
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <RadioGroup
        key={current}
        legend="Welke tekst gebruiken e-mails en berichten?"
        hint={WORDING_SCOPE}
        defaultValue={current}
        options={(['FORMAL', 'INFORMAL'] as const).map((value) => ({ value, label: wordingLabel[value] }))}
        {...form.field('wording')}
      />
      <div className="gw-form-actions">
        <button type="submit" className="gw-button" disabled={form.busy || settings.loading}>
          Aanspreekvorm opslaan
        </button>
      </div>
    </form>
  );
}

function TemplateTable({ caption, templates }: { caption: string; templates: Template[] }) {
  return (
    <DataTable caption={caption} headers={['Sjabloon', 'Tekst']}>
      {templates.map((t) => (
        <tr key={t.id}>
          <th scope="row">
            <Link to={urls.admin.beheer.template(t.id)}>{t.name}</Link>
          </th>
          <td>{t.isDefault ? 'Standaardtekst' : `Aangepast op ${formatDateTime(t.updatedAt)}`}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** /admin/beheer/communicatie/sjablonen: every e-mail and inbox text, and which variant (u/je) they use (not the website). */
export default function TemplatesScreen() {
  const { viewer } = useViewer();
  const query = useQuery(CommunicationTemplatesDocument);
  const data = query.data;
  return (
    <Page
      title="Sjablonen"
      lead="Elke e-mail en elk bericht dat de Gemeentewinkel verstuurt, komt uit een sjabloon. Elk sjabloon heeft een formele (‘u’) en een informele (‘je’) tekst."
    >
      {query.loading && !data ? (
        <Loading />
      ) : !data ? (
        <QueryError message="De sjablonen konden niet worden geladen." onRetry={() => void query.refetch()} />
      ) : (
        <>
          <section aria-labelledby="aanspreekvorm-kop">
            <h2 id="aanspreekvorm-kop">Aanspreekvorm</h2>
            {hasPermission(viewer, 'SETTINGS_MANAGE') ? (
              <WordingForm current={data.templateWording} />
            ) : (
              <p>
                {wordingLabel[data.templateWording]}. {WORDING_SCOPE} Een beheerder met toegang tot de instellingen kan
                dit wijzigen.
              </p>
            )}
          </section>
          <ReminderSettings />
          <section aria-labelledby="emails-kop">
            <h2 id="emails-kop">E-mails</h2>
            <TemplateTable
              caption="Sjablonen van e-mails"
              templates={data.communicationTemplates.filter((t) => t.channel === 'EMAIL')}
            />
          </section>
          <section aria-labelledby="berichten-kop">
            <h2 id="berichten-kop">Berichten in de inbox</h2>
            <TemplateTable
              caption="Sjablonen van berichten"
              templates={data.communicationTemplates.filter((t) => t.channel === 'INBOX')}
            />
          </section>
        </>
      )}
    </Page>
  );
}
