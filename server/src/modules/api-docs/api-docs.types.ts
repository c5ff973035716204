import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Permission } from '../../kernel/permissions.js';
import { ViewerKind } from '../identity/index.js';

export enum ApiOperationKind {
  QUERY = 'QUERY',
  MUTATION = 'MUTATION',
}
registerEnumType(ApiOperationKind, {
  name: 'ApiOperationKind',
  description: 'Whether an operation is a query (reads) or a mutation (changes something).',
  valuesConfig: {
    QUERY: { description: 'A field of the Query type: reads, changes nothing.' },
    MUTATION: { description: 'A field of the Mutation type: changes something; send it as a `mutation` operation.' },
  },
});

@ObjectType({ description: 'An argument of an operation, as the schema declares it.' })
export class ApiArgument {
  @Field(() => String, { description: 'The argument’s name.' })
  name!: string;

  @Field(() => String, {
    description: 'Its GraphQL type as written in SDL, e.g. `ID!` or `[String!]`; `!` means required.',
  })
  type!: string;

  @Field(() => String, { nullable: true, description: 'The default value as a GraphQL literal, when it has one.' })
  defaultValue!: string | null;

  @Field(() => String, { nullable: true, description: 'What the argument means (English).' })
  description!: string | null;
}

@ObjectType({ description: 'A field of the type an operation returns (one level deep).' })
export class ApiField {
  @Field(() => String, { description: 'The field’s name.' })
  name!: string;

  @Field(() => String, { description: 'Its GraphQL type as written in SDL, e.g. `Int!` or `[Order!]!`.' })
  type!: string;

  @Field(() => String, { nullable: true, description: 'What the field means (English).' })
  description!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Why the field is deprecated and what to use instead; null when it is not deprecated.',
  })
  deprecationReason!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The kind of personal data the field carries (its @personalData mark); every staff or API-client read of it is audited.',
  })
  personalData!: string | null;
}

@ObjectType({ description: 'One query or mutation of the API, documented from the schema itself.' })
export class ApiOperation {
  @Field(() => ApiOperationKind, { description: 'Query or mutation.' })
  kind!: ApiOperationKind;

  @Field(() => String, { description: 'The operation’s field name on Query or Mutation.' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'What it does (English).' })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'Why it is deprecated; null when it is not.' })
  deprecationReason!: string | null;

  @Field(() => [ApiArgument], { description: 'Its arguments, in the order the schema declares them.' })
  arguments!: ApiArgument[];

  @Field(() => String, { description: 'The return type as written in SDL, e.g. `OrderConnection!`.' })
  returnType!: string;

  @Field(() => String, { nullable: true, description: 'The description of the returned (named) type.' })
  returnTypeDescription!: string | null;

  @Field(() => [ApiField], {
    description: 'The fields of the returned type, one level deep; empty when it returns a scalar or an enum.',
  })
  returnFields!: ApiField[];

  @Field(() => [Permission], {
    description:
      'The permissions of which a staff member or API client needs at least one (from its @requires directive). ' +
      'Empty when no permission is asked.',
  })
  permissions!: Permission[];

  @Field(() => [ViewerKind], {
    description:
      'The kinds of caller it serves without a permission (from its @requires directive), e.g. CUSTOMER for a ' +
      'resident’s own data. Empty together with `permissions` means anyone may call it, also anonymously.',
  })
  audiences!: ViewerKind[];

  @Field(() => Boolean, { description: 'True when neither a permission nor an audience is required: open to anyone.' })
  public!: boolean;

  @Field(() => String, {
    description:
      'An example request: the operation with a variable per argument and a selection of the returned fields.',
  })
  exampleQuery!: string;

  @Field(() => String, {
    description: 'The example’s variables as JSON: a skeleton with a placeholder value of the right type per argument.',
  })
  exampleVariables!: string;
}

@ObjectType({ description: 'A permission an API client or staff member can hold, with its Dutch description.' })
export class ApiPermission {
  @Field(() => Permission, { description: 'The permission as the @requires directive names it.' })
  permission!: Permission;

  @Field(() => String, { description: 'What it allows, in Dutch (as the roles screen shows it).' })
  description!: string;

  @Field(() => String, { description: 'The group the roles screen shows it in (Dutch).' })
  group!: string;
}

@ObjectType({ description: 'One entry of the schema changelog: a breaking change to the API, when and why.' })
export class SchemaChange {
  @Field(() => String, { description: 'The day of the change, YYYY-MM-DD.' })
  date!: string;

  @Field(() => String, { description: 'What changed (English).' })
  change!: string;

  @Field(() => String, { description: 'Why it changed and what to use instead (English).' })
  reason!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The schema coordinate it concerns (`Type.field` or `Type.field.argument`), when it concerns one.',
  })
  path!: string | null;
}

@ObjectType({
  description:
    'An HTTP route outside GraphQL that partners’ API clients may call with their key (an export, an upload), with ' +
    'the same guard as a GraphQL field: the permission, the municipality scope, the rate limit and an audit row per call.',
})
export class ApiRestRoute {
  @Field(() => String, { description: 'The HTTP method: GET or POST.' })
  method!: string;

  @Field(() => String, {
    description: 'The path; `:name` stands for a path parameter, e.g. `/api/payouts/:batchId/export`.',
  })
  path!: string;

  @Field(() => String, { description: 'What it does (English).' })
  description!: string;

  @Field(() => [Permission], { description: 'The permissions of which the API client needs at least one.' })
  permissions!: Permission[];

  @Field(() => String, {
    nullable: true,
    description:
      'What the request sends: `multipart/form-data` (a file), `application/json` or ' +
      '`application/x-www-form-urlencoded`; null when it sends nothing.',
  })
  requestBody!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A header the request must carry with the value `1` (it changes something); null when none.',
  })
  requiredHeader!: string | null;

  @Field(() => String, { description: 'Which municipalities’ data it reads or changes (English).' })
  scope!: string;
}

@ObjectType({
  description:
    'The documentation of the API, generated at run time from the schema the server runs, so it is never out of date.',
})
export class ApiDocumentation {
  @Field(() => [ApiOperation], { description: 'Every query and then every mutation, each sorted by name.' })
  operations!: ApiOperation[];

  @Field(() => [ApiPermission], { description: 'Every permission, in the order the roles screen groups them.' })
  permissions!: ApiPermission[];

  @Field(() => String, {
    description: 'The whole schema in SDL, with its @requires and @personalData directives.',
  })
  sdl!: string;

  @Field(() => [SchemaChange], { description: 'The schema changelog, newest first.' })
  changelog!: SchemaChange[];

  @Field(() => [ApiRestRoute], {
    description:
      'The HTTP routes outside GraphQL that API clients may call (CSV exports and the like), generated from the ' +
      'same route declarations the server mounts.',
  })
  restRoutes!: ApiRestRoute[];
}
