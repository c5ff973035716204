import { LINK_LIMITS, linkRules } from '@rules/news';
import { RadioGroup } from '@/components/forms/fields';
import { ruleCheck } from '@/components/forms/ruleCheck';
import { TextField } from '@/components/forms/TextField';
import { useMutationForm } from '@/components/forms/useMutationForm';
import type { FormError } from '@/components/forms/userErrors';
import type { LinkInput, LinkPlacement } from '@/graphql/generated/graphql';

export const placementLabel: Record<LinkPlacement, string> = {
  FOOTER: 'Onderaan elke pagina, bij ‘Over deze website’',
  USEFUL: 'Onderaan elke pagina, bij de handige links',
};

/** The text, address and place of a managed link; the shared rules (`@rules/news`) check as it is sent. */
export function LinkForm<P extends { errors: readonly FormError[] }>(props: {
  initial?: { label: string; url: string; placement: LinkPlacement };
  submitLabel: string;
  save: (input: LinkInput) => Promise<P | null | undefined>;
  onSaved: (payload: P) => void;
}) {
  const form = useMutationForm({
    id: 'link',
    fields: ['label', 'url', 'placement'] as const,
    check: ruleCheck(linkRules),
    mutate: (values) =>
      props.save({
        label: values.label.trim(),
        url: values.url.trim(),
        placement: (values.placement || 'FOOTER') as LinkPlacement,
      }),
    onSuccess: props.onSaved,
  });
  return (
    <form className="gw-form" {...form.props}>
      {form.summary}
      <TextField
        label="Tekst van de link"
        hint={`${LINK_LIMITS.labelMin} tot ${LINK_LIMITS.labelMax} tekens, bijvoorbeeld ‘Website van de gemeente’.`}
        defaultValue={props.initial?.label}
        required
        {...form.field('label')}
      />
      <TextField
        label="Adres"
        hint="Een webadres dat begint met https://, of een pagina van deze website zoals /nieuws."
        defaultValue={props.initial?.url}
        inputMode="url"
        autoComplete="off"
        required
        {...form.field('url')}
      />
      <RadioGroup
        legend="Waar staat de link?"
        defaultValue={props.initial?.placement ?? 'FOOTER'}
        options={(Object.keys(placementLabel) as LinkPlacement[]).map((value) => ({
          value,
          label: placementLabel[value],
        }))}
        {...form.field('placement')}
      />
      <button type="submit" className="gw-button" disabled={form.busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
