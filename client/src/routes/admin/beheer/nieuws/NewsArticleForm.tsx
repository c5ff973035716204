import { useApolloClient, useQuery } from '@apollo/client/react';
import { NEWS_LIMITS, newsArticleRules } from '@rules/news';
import { RadioGroup, SelectField } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import { DescriptionEditor } from '@/components/products/DescriptionEditor';
import { graphql } from '@/graphql/generated';
import type { NewsArticleInput, NewsStatus } from '@/graphql/generated/graphql';
import { amsterdamLocalToIso, isoToAmsterdamLocal } from '@/components/dates/amsterdamLocal';
import { newsStatusLabel } from '@/vocabulary/newsStatus';
import { NamedOptions } from '@/components/forms/NamedOptions';

const NewsMunicipalitiesDocument = graphql(`
  query NewsMunicipalities {
    newsPlatformWideAllowed
    viewer {
      municipalities {
        id
        name
      }
    }
  }
`);

/** The preview for news editors: the same permission as writing news, rendered as the article page renders it. */
const PreviewNewsArticleDocument = graphql(`
  query PreviewNewsArticle($source: String!) {
    previewNewsArticle(source: $source)
  }
`);

const FIELDS = ['title', 'slug', 'summary', 'body', 'imageAlt', 'status', 'publishAt', 'municipalityId'] as const;

export interface NewsArticleFormValues {
  title: string;
  slug: string;
  summary: string;
  body: string;
  imageAlt: string;
  status: NewsStatus;
  publishAt?: string | null;
  municipalityId?: string | null;
}

/**
 * A news article: title, slug, summary, the text (the product description editor: toolbar and server preview),
 * status, publish moment (Dutch time; in the future: scheduled) and for which municipality. The shared rules
 * (`@rules/news`) check as the form is sent; the schedule, scope and slug are the server's to judge.
 */
export function NewsArticleForm<P extends { errors: readonly FormError[] }>(props: {
  initial?: NewsArticleFormValues;
  submitLabel: string;
  save: (input: NewsArticleInput) => Promise<P | null | undefined>;
  onSaved: (payload: P) => void;
}) {
  const client = useApolloClient();
  const municipalities = useQuery(NewsMunicipalitiesDocument);
  const options = municipalities.data?.viewer?.municipalities ?? [];
  // An editor with a municipality scope writes for those municipalities only; "all" is for platform-wide editors.
  const platformWide = municipalities.data?.newsPlatformWideAllowed ?? false;
  const initial = props.initial;
  const form = useMutationForm({
    id: 'nieuws',
    fields: FIELDS,
    check: (values) => {
      const problems: Partial<Record<(typeof FIELDS)[number], string | null>> = ruleCheck(newsArticleRules)(values);
      if (values.publishAt && !amsterdamLocalToIso(values.publishAt))
        problems.publishAt = 'Vul een geldige datum en tijd in.';
      return problems;
    },
    mutate: (values) =>
      props.save({
        title: values.title.trim(),
        slug: values.slug.trim(),
        summary: values.summary.trim(),
        body: values.body,
        imageAlt: values.imageAlt.trim(),
        status: (values.status || 'DRAFT') as NewsStatus,
        publishAt: values.publishAt ? amsterdamLocalToIso(values.publishAt) : null,
        municipalityId: values.municipalityId || null,
      }),
    onSuccess: props.onSaved,
  });

  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField
        label="Titel"
        hint={`${NEWS_LIMITS.titleMin} tot ${NEWS_LIMITS.titleMax} tekens.`}
        defaultValue={initial?.title}
        required
        {...form.field('title')}
      />
      <TextField
        label="Slug (optioneel)"
        hint="Het laatste deel van het webadres, bijvoorbeeld ‘zwemles-vergoed’. Laat leeg om hem van de titel te maken."
        defaultValue={initial?.slug}
        autoComplete="off"
        {...form.field('slug')}
      />
      <TextField
        label="Samenvatting"
        hint={`Eén of twee zinnen, hoogstens ${NEWS_LIMITS.summaryMax} tekens: te zien in de lijst en op de startpagina.`}
        defaultValue={initial?.summary}
        maxLength={NEWS_LIMITS.summaryMax}
        required
        {...form.field('summary')}
      />
      <DescriptionEditor
        label="Tekst"
        rows={12}
        hint="Maak tekst op met de knoppen. Met Voorbeeld ziet u hoe bezoekers het bericht zien."
        previewLabel="Voorbeeld: zo ziet de tekst eruit op de pagina van het bericht."
        emptyPreview="U heeft nog geen tekst geschreven."
        renderPreview={async (source) =>
          (
            await client.query({
              query: PreviewNewsArticleDocument,
              variables: { source },
              fetchPolicy: 'no-cache',
            })
          ).data?.previewNewsArticle
        }
        defaultValue={initial?.body}
        {...form.field('body')}
      />
      <TextField
        label="Beschrijving van de afbeelding"
        hint="Voor wie de afbeelding niet kan zien. De afbeelding zelf uploadt u na het opslaan."
        defaultValue={initial?.imageAlt}
        maxLength={NEWS_LIMITS.imageAltMax}
        {...form.field('imageAlt')}
      />
      <SelectField
        key={`${platformWide}|${options.length}`}
        label="Voor"
        hint="Voor welke gemeente het bericht is. Inwoners zien de berichten van hun eigen gemeente en die voor iedereen."
        defaultValue={initial ? (initial.municipalityId ?? '') : platformWide ? '' : (options[0]?.id ?? '')}
        {...form.field('municipalityId')}
      >
        {platformWide || (initial && !initial.municipalityId) ? <option value="">Alle gemeenten</option> : null}
        <NamedOptions items={options} />
      </SelectField>
      <RadioGroup
        legend="Status"
        defaultValue={initial?.status ?? 'DRAFT'}
        options={(Object.keys(newsStatusLabel) as NewsStatus[]).map((value) => ({
          value,
          label: newsStatusLabel[value],
        }))}
        {...form.field('status')}
      />
      <TextField
        label="Publiceren op (optioneel)"
        type="datetime-local"
        hint="Nederlandse tijd. Leeg: het bericht verschijnt zodra u het publiceert. Een moment in de toekomst plant het bericht in."
        defaultValue={isoToAmsterdamLocal(initial?.publishAt)}
        {...form.field('publishAt')}
      />
      <button type="submit" className="gw-button" disabled={form.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
