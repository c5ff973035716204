import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Role } from '../roles/index.js';
import { Municipality } from '../municipalities/index.js';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { UserError as UserErrorRef } from '../../kernel/errors.js';

export enum StaffAccountStatus {
  /** Invited; no password chosen yet. */
  INVITED = 'INVITED',
  ACTIVE = 'ACTIVE',
  DEACTIVATED = 'DEACTIVATED',
}
registerEnumType(StaffAccountStatus, {
  name: 'StaffAccountStatus',
  description: 'Where a staff account stands.',
  valuesConfig: {
    INVITED: { description: 'Invited; the colleague has not chosen a password yet.' },
    ACTIVE: { description: 'Can log in.' },
    DEACTIVATED: { description: 'Cannot log in; its sessions ended when it was deactivated.' },
  },
});

@ObjectType({ description: 'A staff account of the admin area (beheer/accounts).' })
export class StaffAccount {
  @Field(() => ID, { description: 'The account’s id.' }) id!: string;
  @Field(() => String, { description: 'The name.' }) name!: string;
  @Field(() => String, { description: 'The e-mail address.' }) email!: string;
  @Field(() => Role, { description: 'The role.' }) role!: Role;
  @Field(() => Boolean, { description: 'True: every municipality (also ones added later).' })
  allMunicipalities!: boolean;
  @Field(() => [Municipality], { description: 'The municipalities in scope when not allMunicipalities.' })
  municipalities!: Municipality[];
  @Field(() => StaffAccountStatus, { description: 'Whether the account is invited, active or deactivated.' })
  status!: StaffAccountStatus;
  @Field(() => Date, { description: 'When they last logged in; null: never.', nullable: true })
  lastLoginAt!: Date | null;
  @Field(() => Date, { description: 'When the account was created.' }) createdAt!: Date;
  @Field(() => Boolean, { description: 'Whether two-factor log-in is on.' }) twoFactorEnabled!: boolean;
  @Field(() => Boolean, { description: 'The viewer’s own account (which they cannot deactivate or demote).' })
  isViewer!: boolean;
  @Field(() => Boolean, {
    description: 'Whether the viewer may change this account: it holds no permission or municipality the viewer lacks.',
  })
  manageable!: boolean;
}

@ObjectType({
  description: 'A page of staff accounts (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class StaffAccountConnection extends Connection(StaffAccount, 'StaffAccount') {}

@InputType({ description: 'Which staff accounts `staffAccounts` gives. Every field is optional.' })
export class StaffAccountFilter {
  @Field(() => String, { nullable: true, description: 'Part of the name or e-mail address.' })
  search?: string | null;

  @Field(() => ID, { description: 'Only accounts with this role.', nullable: true })
  roleId?: string | null;

  @Field(() => StaffAccountStatus, { description: 'Only accounts in this status.', nullable: true })
  status?: StaffAccountStatus | null;
}

@InputType({ description: 'A colleague to invite: they choose a password through the link mailed to them.' })
export class InviteStaffAccountInput {
  @Field(() => String, { description: 'Their name.' }) name!: string;
  @Field(() => String, { description: 'Their e-mail address: the invitation link goes there.' }) email!: string;
  @Field(() => ID, { description: 'The id of their role.' }) roleId!: string;
  @Field(() => Boolean, {
    description: 'True: every municipality, also ones added later; then municipalityIds is ignored.',
  })
  allMunicipalities!: boolean;
  @Field(() => [ID], { description: 'The municipalities they work for.', defaultValue: [] }) municipalityIds!: string[];
}

@InputType({ description: 'Changes to a colleague’s account.' })
export class UpdateStaffAccountInput {
  @Field(() => ID, { description: 'The id of the account.' }) id!: string;
  @Field(() => String, { description: 'Their name.' }) name!: string;
  @Field(() => ID, { description: 'The id of their role.' }) roleId!: string;
  @Field(() => Boolean, {
    description: 'True: every municipality, also ones added later; then municipalityIds is ignored.',
  })
  allMunicipalities!: boolean;
  @Field(() => [ID], { description: 'The municipalities they work for.', defaultValue: [] }) municipalityIds!: string[];
}

@ObjectType({ description: 'The result of a staff account change.' })
export class StaffAccountPayload extends Payload(StaffAccount, 'account') {}

@ObjectType({ description: 'A session of the own account (admin/account).' })
export class StaffSession {
  @Field(() => ID, { description: 'The session’s id.' }) id!: string;
  @Field(() => Date, { description: 'When the session started (log-in).' }) createdAt!: Date;
  @Field(() => Date, { description: 'When the session was last used.' }) lastSeenAt!: Date;
  @Field(() => String, { nullable: true, description: 'The browser, as it named itself.' }) userAgent!: string | null;
  @Field(() => Boolean, { description: 'This browser.' }) current!: boolean;
}

@ObjectType({ description: 'The own staff account (admin/account).' })
export class OwnStaffAccount {
  @Field(() => ID, { description: 'The own account’s id.' }) id!: string;
  @Field(() => String, { description: 'The own display name.' }) name!: string;
  @Field(() => String, { description: 'The own e-mail address.' }) email!: string;
  @Field(() => String, { description: 'The own role’s name.' }) roleName!: string;
  @Field(() => Boolean, { description: 'Whether two-factor log-in is on.' }) twoFactorEnabled!: boolean;
  @Field(() => Boolean, { description: 'The settings require two-factor log-in for every staff member.' })
  twoFactorRequired!: boolean;
  @Field(() => Int, { description: 'Recovery codes not used yet.' }) unusedRecoveryCodes!: number;
  @Field(() => [StaffSession], { description: 'The own sessions (devices logged in).' }) sessions!: StaffSession[];
}

@ObjectType({ description: 'A two-factor set-up in progress: scan the QR code or type the secret into the app.' })
export class TwoFactorSetup {
  @Field(() => String, { description: 'The secret as text (base32).' }) secret!: string;
  @Field(() => String, { description: 'The otpauth:// URI the QR code holds.' }) uri!: string;
  @Field(() => String, { description: 'The QR code as an SVG document.' }) qrSvg!: string;
}

@ObjectType({ description: 'The result of starting two-factor set-up: the secret and QR code for the app.' })
export class TwoFactorSetupPayload extends Payload(TwoFactorSetup, 'setup') {}

@ObjectType({ description: 'Recovery codes, shown this once: only their hashes are kept.' })
export class RecoveryCodesPayload {
  @Field(() => [String], {
    description: 'The new recovery codes, shown once; null when it did not work.',
    nullable: true,
  })
  recoveryCodes!: string[] | null;
  @Field(() => Boolean, { description: 'True when this also completed a log-in (the required set-up).' })
  loggedIn!: boolean;
  @Field(() => [UserErrorRef], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserErrorRef[];
}

@ObjectType({ description: 'The result of a change to the own staff account.' })
export class OwnStaffAccountPayload extends Payload(OwnStaffAccount, 'account') {}

@ObjectType({ description: 'The result of a change that has nothing to return.' })
export class DonePayload {
  @Field(() => Boolean, { description: 'True when it worked.' }) done!: boolean;
  @Field(() => [UserErrorRef], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserErrorRef[];
}
