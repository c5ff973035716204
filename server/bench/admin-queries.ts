/**
 * The staff lists' GraphQL queries as the admin screens send them, for the benchmarks that page them (admin.ts measures
 * each list at scale, soak.ts pages them among the busy month's mix).
 */
export const ORDERS_Q = `query AdminOrders($filter: AdminOrderFilter, $first: Int, $after: String) {
  adminOrders(filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped edges { cursor node { id number status createdAt totalCents providerId providerName } }
    pageInfo { hasNextPage endCursor } } }`;

export const GROUPS_Q = `query AdminClientGroups($filter: ClientGroupFilter, $first: Int, $after: String) {
  clientGroups(filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { hasNextPage endCursor }
    edges { cursor node { id clientNumber name municipality { id name } members { id externalIdentifier fullName } } } } }`;
