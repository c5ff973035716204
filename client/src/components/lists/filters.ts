import { useCallback, useMemo } from 'react';
import { useUrlState } from '@/lib/urlState';

/**
 * Filters of a list screen, declared once and kept in the URL (so Back, reload and a shared link show the same list):
 *
 *   const filters = {
 *     search: text({ param: 'zoek', label: 'Zoeken', hint: 'Een deel van de naam.' }),
 *     hasProducts: oneOf({ param: 'producten', label: 'Producten', all: 'Alle categorieën',
 *       options: [{ value: true, param: 'met', label: 'Met producten' }, { value: false, param: 'zonder', label: 'Zonder producten' }] }),
 *   } satisfies Filters;
 *   const [values, setValues, state] = useFilters(filters);   // values.search: string | null; values.hasProducts: boolean | null
 *
 * Parameter names and values in the URL are Dutch. A value in the URL that is not valid for its filter (a made-up
 * status, a malformed date or id) is ignored, as if it were not there.
 */

export interface Choice<T> {
  value: T;
  label: string;
}

interface FilterBase<T> {
  /** The URL search parameter (Dutch: `zoek`, `status`, `gemeente`, `van`). */
  param: string;
  /** The label of the field in the filter form. */
  label: string;
  hint?: string;
  /** The URL text → the value; null when absent or invalid. */
  parse(raw: string | null): T | null;
  /** The value → the URL text. */
  format(value: T): string;
  /**
   * The URL text for "no filter" when the filter has a default (`oneOf({ default })`): `?status=alle`. Without a
   * default, "no filter" is simply no parameter.
   */
  none?: string;
}

export interface TextFilter extends FilterBase<string> {
  kind: 'text';
  maxLength: number;
}

export interface OneOfFilter<T> extends FilterBase<T> {
  kind: 'oneOf';
  /** Each value with its Dutch URL value and label, in the order the form offers them. */
  options: readonly { value: T; param: string; label: string }[];
  /** The label of "no filter": "Alle statussen". */
  all: string;
}

export interface DateFilter extends FilterBase<string> {
  kind: 'isoDate';
}

export interface IdFilter extends FilterBase<string> {
  /** A choice from a list the screen loads (its ids, or its slugs with `slug()`). */
  kind: 'id';
  /** The label of "no filter": "Alle gemeenten". The choices come from the screen (a query): FilterForm's `choices`. */
  all: string;
}

export interface FlagFilter extends FilterBase<boolean> {
  /** A checkbox: ticked is `?param=ja`, not ticked is no parameter (no filter). */
  kind: 'flag';
}

export type Filter = TextFilter | OneOfFilter<unknown> | DateFilter | IdFilter | FlagFilter;
export type Filters = Record<string, Filter>;

/** The typed value of each filter: null when it is not set. */
export type FilterValues<F extends Filters> = { [K in keyof F]: F[K] extends FilterBase<infer T> ? T | null : never };

/** Free text (trimmed, at most `maxLength` characters); empty is "not set". */
export function text(options: { param: string; label: string; hint?: string; maxLength?: number }): TextFilter {
  const maxLength = options.maxLength ?? 100;
  return {
    kind: 'text',
    maxLength,
    ...options,
    parse: (raw) => raw?.trim().slice(0, maxLength) || null,
    format: (value) => value,
  };
}

/**
 * One of a fixed set of values, each with a Dutch URL value (`?status=geplaatst`) and label.
 *
 * With `default`, a list without the parameter shows that value (a review queue opens on "te beoordelen"), and "no
 * filter" gets its own URL value, `none` (default `alle`): `?status=alle`.
 */
export function oneOf<const T>(options: {
  param: string;
  label: string;
  hint?: string;
  all: string;
  options: readonly { value: T; param?: string; label: string }[];
  default?: T;
  none?: string;
}): OneOfFilter<T> {
  const choices = options.options.map((o) => ({ ...o, param: o.param ?? String(o.value).toLowerCase() }));
  const hasDefault = options.default !== undefined;
  const none = hasDefault ? (options.none ?? 'alle') : undefined;
  return {
    kind: 'oneOf',
    param: options.param,
    label: options.label,
    hint: options.hint,
    all: options.all,
    options: choices,
    none,
    parse: (raw) =>
      raw !== null && raw === none
        ? null
        : (choices.find((c) => c.param === raw)?.value ?? (hasDefault ? options.default! : null)),
    // The default value needs no parameter: the URL stays short and a plain link shows it.
    format: (value) =>
      hasDefault && value === options.default ? '' : (choices.find((c) => c.value === value)?.param ?? ''),
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date as YYYY-MM-DD (what `<input type="date">` gives), e.g. `?van=2026-01-31`. */
export function isoDate(options: { param: string; label: string; hint?: string }): DateFilter {
  return {
    kind: 'isoDate',
    ...options,
    parse: (raw) => {
      if (!raw || !ISO_DATE.test(raw)) return null;
      const d = new Date(`${raw}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === raw ? raw : null;
    },
    format: (value) => value,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id (UUID) of something chosen from a list the screen loads: `?gemeente=<id>`. */
export function id(options: { param: string; label: string; hint?: string; all: string }): IdFilter {
  return {
    kind: 'id',
    ...options,
    parse: (raw) => (raw && UUID.test(raw) ? raw.toLowerCase() : null),
    format: (value) => value,
  };
}

/** A checkbox that narrows the list when ticked, e.g. `?betaalbaar=ja`; not ticked is "no filter". */
export function flag(options: { param: string; label: string; hint?: string }): FlagFilter {
  return {
    kind: 'flag',
    ...options,
    parse: (raw) => (raw === 'ja' ? true : null),
    format: (value) => (value ? 'ja' : ''),
  };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug of something chosen from a list the screen loads, for readable links: `?gemeente=noorderhaven`. */
export function slug(options: { param: string; label: string; hint?: string; all: string }): IdFilter {
  return {
    kind: 'id',
    ...options,
    parse: (raw) => (raw && SLUG.test(raw) ? raw : null),
    format: (value) => value,
  };
}

/** The filters' values from URL search parameters (invalid values are null). */
export function readFilters<F extends Filters>(filters: F, params: URLSearchParams): FilterValues<F> {
  return Object.fromEntries(
    Object.entries(filters).map(([key, f]) => [key, f.parse(params.get(f.param))]),
  ) as FilterValues<F>;
}

/**
 * URL search parameters with the filters' values written in (null removes a parameter); other parameters, such as
 * the screen's own, stay.
 */
export function writeFilters<F extends Filters>(
  filters: F,
  values: Partial<FilterValues<F>>,
  params: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, f] of Object.entries(filters)) {
    if (!(key in values)) continue;
    const value = values[key as keyof F];
    const text = value == null ? (f.none ?? '') : (f.format as (v: unknown) => string)(value);
    if (text) next.set(f.param, text);
    else next.delete(f.param);
  }
  return next;
}

export interface FilterState {
  /**
   * True when any filter is set to other than its default (the empty state then says "nothing matches" instead of
   * "nothing yet").
   */
  active: boolean;
  /** This list without any filter (other parameters stay): the form's reset link, `<Link to={state.resetTo}>`. */
  resetTo: { search: string };
  /** Changes with the URL's filters: a key for the filter form, so Back shows the filters in force. */
  key: string;
}

/**
 * The filters' values, read from the URL, and a setter that writes them to it (a new history entry: Back returns to
 * the previous filters).
 */
export function useFilters<F extends Filters>(
  filters: F,
): [FilterValues<F>, (values: Partial<FilterValues<F>>) => void, FilterState] {
  // `params` keeps its identity while the URL's query stays the same (react-router memoises it on location.search), and
  // the filters are a module constant of the screen: the values change exactly when the URL's query does.
  const { params, update } = useUrlState();
  const values = useMemo(() => readFilters(filters, params), [filters, params]);
  const set = useCallback(
    (next: Partial<FilterValues<F>>) => update((current) => writeFilters(filters, next, current)),
    [filters, update],
  );
  const state = useMemo(() => {
    // Clearing removes the parameters: every filter back to "not set", or to its default.
    const cleared = new URLSearchParams(params);
    for (const f of Object.values(filters)) cleared.delete(f.param);
    const search = cleared.toString();
    return {
      // The values written as a URL of their own: empty exactly when every filter is unset or at its default.
      active: writeFilters(filters, values, new URLSearchParams()).toString() !== '',
      resetTo: { search: search ? `?${search}` : '' },
      key: Object.values(filters)
        .map((f) => `${f.param}=${params.get(f.param) ?? ''}`)
        .join('&'),
    };
  }, [filters, params, values]);
  return [values, set, state];
}
