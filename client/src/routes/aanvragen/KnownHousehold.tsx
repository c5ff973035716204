import { useQuery } from '@apollo/client/react';
import { formatDate } from '@/components/dates/formatDate';
import { graphql } from '@/graphql/generated';

const MyHouseholdMembersDocument = graphql(`
  query MyHouseholdMembers {
    myHouseholdMembers {
      firstName
      lastName
      dateOfBirth
    }
  }
`);

/**
 * What the municipality already knows of the resident's household (from its own registration): shown before the
 * first question, so the resident need not tell it again and can see when something is wrong.
 */
export function KnownHousehold() {
  const query = useQuery(MyHouseholdMembersDocument);
  const members = query.data?.myHouseholdMembers ?? [];
  if (!members.length) return null;
  return (
    <section aria-labelledby="bekend-huishouden" className="gw-card">
      <h2 id="bekend-huishouden">Dit weet de gemeente al van uw huishouden</h2>
      <ul>
        {members.map((m, i) => (
          <li key={i}>
            {m.firstName} {m.lastName}
            {m.dateOfBirth ? `, geboren op ${formatDate(m.dateOfBirth)}` : ''}
          </li>
        ))}
      </ul>
      <p>Klopt dit niet? Neem dan contact op met de gemeente voordat u de aanvraag verstuurt.</p>
    </section>
  );
}
