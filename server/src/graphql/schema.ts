import 'reflect-metadata';
import { buildSchema } from 'type-graphql';
import { GraphQLEnumType, GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { authChecker, requiresDirective } from './auth/requires.js';
import { auditPersonalDataReads, personalDataDirective, personalDataKindEnum } from './personal-data.js';
import { IdentityResolver } from '../modules/identity/identity.resolver.js';
import { StaffAccountFieldsResolver, StaffAccountResolver } from '../modules/identity/staff-account.resolver.js';
import { ProductResolver } from '../modules/catalogue/catalogue.resolver.js';
import { ProviderResolver } from '../modules/providers/provider.resolver.js';
import { ContentResolver, NewsResolver } from '../modules/content/content.resolver.js';
import { DashboardResolver } from '../modules/dashboard/dashboard.resolver.js';
import { ProductImageResolver } from '../modules/catalogue/catalogue.resolver.js';
import {
  ProductApprovalResolver,
  ProductReviewResolver,
  ProviderProductResolver,
} from '../modules/catalogue/product.resolver.js';
import { CategoryResolver } from '../modules/catalogue/category.resolver.js';
import { AccountRecoveryResolver } from '../modules/identity/account-recovery.resolver.js';
import { RegistrationResolver } from '../modules/providers/registration.resolver.js';
import { ProviderProfileResolver } from '../modules/providers/provider-profile.resolver.js';
import {
  ProviderPresenceResolver,
  ProviderProfilePresenceResolver,
} from '../modules/providers/provider-presence.resolver.js';
import { MembershipResolver, MunicipalityMembershipResolver } from '../modules/providers/membership.resolver.js';
import { AssignmentResolver } from '../modules/arrangements/assignment.resolver.js';
import { OrdersResolver } from '../modules/orders/orders.resolver.js';
import { CartResolver } from '../modules/orders/cart.resolver.js';
import { PaymentResolver } from '../modules/payments/payment.resolver.js';
import { PaymentAdminResolver } from '../modules/payments/payment-admin.resolver.js';
import { OrderActionsResolver } from '../modules/orders/order-actions.resolver.js';
import { ProviderOrdersResolver } from '../modules/orders/provider-orders.resolver.js';
import { OrderAdminResolver } from '../modules/orders/order-admin.resolver.js';
import { OrderFieldsResolver } from '../modules/orders/order-fields.resolver.js';
import { CustomersResolver } from '../modules/customers/customers.resolver.js';
import { ArrangementResolver } from '../modules/arrangements/arrangement.resolver.js';
import { YearEndResolver } from '../modules/arrangements/year-end.resolver.js';
import { MessageResolver } from '../modules/messages/message.resolver.js';
import { MassMessageResolver } from '../modules/messages/mass-message.resolver.js';
import { AnnouncementResolver } from '../modules/announcements/announcement.resolver.js';
import { SettingsResolver } from '../modules/settings/settings.resolver.js';
import { DigidSettingsResolver } from '../modules/digid/digid.resolver.js';
import { OnBehalfOrderResolver } from '../modules/orders/on-behalf.resolver.js';
import { CommunicationResolver } from '../modules/communication/communication.resolver.js';
import { ContentPageResolver } from '../modules/content/content-page.resolver.js';
import { TermsResolver } from '../modules/terms/terms.resolver.js';
import { JournalResolver } from '../modules/journal/journal.resolver.js';
import { PayoutLineResolver, PayoutResolver, ProviderPayoutResolver } from '../modules/payouts/payout.resolver.js';
import { RoleResolver } from '../modules/roles/role.resolver.js';
import { MaintenanceResolver } from '../modules/settings/maintenance.resolver.js';
import { ImportResolver } from '../modules/import/import.resolver.js';
import { AuditLogResolver } from '../modules/audit/audit-log.resolver.js';
import { ApiClientResolver } from '../modules/api-clients/api-client.resolver.js';
import { ApiDocumentationResolver } from '../modules/api-docs/api-docs.resolver.js';

import { OperatorResolver } from '../modules/operators/operator.resolver.js';

export const resolvers = [
  OrdersResolver,
  ImportResolver,
  AuditLogResolver,
  CartResolver,
  PaymentResolver,
  PaymentAdminResolver,
  OrderActionsResolver,
  ProviderOrdersResolver,
  OrderAdminResolver,
  OrderFieldsResolver,
  MessageResolver,
  MassMessageResolver,
  AnnouncementResolver,
  AssignmentResolver,
  CustomersResolver,
  ArrangementResolver,
  IdentityResolver,
  ProductResolver,
  CategoryResolver,
  ProviderResolver,
  ContentResolver,
  ContentPageResolver,
  TermsResolver,
  NewsResolver,
  DashboardResolver,
  ProductImageResolver,
  ProviderProductResolver,
  ProductReviewResolver,
  ProductApprovalResolver,
  AccountRecoveryResolver,
  RegistrationResolver,
  ProviderProfileResolver,
  ProviderPresenceResolver,
  ProviderProfilePresenceResolver,
  MembershipResolver,
  MunicipalityMembershipResolver,
  SettingsResolver,
  DigidSettingsResolver,
  OnBehalfOrderResolver,
  CommunicationResolver,
  JournalResolver,
  YearEndResolver,
  PayoutResolver,
  PayoutLineResolver,
  ProviderPayoutResolver,
  RoleResolver,
  MaintenanceResolver,
  StaffAccountResolver,
  StaffAccountFieldsResolver,
  ApiClientResolver,
  ApiDocumentationResolver,
  OperatorResolver,
] as const;

let cached: Promise<GraphQLSchema> | undefined;

/**
 * The one schema: built from the resolvers, with the `@requires` directive declared using its own enums, and the
 * `@personalData` directive whose marked fields are audited on every staff or API-client read (personal-data.ts).
 */
export function createSchema(): Promise<GraphQLSchema> {
  cached ??= (async () => {
    const built = await buildSchema({
      resolvers: [...resolvers],
      authChecker,
      authMode: 'error',
      validate: false,
      emitSchemaFile: false,
      orphanedTypes: [],
    });
    // The root types' descriptions (type-graphql builds them without one).
    const queryType = built.getQueryType();
    if (queryType) {
      queryType.description =
        'Everything the API reads. Who may read a field is in its @requires directive; lists are connections with keyset paging.';
    }
    const mutationType = built.getMutationType();
    if (mutationType) {
      mutationType.description =
        'Everything the API changes. A mutation returns a payload whose `errors` lists what is wrong with the input (codes, ' +
        'with messages in Dutch); a caller without the right to call it gets a GraphQL error (UNAUTHENTICATED or FORBIDDEN).';
    }
    // The directive's arguments use the schema's own enums: ViewerKind (the audiences) and Permission.
    const config = built.toConfig();
    const audienceEnum = built.getType('ViewerKind') as GraphQLEnumType | undefined;
    const permissionEnum = built.getType('Permission') as GraphQLEnumType | undefined;
    if (!audienceEnum || !permissionEnum) throw new Error('ViewerKind and Permission enums must be in the schema');
    const kindEnum = personalDataKindEnum();
    const schema = new GraphQLSchema({
      ...config,
      types: [...config.types, kindEnum],
      directives: [
        ...config.directives,
        requiresDirective(audienceEnum, permissionEnum),
        personalDataDirective(kindEnum),
      ],
    });
    return auditPersonalDataReads(schema);
  })();
  return cached;
}

/** The schema as committed in schema/schema.graphql: sorted, with the permission directives. */
export async function printSchemaFile(): Promise<string> {
  const schema = lexicographicSortSchema(await createSchema());
  return printSchemaWithDirectives(schema) + '\n';
}
