import { describe, expect, it } from 'vitest';
import { flag, id, isoDate, oneOf, readFilters, slug, text, writeFilters } from './filters';

const filters = {
  search: text({ param: 'zoek', label: 'Zoeken', maxLength: 10 }),
  status: oneOf({
    param: 'status',
    label: 'Status',
    all: 'Alle statussen',
    options: [
      { value: 'PLACED', param: 'geplaatst', label: 'Geplaatst' },
      { value: 'DELIVERED', param: 'geleverd', label: 'Geleverd' },
    ],
  }),
  hasProducts: oneOf({
    param: 'producten',
    label: 'Producten',
    all: 'Alle',
    options: [
      { value: true, param: 'met', label: 'Met' },
      { value: false, param: 'zonder', label: 'Zonder' },
    ],
  }),
  from: isoDate({ param: 'van', label: 'Vanaf' }),
  municipalityId: id({ param: 'gemeente', label: 'Gemeente', all: 'Alle gemeenten' }),
};

describe('list filters in the URL', () => {
  it('read typed values from Dutch parameters', () => {
    const values = readFilters(
      filters,
      new URLSearchParams(
        'zoek=%20jansen%20&status=geleverd&producten=zonder&van=2026-02-28&gemeente=3F0B5A1E-7C1D-4E2A-9B8F-0A1B2C3D4E5F',
      ),
    );
    expect(values).toEqual({
      search: 'jansen',
      status: 'DELIVERED',
      hasProducts: false,
      from: '2026-02-28',
      municipalityId: '3f0b5a1e-7c1d-4e2a-9b8f-0a1b2c3d4e5f',
    });
  });

  it('ignore values that are not valid for their filter, as if absent', () => {
    const values = readFilters(
      filters,
      new URLSearchParams('zoek=&status=PLACED&producten=ja&van=2026-02-30&gemeente=1%20or%201'),
    );
    expect(values).toEqual({ search: null, status: null, hasProducts: null, from: null, municipalityId: null });
    expect(readFilters(filters, new URLSearchParams('zoek=abcdefghijklmnop')).search).toBe('abcdefghij');
  });

  it('write values back, removing the ones that are cleared and keeping other parameters', () => {
    const next = writeFilters(
      filters,
      { search: 'de vries', status: 'PLACED', hasProducts: true, from: null },
      new URLSearchParams('van=2026-01-01&tab=2'),
    );
    expect(next.toString()).toBe('tab=2&zoek=de+vries&status=geplaatst&producten=met');
    expect(readFilters(filters, next)).toMatchObject({
      search: 'de vries',
      status: 'PLACED',
      hasProducts: true,
      from: null,
    });
  });

  it('open on a default value without a parameter, and give "no filter" its own URL value', () => {
    const queue = {
      status: oneOf({
        param: 'status',
        label: 'Status',
        all: 'Alle statussen',
        default: 'PENDING',
        options: [
          { value: 'PENDING', param: 'in-behandeling', label: 'Te beoordelen' },
          { value: 'APPROVED', param: 'goedgekeurd', label: 'Goedgekeurd' },
        ],
      }),
      municipality: slug({ param: 'gemeente', label: 'Gemeente', all: 'Alle gemeenten' }),
    };
    expect(readFilters(queue, new URLSearchParams(''))).toEqual({ status: 'PENDING', municipality: null });
    expect(readFilters(queue, new URLSearchParams('status=alle&gemeente=noorderhaven'))).toEqual({
      status: null,
      municipality: 'noorderhaven',
    });
    expect(readFilters(queue, new URLSearchParams('status=onzin&gemeente=Noord%20haven'))).toEqual({
      status: 'PENDING',
      municipality: null,
    });
    expect(writeFilters(queue, { status: 'PENDING' }, new URLSearchParams('status=goedgekeurd')).toString()).toBe('');
    expect(writeFilters(queue, { status: null }, new URLSearchParams()).toString()).toBe('status=alle');
  });

  it('a flag is ?param=ja when ticked and no parameter when not', () => {
    const flags = { payable: flag({ param: 'betaalbaar', label: 'Te betalen' }) };
    expect(readFilters(flags, new URLSearchParams('betaalbaar=ja')).payable).toBe(true);
    expect(readFilters(flags, new URLSearchParams('betaalbaar=nee')).payable).toBeNull();
    expect(readFilters(flags, new URLSearchParams('')).payable).toBeNull();
    expect(writeFilters(flags, { payable: true }, new URLSearchParams('zoek=x')).toString()).toBe(
      'zoek=x&betaalbaar=ja',
    );
    expect(writeFilters(flags, { payable: null }, new URLSearchParams('betaalbaar=ja')).toString()).toBe('');
  });
});
