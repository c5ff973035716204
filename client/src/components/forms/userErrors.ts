import { graphql } from '../../graphql/generated';

/**
 * The payload errors of every mutation, selected the same way everywhere:
 *
 *   errors {
 *     ...UserErrorFields @unmask
 *   }
 *
 * `@unmask` lets the screen read `field`, `code` and `message` directly (codegen's `apolloUnmask`); Apollo Client
 * removes it before the document is sent.
 */
export const UserErrorFields = graphql(`
  fragment UserErrorFields on UserError {
    field
    code
    message
  }
`);

/** A payload error as every mutation returns it: `message` is Dutch and ready to show. */
export interface FormError {
  field?: string | null;
  code: string;
  message: string;
}

/** The one message for a mutation that did not reach the server or got no answer. */
export const NETWORK_ERROR =
  'Het versturen is niet gelukt door een storing. Probeer het over een paar minuten opnieuw.';
