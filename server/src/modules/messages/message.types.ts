import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors.js';
import { Connection } from '../../graphql/pagination.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

@ObjectType('Message', { description: 'A message in the customer’s personal inbox (melding).' })
export class MessageView {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  @PersonalData(PersonalDataKind.FREE_TEXT)
  title!: string;

  @Field(() => String, { description: 'Plain text (Dutch); paragraphs separated by a blank line.' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  body!: string;

  @Field(() => ID, { nullable: true, description: 'The order this message is about, if any.' })
  orderId!: string | null;

  @Field(() => Boolean, { description: 'Whether someone in the household has opened it.' })
  read!: boolean;

  @Field(() => Date, { nullable: true })
  readAt!: Date | null;

  @Field(() => Date)
  createdAt!: Date;
}

@ObjectType({ description: 'A page of the personal inbox, newest first.' })
export class MessageConnection extends Connection(MessageView, 'Message') {}

@ObjectType()
export class MessagePayload {
  @Field(() => MessageView, { nullable: true })
  message!: MessageView | null;

  @Field(() => Int, { description: 'Unread messages left in the inbox after this change.' })
  unreadCount!: number;

  @Field(() => [UserError])
  errors!: UserError[];
}

@ObjectType()
export class MarkAllMessagesReadPayload {
  @Field(() => Int, { description: 'How many messages were marked as read.' })
  markedCount!: number;

  @Field(() => Int, { description: 'Unread messages left in the inbox (0 unless new ones arrived meanwhile).' })
  unreadCount!: number;

  @Field(() => [UserError])
  errors!: UserError[];
}

@InputType({ description: 'Which messages of the inbox `myMessages` gives. Every field is optional.' })
export class MessageFilter {
  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only messages nobody in the household has opened yet; false: only opened ones.',
  })
  unread?: boolean | null;
}
