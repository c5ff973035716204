import type { FormError } from './userErrors';

/**
 * Splits a mutation's payload errors into messages per known field and general messages
 * (an error about an unknown field is shown as a general one, so nothing is ever lost).
 */
export function splitErrors<F extends string>(
  errors: readonly FormError[],
  fields: readonly F[],
): { fieldErrors: Partial<Record<F, string>>; general: string[] } {
  const fieldErrors: Partial<Record<F, string>> = {};
  const general: string[] = [];
  for (const error of errors) {
    const field = error.field as F | null | undefined;
    if (field && fields.includes(field)) fieldErrors[field] ??= error.message;
    else general.push(error.message);
  }
  return { fieldErrors, general };
}

/** Focuses the input of the first field (in form order) that has an error. */
export function focusFirstError<F extends string>(
  order: readonly F[],
  errors: Partial<Record<F, string>>,
  idOf: (field: F) => string,
) {
  const first = order.find((f) => errors[f]);
  if (first) document.getElementById(idOf(first))?.focus();
}

export { NETWORK_ERROR } from './userErrors';
