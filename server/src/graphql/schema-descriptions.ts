import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
  isIntrospectionType,
  type GraphQLSchema,
  type GraphQLNamedType,
} from 'graphql';

/**
 * Issue 13: every type, field, argument, input field and enum value of the API carries an English description for
 * partner developers. This lists what lacks one, as schema coordinates (https://spec.graphql.org/draft/#sec-Schema-Coordinates):
 *
 *   Type              a type without a description
 *   Type.field        a field or input field
 *   Type.field(arg:)  an argument
 *   Enum.VALUE        an enum value
 *
 * Introspection types and the built-in scalars are left out (the GraphQL spec describes them).
 */
export function descriptionGaps(schema: GraphQLSchema): string[] {
  const gaps: string[] = [];
  const missing = (description: string | null | undefined) => !description?.trim();
  for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (missing(type.description)) gaps.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (missing(field.description)) gaps.push(`${type.name}.${field.name}`);
        for (const arg of field.args) {
          if (missing(arg.description)) gaps.push(`${type.name}.${field.name}(${arg.name}:)`);
        }
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (missing(field.description)) gaps.push(`${type.name}.${field.name}`);
      }
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (missing(value.description)) gaps.push(`${type.name}.${value.name}`);
      }
    }
  }
  for (const directive of schema.getDirectives()) {
    if (['include', 'skip', 'deprecated', 'specifiedBy', 'oneOf'].includes(directive.name)) continue;
    if (missing(directive.description)) gaps.push(`@${directive.name}`);
    for (const arg of directive.args) {
      if (missing(arg.description)) gaps.push(`@${directive.name}(${arg.name}:)`);
    }
  }
  return gaps.sort();
}

/** How many of the schema's types and fields are described: for the report and the test's output. */
export function descriptionCoverage(schema: GraphQLSchema): {
  types: number;
  typesDescribed: number;
  fields: number;
  fieldsDescribed: number;
} {
  let types = 0;
  let typesDescribed = 0;
  let fields = 0;
  let fieldsDescribed = 0;
  for (const type of Object.values(schema.getTypeMap()) as GraphQLNamedType[]) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    types++;
    if (type.description?.trim()) typesDescribed++;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        fields++;
        if (field.description?.trim()) fieldsDescribed++;
      }
    }
  }
  return { types, typesDescribed, fields, fieldsDescribed };
}
