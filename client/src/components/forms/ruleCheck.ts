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
