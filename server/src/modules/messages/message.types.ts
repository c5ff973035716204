import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../kernel/errors.js';
import { Connection } from '../../graphql/pagination.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

@ObjectType('Message', { description: 'A message in the customer’s personal inbox (melding).' })
export class MessageView {
  @Field(() => ID, { description: 'The message’s id.' })
  id!: string;

  @Field(() => String, { description: 'The title (Dutch).' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  title!: string;

  @Field(() => String, { description: 'Plain text (Dutch); paragraphs separated by a blank line.' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  body!: string;

  @Field(() => ID, { nullable: true, description: 'The order this message is about, if any.' })
  orderId!: string | null;

  @Field(() => Boolean, { description: 'Whether someone in the household has opened it.' })
  read!: boolean;

  @Field(() => Date, { description: 'When it was read; null while unread.', nullable: true })
  readAt!: Date | null;

  @Field(() => Date, { description: 'When it was sent.' })
  createdAt!: Date;
}

@ObjectType({ description: 'A page of the personal inbox, newest first.' })
export class MessageConnection extends Connection(MessageView, 'Message') {}

@ObjectType({ description: 'The result of a change to a message.' })
export class MessagePayload {
  @Field(() => MessageView, { description: 'The message after the change; null when it did not work.', nullable: true })
  message!: MessageView | null;

  @Field(() => Int, { description: 'Unread messages left in the inbox after this change.' })
  unreadCount!: number;

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];
}

@ObjectType({ description: 'The result of marking all own messages as read.' })
export class MarkAllMessagesReadPayload {
  @Field(() => Int, { description: 'How many messages were marked as read.' })
  markedCount!: number;

  @Field(() => Int, { description: 'Unread messages left in the inbox (0 unless new ones arrived meanwhile).' })
  unreadCount!: number;

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
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
