import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Permission } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/index.js';
import { Provider } from '../providers/index.js';
import { Payload } from '../../graphql/payload.js';
import { OperatorAct } from '../operators/index.js';

export enum ViewerKind {
  ANONYMOUS = 'ANONYMOUS',
  CUSTOMER = 'CUSTOMER',
  PROVIDER = 'PROVIDER',
  STAFF = 'STAFF',
  API_CLIENT = 'API_CLIENT',
}
registerEnumType(ViewerKind, {
  valuesConfig: {
    ANONYMOUS: { description: 'Not logged in.' },
    API_CLIENT: { description: 'An API client (partner system) with a key.' },
    CUSTOMER: { description: 'A resident logged in with DigiD.' },
    PROVIDER: { description: 'A user of a provider organisation.' },
    STAFF: { description: 'A staff member of a municipality.' },
  },
  name: 'ViewerKind',
  description: 'What kind of caller is logged in.',
});

@ObjectType({ description: 'Who is logged in and what they may do. Anonymous callers get kind ANONYMOUS.' })
export class ViewerInfo {
  @Field(() => ViewerKind, { description: 'What kind of caller this is.' })
  kind!: ViewerKind;

  @Field(() => String, {
    description: 'The caller’s name; null for anonymous callers and API clients without one.',
    nullable: true,
  })
  displayName!: string | null;

  @Field(() => String, { description: 'The caller’s e-mail address; null when none.', nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true, description: 'Staff only: the name of their role.' })
  roleName!: string | null;

  @Field(() => [Permission], { description: 'Staff and API clients: what they may do. Empty for everyone else.' })
  permissions!: Permission[];

  @Field(() => [Municipality], { description: 'Staff: the municipalities in scope. Customers: their own.' })
  municipalities!: Municipality[];

  @Field(() => Provider, { nullable: true, description: 'Provider users: their organisation.' })
  provider!: Provider | null;

  @Field(() => OperatorAct, {
    nullable: true,
    description:
      'Set when an operator of Lightbase acts in this municipality’s admin area (the admin layout shows a banner).',
  })
  operatorAct?: OperatorAct | null;
}

export enum StaffLoginStep {
  TWO_FACTOR = 'TWO_FACTOR',
  TWO_FACTOR_SETUP = 'TWO_FACTOR_SETUP',
}
registerEnumType(StaffLoginStep, {
  name: 'StaffLoginStep',
  description: 'What a staff log-in still needs after the password.',
  valuesConfig: {
    TWO_FACTOR: { description: 'The code from the authenticator app, or a recovery code (completeStaffLogin).' },
    TWO_FACTOR_SETUP: {
      description: 'Two-factor log-in is required and not set up yet (startTwoFactorSetup, confirmTwoFactorSetup).',
    },
  },
});

@ObjectType({ description: 'The result of a log-in attempt.' })
export class LoginPayload extends Payload(ViewerInfo, 'viewer') {
  @Field(() => StaffLoginStep, {
    nullable: true,
    description:
      'Staff: the password was right, but the log-in needs this step first (viewer is ANONYMOUS until then).',
  })
  nextStep?: StaffLoginStep | null;
}
