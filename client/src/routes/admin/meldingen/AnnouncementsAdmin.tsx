import { useMutation, useQuery } from '@apollo/client/react';
import { amsterdamLocalToIso, isoToAmsterdamLocal } from '@/components/dates/amsterdamLocal';
import {
  announcementRules,
  ANNOUNCEMENT_SEVERITIES,
  ANNOUNCEMENT_SEVERITY_LABELS,
  MESSAGE_LIMITS,
} from '@rules/message';
import { useRef, useState } from 'react';
import { formatDateTime } from '@/components/dates/formatDate';
import { ConfirmAction } from '@/components/forms/ConfirmAction';
import { SelectField, TextAreaField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import { graphql } from '@/graphql/generated';
import type { AdminAnnouncementsQuery, AnnouncementSeverity } from '@/graphql/generated/graphql';
import { useShowNotice } from '@/lib/notice';
import { DataTable } from '@/components/ui/DataTable';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { FormSubmit } from '@/components/forms/FormSubmit';

/** Who sees an announcement: what the site does (announcement.service.ts, `active`). */
export const ANNOUNCEMENT_AUDIENCE_HINT =
  'Wie de melding ziet: bezoekers die niet zijn ingelogd zien de meldingen van alle gemeenten. Ingelogde inwoners zien de meldingen van hun eigen gemeente en die voor alle gemeenten.';

const AdminAnnouncementsDocument = graphql(`
  query AdminAnnouncements {
    announcements {
      id
      title
      body
      severity
      state
      startsAt
      endsAt
      municipalityId
      municipalityName
      editable
    }
  }
`);

const SaveAnnouncementDocument = graphql(`
  mutation SaveAnnouncement($id: ID, $input: AnnouncementInput!) {
    saveAnnouncement(id: $id, input: $input) {
      announcement {
        id
        title
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

const DeleteAnnouncementDocument = graphql(`
  mutation DeleteAnnouncement($id: ID!) {
    deleteAnnouncement(id: $id) {
      deletedId
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);

type Announcement = AdminAnnouncementsQuery['announcements'][number];

const STATE = { SCHEDULED: 'Gepland', ACTIVE: 'Zichtbaar', ENDED: 'Afgelopen' } as const;
const FIELDS = ['title', 'body', 'severity', 'municipalityId', 'startsAt', 'endsAt'] as const;
const check = ruleCheck(announcementRules);

/** A `datetime-local` value (Dutch time) as an ISO moment; null when empty, undefined when not a time. */
function moment(value: string): string | null | undefined {
  return value.trim() ? (amsterdamLocalToIso(value) ?? undefined) : null;
}

function DeleteAnnouncement({ announcement }: { announcement: Announcement }) {
  const showNotice = useShowNotice();
  const [remove] = useMutation(DeleteAnnouncementDocument, { refetchQueries: ['AdminAnnouncements'] });
  const form = useMutationForm({
    id: `melding-verwijderen-${announcement.id}`,
    fields: [],
    mutate: async () => (await remove({ variables: { id: announcement.id } })).data?.deleteAnnouncement,
    onSuccess: () => showNotice(`De melding ‘${announcement.title}’ is verwijderd.`),
  });
  return (
    <ConfirmAction
      form={form}
      label={
        <>
          Verwijderen<span className="gw-visually-hidden"> melding ‘{announcement.title}’</span>
        </>
      }
      confirmLabel="Ja, verwijder deze melding"
      groupLabel={`Verwijderen van ‘${announcement.title}’ bevestigen`}
    />
  );
}

/**
 * The public announcements (meldingen) on /admin/meldingen: the list with their state on the application clock, a
 * form for a new one (Markdown text; start empty = now, end empty = until deleted) and delete behind a confirmation.
 */
export function AnnouncementsAdmin({
  municipalities,
}: {
  municipalities: ReadonlyArray<{ id: string; name: string }>;
}) {
  const showNotice = useShowNotice();
  const query = useQuery(AdminAnnouncementsDocument, { fetchPolicy: 'cache-and-network' });
  const [save] = useMutation(SaveAnnouncementDocument, { refetchQueries: ['AdminAnnouncements'] });
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<Announcement | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const edit = (a: Announcement | null) => {
    setEditing(a);
    setFormKey((k) => k + 1);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const form = useMutationForm({
    id: 'melding',
    fields: FIELDS,
    check: (values) => {
      const problems: Partial<Record<(typeof FIELDS)[number], string | null>> = check(values);
      if (moment(values.startsAt) === undefined) problems.startsAt = 'Vul een geldig begin in.';
      if (moment(values.endsAt) === undefined) problems.endsAt = 'Vul een geldig einde in.';
      return problems;
    },
    mutate: async (values) =>
      (
        await save({
          variables: {
            id: editing?.id ?? null,
            input: {
              title: values.title,
              body: values.body,
              severity: values.severity as AnnouncementSeverity,
              municipalityId: values.municipalityId || null,
              startsAt: moment(values.startsAt),
              endsAt: moment(values.endsAt),
            },
          },
        })
      ).data?.saveAnnouncement,
    onSuccess: (payload) => {
      showNotice(`De melding ‘${payload.announcement!.title}’ is opgeslagen.`);
      setEditing(null);
      setFormKey((k) => k + 1);
    },
  });
  const announcements = query.data?.announcements;

  return (
    <section aria-labelledby="openbare-meldingen">
      <h2 id="openbare-meldingen">Openbare meldingen</h2>
      <p>
        Een melding staat op de pagina Meldingen en als balk boven elke openbare pagina, van het begin tot het einde.
      </p>
      {announcements === undefined ? (
        query.error ? (
          <p className="gw-alert gw-alert--error">De meldingen konden niet worden geladen.</p>
        ) : (
          <p>Meldingen laden…</p>
        )
      ) : announcements.length === 0 ? (
        <p>Er zijn nog geen openbare meldingen.</p>
      ) : (
        <DataTable
          caption="Openbare meldingen"
          hideCaption
          headers={['Titel', 'Soort', 'Gemeente', 'Periode', 'Status', 'Actie']}
        >
          {announcements.map((a) => (
            <tr key={a.id}>
              <td>{a.title}</td>
              <td>{ANNOUNCEMENT_SEVERITY_LABELS[a.severity]}</td>
              <td>{a.municipalityName ?? 'Alle gemeenten (het hele platform)'}</td>
              <td>
                {formatDateTime(a.startsAt)} – {a.endsAt ? formatDateTime(a.endsAt) : 'geen einde'}
              </td>
              <td>{STATE[a.state]}</td>
              <td>
                {a.editable ? (
                  <>
                    <button type="button" className="gw-button gw-button--secondary" onClick={() => edit(a)}>
                      Bewerken<span className="gw-visually-hidden"> melding ‘{a.title}’</span>
                    </button>{' '}
                    <DeleteAnnouncement announcement={a} />
                  </>
                ) : (
                  <span className="gw-muted">Alleen te wijzigen door wie alle gemeenten beheert</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <h3 ref={heading} tabIndex={-1}>
        {editing ? `Melding ‘${editing.title}’ bewerken` : 'Nieuwe melding'}
      </h3>
      <form key={formKey} className="gw-form" {...form.props}>
        {form.summary}
        <TextField
          label="Titel"
          maxLength={MESSAGE_LIMITS.titleMax}
          defaultValue={editing?.title}
          required
          {...form.field('title')}
        />
        <TextAreaField
          label="Tekst"
          defaultValue={editing?.body}
          rows={5}
          hint="Markdown: **vet**, [linktekst](https://…), een witregel begint een nieuwe alinea."
          required
          {...form.field('body')}
        />
        <SelectField label="Soort" defaultValue={editing?.severity ?? 'INFO'} required {...form.field('severity')}>
          {ANNOUNCEMENT_SEVERITIES.map((s) => (
            <option key={s} value={s}>
              {ANNOUNCEMENT_SEVERITY_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Gemeente"
          hint={ANNOUNCEMENT_AUDIENCE_HINT}
          defaultValue={
            editing ? (editing.municipalityId ?? '') : municipalities.length === 1 ? municipalities[0]!.id : ''
          }
          {...form.field('municipalityId')}
        >
          <option value="">Alle gemeenten</option>
          <NamedOptions items={municipalities} />
        </SelectField>
        <TextField
          label="Zichtbaar vanaf"
          type="datetime-local"
          hint="Leeg: vanaf nu."
          defaultValue={isoToAmsterdamLocal(editing?.startsAt)}
          {...form.field('startsAt')}
        />
        <TextField
          label="Zichtbaar tot"
          type="datetime-local"
          hint="Leeg: tot u de melding verwijdert."
          defaultValue={isoToAmsterdamLocal(editing?.endsAt)}
          {...form.field('endsAt')}
        />
        <FormSubmit busy={form.busy} onCancel={editing ? () => edit(null) : undefined}>
          {editing ? 'Wijzigingen opslaan' : 'Melding plaatsen'}
        </FormSubmit>
      </form>
    </section>
  );
}
