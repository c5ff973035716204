import type { ComponentProps } from 'react';
import { TextField } from '../forms/TextField';
import { centsToEuroInput } from './euros';

/**
 * An amount typed in euros ("12,50"): a decimal keyboard, and the starting value from `cents`. The form converts
 * what is typed with `parseEuros` (and checks it with a cents rule through `centsOrText`).
 */
export function EuroField({ cents, ...props }: ComponentProps<typeof TextField> & { cents?: number | null }) {
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      defaultValue={cents != null ? centsToEuroInput(cents) : props.value === undefined ? '' : undefined}
      {...props}
    />
  );
}
