import { graphql } from '@/graphql/generated';

/** The documents the new-product and the product screen share. */

export const ProductFormCategoriesDocument = graphql(`
  query ProductFormCategories {
    categories {
      id
      name
    }
  }
`);

export const SubmitProductDocument = graphql(`
  mutation SubmitProduct($id: ID!) {
    submitProduct(id: $id) {
      product {
        id
        status
        submittedAt
        updatedAt
        ...ProductDecisions_product
      }
      errors {
        ...UserErrorFields @unmask
      }
    }
  }
`);
