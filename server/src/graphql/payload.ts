import { Field, ObjectType, type ClassType } from 'type-graphql';
import type { GraphQLScalarType } from 'graphql';
import { UserError } from '../kernel/errors.js';
import type { Outcome, Result } from '../kernel/result.js';

let bases = 0;

type PayloadClass<T, K extends string> = {
  new (): { errors: UserError[] } & { [P in K]: T | null };
  /** The one mapping of a service's Result onto a payload: the value on `<field>` and no errors, or null and the errors. */
  from(result: Result<T | null>): { errors: UserError[] } & { [P in K]: T | null };
};

/**
 * The base class of every mutation payload: `{ <field>: Node | null, errors: [UserError!]! }`.
 *
 *   @ObjectType({ description: 'The result of a category mutation.' })
 *   export class CategoryPayload extends Payload(Category, 'category') {}
 *   …
 *   return CategoryPayload.from(await this.categories.create(ctx, input));
 *
 * `node` is an object type or a scalar (`Payload<string, 'deletedId'>(ID, 'deletedId')`).
 */
export function Payload<T extends object, K extends string>(
  node: ClassType<T>,
  field: K,
  description?: string,
): PayloadClass<T, K>;
export function Payload<T, K extends string>(
  node: GraphQLScalarType,
  field: K,
  description?: string,
): PayloadClass<T, K>;
export function Payload<T, K extends string>(
  node: ClassType<object> | GraphQLScalarType,
  field: K,
  description?: string,
): PayloadClass<T, K> {
  // Registered so the subclass inherits the fields; under an internal name, never printed (the schema only holds
  // types something refers to, and only the subclass is referred to).
  @ObjectType(`PayloadBase_${field}_${++bases}`)
  class PayloadBase {
    errors!: UserError[];

    static from(this: new () => PayloadBase, result: Result<T | null>) {
      const payload = new this() as PayloadBase & Record<string, unknown>;
      payload[field] = result.ok ? result.value : null;
      payload.errors = result.ok ? [] : [...result.errors];
      return payload;
    }
  }
  // The node first, then the errors: the order the schema prints them in.
  Field(() => node, {
    nullable: true,
    description: description ?? `The ${field} after the change; null when it did not work (then \`errors\` says why).`,
  })(PayloadBase.prototype, field);
  Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })(
    PayloadBase.prototype,
    'errors',
  );
  return PayloadBase as unknown as PayloadClass<T, K>;
}

type FlagPayloadClass<K extends string> = {
  new (): { errors: UserError[] } & { [P in K]: boolean };
  /** The one mapping of a service's Result onto a flag payload: `<field>` true and no errors, or false and the errors. */
  from(result: Outcome): { errors: UserError[] } & { [P in K]: boolean };
};

/**
 * The base class of a payload that only says whether it worked: `{ <field>: Boolean!, errors: [UserError!]! }`.
 *
 *   @ObjectType({ description: 'The result of setting a new password.' })
 *   export class ResetPasswordPayload extends FlagPayload('passwordChanged', 'True when the password was changed.') {}
 *   …
 *   return ResetPasswordPayload.from(await this.recovery.resetPassword(…));
 */
export function FlagPayload<K extends string>(field: K, description: string): FlagPayloadClass<K> {
  // Registered under an internal name that is never printed, as in Payload().
  @ObjectType(`FlagPayloadBase_${field}_${++bases}`)
  class FlagPayloadBase {
    errors!: UserError[];

    static from(this: new () => FlagPayloadBase, result: Outcome) {
      const payload = new this() as FlagPayloadBase & Record<string, unknown>;
      payload[field] = result.ok;
      payload.errors = result.ok ? [] : [...result.errors];
      return payload;
    }
  }
  // The flag first, then the errors: the order the schema prints them in.
  Field(() => Boolean, { description })(FlagPayloadBase.prototype, field);
  Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })(
    FlagPayloadBase.prototype,
    'errors',
  );
  return FlagPayloadBase as unknown as FlagPayloadClass<K>;
}
