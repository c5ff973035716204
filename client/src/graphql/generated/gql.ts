/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation Logout {\n    logout\n  }\n": typeof types.LogoutDocument,
    "\n  query FooterLinks {\n    links(placement: FOOTER) {\n      id\n      label\n      url\n    }\n  }\n": typeof types.FooterLinksDocument,
    "\n  fragment ProductCard_product on Product {\n    id\n    title\n    slug\n    priceCents\n    provider {\n      id\n      name\n    }\n    category {\n      id\n      name\n    }\n  }\n": typeof types.ProductCard_ProductFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      kind\n      displayName\n      email\n      roleName\n      permissions\n      provider {\n        id\n        name\n        slug\n      }\n    }\n  }\n": typeof types.ViewerDocument,
    "\n  query Home {\n    categories {\n      id\n      name\n      productCount\n    }\n  }\n": typeof types.HomeDocument,
    "\n  query MyProducts($first: Int, $after: String) {\n    myProducts(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n          status\n          priceCents\n          updatedAt\n          category {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.MyProductsDocument,
    "\n  query Catalogue($search: String, $categoryId: ID, $first: Int, $after: String) {\n    products(search: $search, categoryId: $categoryId, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.CatalogueDocument,
    "\n  query CatalogueCategories {\n    categories {\n      id\n      name\n    }\n  }\n": typeof types.CatalogueCategoriesDocument,
    "\n  query Product($id: ID!) {\n    product(id: $id) {\n      id\n      title\n      slug\n      description\n      priceCents\n      category {\n        id\n        name\n      }\n      provider {\n        id\n        name\n        slug\n        city\n      }\n    }\n  }\n": typeof types.ProductDocument,
    "\n  query PublicProvider($id: ID!, $first: Int, $after: String) {\n    publicProvider(id: $id) {\n      id\n      name\n      slug\n      city\n      description\n      website\n    }\n    products(providerId: $id, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.PublicProviderDocument,
    "\n  query AdminDashboard {\n    adminDashboard {\n      productsToReview\n      providersToApprove\n      approvedProducts\n      providers\n      clientGroups\n      persons\n      activeArrangements\n    }\n  }\n": typeof types.AdminDashboardDocument,
    "\n  mutation LoginStaff($email: String!, $password: String!) {\n    loginStaff(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.LoginStaffDocument,
    "\n  mutation LoginProvider($email: String!, $password: String!) {\n    loginProvider(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n": typeof types.LoginProviderDocument,
};
const documents: Documents = {
    "\n  mutation Logout {\n    logout\n  }\n": types.LogoutDocument,
    "\n  query FooterLinks {\n    links(placement: FOOTER) {\n      id\n      label\n      url\n    }\n  }\n": types.FooterLinksDocument,
    "\n  fragment ProductCard_product on Product {\n    id\n    title\n    slug\n    priceCents\n    provider {\n      id\n      name\n    }\n    category {\n      id\n      name\n    }\n  }\n": types.ProductCard_ProductFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      kind\n      displayName\n      email\n      roleName\n      permissions\n      provider {\n        id\n        name\n        slug\n      }\n    }\n  }\n": types.ViewerDocument,
    "\n  query Home {\n    categories {\n      id\n      name\n      productCount\n    }\n  }\n": types.HomeDocument,
    "\n  query MyProducts($first: Int, $after: String) {\n    myProducts(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n          status\n          priceCents\n          updatedAt\n          category {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.MyProductsDocument,
    "\n  query Catalogue($search: String, $categoryId: ID, $first: Int, $after: String) {\n    products(search: $search, categoryId: $categoryId, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.CatalogueDocument,
    "\n  query CatalogueCategories {\n    categories {\n      id\n      name\n    }\n  }\n": types.CatalogueCategoriesDocument,
    "\n  query Product($id: ID!) {\n    product(id: $id) {\n      id\n      title\n      slug\n      description\n      priceCents\n      category {\n        id\n        name\n      }\n      provider {\n        id\n        name\n        slug\n        city\n      }\n    }\n  }\n": types.ProductDocument,
    "\n  query PublicProvider($id: ID!, $first: Int, $after: String) {\n    publicProvider(id: $id) {\n      id\n      name\n      slug\n      city\n      description\n      website\n    }\n    products(providerId: $id, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.PublicProviderDocument,
    "\n  query AdminDashboard {\n    adminDashboard {\n      productsToReview\n      providersToApprove\n      approvedProducts\n      providers\n      clientGroups\n      persons\n      activeArrangements\n    }\n  }\n": types.AdminDashboardDocument,
    "\n  mutation LoginStaff($email: String!, $password: String!) {\n    loginStaff(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.LoginStaffDocument,
    "\n  mutation LoginProvider($email: String!, $password: String!) {\n    loginProvider(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n": types.LoginProviderDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout {\n    logout\n  }\n"): (typeof documents)["\n  mutation Logout {\n    logout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query FooterLinks {\n    links(placement: FOOTER) {\n      id\n      label\n      url\n    }\n  }\n"): (typeof documents)["\n  query FooterLinks {\n    links(placement: FOOTER) {\n      id\n      label\n      url\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ProductCard_product on Product {\n    id\n    title\n    slug\n    priceCents\n    provider {\n      id\n      name\n    }\n    category {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  fragment ProductCard_product on Product {\n    id\n    title\n    slug\n    priceCents\n    provider {\n      id\n      name\n    }\n    category {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      kind\n      displayName\n      email\n      roleName\n      permissions\n      provider {\n        id\n        name\n        slug\n      }\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      kind\n      displayName\n      email\n      roleName\n      permissions\n      provider {\n        id\n        name\n        slug\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Home {\n    categories {\n      id\n      name\n      productCount\n    }\n  }\n"): (typeof documents)["\n  query Home {\n    categories {\n      id\n      name\n      productCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyProducts($first: Int, $after: String) {\n    myProducts(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n          status\n          priceCents\n          updatedAt\n          category {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyProducts($first: Int, $after: String) {\n    myProducts(first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          title\n          status\n          priceCents\n          updatedAt\n          category {\n            id\n            name\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Catalogue($search: String, $categoryId: ID, $first: Int, $after: String) {\n    products(search: $search, categoryId: $categoryId, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query Catalogue($search: String, $categoryId: ID, $first: Int, $after: String) {\n    products(search: $search, categoryId: $categoryId, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CatalogueCategories {\n    categories {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query CatalogueCategories {\n    categories {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Product($id: ID!) {\n    product(id: $id) {\n      id\n      title\n      slug\n      description\n      priceCents\n      category {\n        id\n        name\n      }\n      provider {\n        id\n        name\n        slug\n        city\n      }\n    }\n  }\n"): (typeof documents)["\n  query Product($id: ID!) {\n    product(id: $id) {\n      id\n      title\n      slug\n      description\n      priceCents\n      category {\n        id\n        name\n      }\n      provider {\n        id\n        name\n        slug\n        city\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PublicProvider($id: ID!, $first: Int, $after: String) {\n    publicProvider(id: $id) {\n      id\n      name\n      slug\n      city\n      description\n      website\n    }\n    products(providerId: $id, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query PublicProvider($id: ID!, $first: Int, $after: String) {\n    publicProvider(id: $id) {\n      id\n      name\n      slug\n      city\n      description\n      website\n    }\n    products(providerId: $id, first: $first, after: $after) {\n      totalCount\n      edges {\n        cursor\n        node {\n          id\n          ...ProductCard_product\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminDashboard {\n    adminDashboard {\n      productsToReview\n      providersToApprove\n      approvedProducts\n      providers\n      clientGroups\n      persons\n      activeArrangements\n    }\n  }\n"): (typeof documents)["\n  query AdminDashboard {\n    adminDashboard {\n      productsToReview\n      providersToApprove\n      approvedProducts\n      providers\n      clientGroups\n      persons\n      activeArrangements\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoginStaff($email: String!, $password: String!) {\n    loginStaff(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LoginStaff($email: String!, $password: String!) {\n    loginStaff(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LoginProvider($email: String!, $password: String!) {\n    loginProvider(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LoginProvider($email: String!, $password: String!) {\n    loginProvider(email: $email, password: $password) {\n      viewer {\n        kind\n      }\n      errors {\n        field\n        code\n        message\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;