import { oneOf, type OneOfFilter } from './filters';

/**
 * The "Status" filter of a staff list, the same on every screen: `?status=<word>`, "Alle statussen" when none is
 * chosen. `params` gives each status its Dutch word in the URL, in the order the options show; `labels` names them
 * (the screen's status vocabulary, `@/vocabulary/…`). `defaultValue`: the status shown without a parameter.
 *
 *   status: statusFilter({ ACTIVE: 'actief', REVOKED: 'ingetrokken' }, apiClientStatusLabel),
 *
 * Staff screens only: not exported from the list kit's index, which the public pages load.
 */
export function statusFilter<const T extends string>(
  params: Readonly<Record<T, string>>,
  labels: Readonly<Record<T, string>>,
  defaultValue?: NoInfer<T>,
): OneOfFilter<T> {
  return oneOf({
    param: 'status',
    label: 'Status',
    all: 'Alle statussen',
    default: defaultValue,
    options: (Object.keys(params) as T[]).map((value) => ({ value, param: params[value], label: labels[value] })),
  });
}
