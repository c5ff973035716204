import { checkAll, type Raw, type Rule } from '@rules/rule';

/**
 * The instant check of a form with the server's own rules (server/src/rules, imported through `@rules`):
 *
 *   useMutationForm({ …, check: ruleCheck(categoryRules) })
 *
 * gives the message of each field whose rule fails — the very definitions and Dutch messages the server uses.
 */
export function ruleCheck<R extends Record<string, Rule<unknown>>>(rules: R) {
  return (values: Partial<Record<keyof R, Raw>>): Partial<Record<keyof R & string, string>> =>
    Object.fromEntries(checkAll(rules, values).problems.map((p) => [p.field, p.message])) as Partial<
      Record<keyof R & string, string>
    >;
}

/**
 * The same check with rules that load on first use: a public form whose rules need a library the page itself does not
 * (the IBAN rule's ibantools on the provider sign-up) loads them when the person starts filling it in (`preload`, on
 * the form's first focus) or at the latest when it is sent; `useMutationForm` waits for the answer. Still the
 * server's own rules, only loaded later.
 */
export function lazyRuleCheck<R extends Record<string, Rule<unknown>>>(load: () => Promise<R>) {
  let loading: Promise<R> | undefined;
  const rules = (): Promise<R> =>
    (loading ??= load().catch((error: unknown) => {
      // A failed load (the network) is tried again on the next attempt.
      loading = undefined;
      throw error;
    }));
  return {
    /** Starts loading the rules (nothing happens when they are loading or there). */
    preload: (): void => void rules().catch(() => undefined),
    check: async (values: Partial<Record<keyof R, Raw>>) => ruleCheck(await rules())(values),
  };
}
