import { newPassword, PASSWORD_HINT, repeatProblem } from '@rules/password';
import { messageOf } from '@rules/rule';
import { TextField } from './TextField';

type Field = (name: 'newPassword' | 'repeat') => { id: string; name: string; error: string | null };

/**
 * A new password and its repetition (the form's fields `newPassword` and `repeat`): the shared password rule's hint,
 * and the browser asked to suggest a strong one.
 */
export function NewPasswordFields({ field }: { field: Field }) {
  return (
    <>
      <TextField
        label="Nieuw wachtwoord"
        hint={PASSWORD_HINT}
        type="password"
        autoComplete="new-password"
        required
        {...field('newPassword')}
      />
      <TextField
        label="Herhaal het nieuwe wachtwoord"
        type="password"
        autoComplete="new-password"
        required
        {...field('repeat')}
      />
    </>
  );
}

/** The instant check of those two fields with the server's password rule: the repetition only once the password is good. */
export function checkNewPassword(values: { newPassword: string; repeat: string }) {
  const problem = messageOf(newPassword, values.newPassword);
  return { newPassword: problem, repeat: problem ? null : repeatProblem(values.newPassword, values.repeat) };
}
