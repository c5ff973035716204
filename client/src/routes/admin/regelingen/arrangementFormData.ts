import { graphql } from '../../../graphql/generated';

/** What the arrangement form chooses from: the staff member's municipalities and all categories. */
export const ArrangementFormDataDocument = graphql(`
  query ArrangementFormData {
    viewer {
      kind
      municipalities {
        id
        name
      }
    }
    categories {
      id
      name
    }
  }
`);
