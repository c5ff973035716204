import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorSummary, type SummaryItem } from './ErrorSummary';
import { NETWORK_ERROR, type FormError } from './userErrors';

type Values<F extends string> = Record<F, string>;

export interface MutationFormOptions<F extends string, P extends { errors: readonly FormError[] }> {
  /** The form's fields in form order; payload errors about them show at the field (and link from the summary). */
  fields: readonly F[];
  /** Prefix of the field ids, unique on the page: the field `name` gets the id `${id}-name`. */
  id: string;
  /**
   * Instant checks before anything is sent, with the server's own rules (`@rules/…`, never a copy of their numbers):
   * a message per field, null or absent when fine. May answer later (rules that load on first use, `lazyRuleCheck`).
   */
  check?: (
    values: Values<F>,
    data: FormData,
  ) => Partial<Record<F, string | null>> | Promise<Partial<Record<F, string | null>>>;
  /**
   * Sends the mutation with what the form holds (each field's text, and the FormData for anything else) and returns
   * its payload. Converting input is the screen's job here (euros → cents, dates); rules are the server's.
   */
  mutate: (values: Values<F>, data: FormData) => Promise<P | null | undefined>;
  /**
   * The payload had no errors: navigate with a notice (`withNotice`), or show one in place (`useShowNotice`). The
   * FormData is what was sent (with the name and value of the button that sent it).
   */
  onSuccess?: (payload: P, data: FormData) => void | Promise<void>;
  /** The error summary's title when it is not about fields ("Uw bestelling is niet geplaatst"); default none. */
  summaryTitle?: string;
}

export interface MutationForm<F extends string> {
  /** True while the mutation runs: the submit button is disabled and a second submit is ignored. */
  busy: boolean;
  /** Messages per field: the instant check's or the server's. */
  errors: Partial<Record<F, string>>;
  /** Props for the <form>: `<form className="gw-form" {...form.props}>`. */
  props: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: true; 'aria-describedby'?: string };
  /** Props for a field component: `<TextField label="Naam" {...form.field('name')} />` (id, name, error). */
  field: (name: F) => { id: string; name: F; error: string | null };
  /** The error summary (nothing when all is well); put it first in the form. */
  summary: ReactNode;
  /** Sends without a form event (a button outside a form, a confirmation step), with the same handling. */
  submit: (data?: FormData) => Promise<void>;
}

/**
 * One mutation form: instant checks with the shared rules, the mutation, its payload errors on their fields and in an
 * error summary with links to the fields, the focus moved to that summary, no double submits, the one network-error
 * message, and a success callback. Every form of the application goes through it (docs "Adding a screen").
 */
export function useMutationForm<F extends string, P extends { errors: readonly FormError[] }>(
  options: MutationFormOptions<F, P>,
): MutationForm<F> {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const running = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  latest.current = options;
  const idOf = useCallback((field: F) => `${options.id}-${field}`, [options.id]);

  // After a failed attempt the focus goes to the summary, which is read out and links to each field.
  useEffect(() => {
    if (attempt > 0) summaryRef.current?.focus();
  }, [attempt]);

  const fail = useCallback((fieldErrors: Partial<Record<F, string>>, messages: string[]) => {
    setErrors(fieldErrors);
    setGeneral(messages);
    setAttempt((n) => n + 1);
  }, []);

  const submit = useCallback(
    async (data: FormData = new FormData()) => {
      if (running.current) return;
      const { fields, check, mutate, onSuccess } = latest.current;
      const values = Object.fromEntries(fields.map((f) => [f, String(data.get(f) ?? '')])) as Values<F>;
      running.current = true;
      try {
        let instant: Partial<Record<F, string | null>>;
        try {
          const checked = check?.(values, data) ?? {};
          // A check that answers at once keeps the form's answer synchronous, as before.
          instant = checked instanceof Promise ? await checked : checked;
        } catch {
          // Rules that load on first use could not be loaded: as any other network failure.
          return fail({}, [NETWORK_ERROR]);
        }
        const instantErrors = Object.fromEntries(Object.entries(instant).filter(([, m]) => m)) as Partial<
          Record<F, string>
        >;
        if (Object.keys(instantErrors).length) return fail(instantErrors, []);
        setBusy(true);
        const payload = await mutate(values, data);
        if (!payload) return fail({}, [NETWORK_ERROR]);
        if (payload.errors.length === 0) {
          setErrors({});
          setGeneral([]);
          await onSuccess?.(payload, data);
          return;
        }
        const fieldErrors: Partial<Record<F, string>> = {};
        const messages: string[] = [];
        for (const e of payload.errors) {
          const field = e.field as F | null | undefined;
          if (field && fields.includes(field)) fieldErrors[field] ??= e.message;
          else messages.push(e.message);
        }
        fail(fieldErrors, messages);
      } catch {
        fail({}, [NETWORK_ERROR]);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [fail],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const data = new FormData(event.currentTarget);
      // The button that sent the form, when there are several ("Opslaan" and "Opslaan en indienen"): its name and value.
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      if (submitter instanceof HTMLButtonElement && submitter.name) data.set(submitter.name, submitter.value);
      void submit(data);
    },
    [submit],
  );

  const fields = options.fields;
  const items: SummaryItem[] = [
    ...general.map((message) => ({ fieldId: null, message })),
    ...fields.filter((f) => errors[f]).map((f) => ({ fieldId: idOf(f), message: errors[f]! })),
  ];
  const summaryId = `${options.id}-fouten`;
  return {
    busy,
    errors,
    props: { onSubmit, noValidate: true, 'aria-describedby': items.length ? summaryId : undefined },
    field: (name: F) => ({ id: idOf(name), name, error: errors[name] ?? null }),
    summary: items.length ? (
      <ErrorSummary ref={summaryRef} id={summaryId} items={items} title={options.summaryTitle} />
    ) : null,
    submit,
  };
}
