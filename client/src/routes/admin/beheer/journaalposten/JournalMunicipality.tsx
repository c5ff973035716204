import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { SelectField } from '@/components/forms/fields';
import { NamedOptions } from '@/components/forms/NamedOptions';
import { Loading } from '@/components/ui/Loading';
import { QueryError } from '@/components/ui/QueryError';
import { searchParams } from '@/lib/urls';
import { useSearchParam } from '@/lib/urlState';
import { JournalMunicipalitiesDocument } from './journal.graphql';

/**
 * The municipality both journaalposten screens are about: the staff member's municipalities, a choice among them when
 * there are several (?gemeente=<id>, else the first), and the screen's own part for the chosen one. `none` says why
 * there is nothing to show to a staff member without municipalities.
 */
export function JournalMunicipality({
  none,
  children,
}: {
  none: string;
  children: (municipalityId: string) => ReactNode;
}) {
  const [chosen, setMunicipality] = useSearchParam(searchParams.municipality);
  const municipalities = useQuery(JournalMunicipalitiesDocument);
  const list = municipalities.data?.viewer.municipalities ?? [];
  const municipalityId = chosen ?? list[0]?.id ?? '';
  if (municipalities.error) return <QueryError message="De gemeenten konden niet worden geladen." />;
  if (municipalities.loading && !municipalities.data) return <Loading />;
  if (!list.length) return <p>{none}</p>;
  return (
    <>
      {list.length > 1 ? (
        <SelectField label="Gemeente" value={municipalityId} onChange={(e) => setMunicipality(e.target.value)}>
          <NamedOptions items={list} />
        </SelectField>
      ) : null}
      {children(municipalityId)}
    </>
  );
}
