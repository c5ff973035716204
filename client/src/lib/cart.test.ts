import { afterEach, describe, expect, it } from 'vitest';
import { localCart, parseLines, quantityError } from './cart';

const A = '3f1c2b4e-8c1d-4a5e-9f00-0123456789ab';
const B = '9b2d7c1a-0e4f-4b6a-8c3d-fedcba987654';

afterEach(() => localCart.clear());

describe('the browser cart', () => {
  it('adds up, sets and removes lines, and keeps them in localStorage', () => {
    expect(localCart.add(A, 2)).toEqual({ ok: true });
    expect(localCart.add(B, 1)).toEqual({ ok: true });
    expect(localCart.add(A, 3)).toEqual({ ok: true });
    expect(localCart.lines()).toEqual([
      { productId: A, quantity: 5 },
      { productId: B, quantity: 1 },
    ]);
    localCart.setQuantity(B, 7);
    localCart.remove(A);
    expect(localCart.lines()).toEqual([{ productId: B, quantity: 7 }]);
    expect(JSON.parse(window.localStorage.getItem('gemeentewinkel:winkelwagen')!)).toEqual([
      { productId: B, quantity: 7 },
    ]);
    localCart.clear();
    expect(window.localStorage.getItem('gemeentewinkel:winkelwagen')).toBeNull();
  });

  it('refuses more than 99 of a product', () => {
    localCart.add(A, 98);
    expect(localCart.add(A, 2)).toEqual({
      ok: false,
      message: 'U kunt van een product hoogstens 99 stuks in uw winkelwagen hebben.',
    });
    expect(localCart.lines()[0]!.quantity).toBe(98);
  });

  it('ignores what is broken or edited by hand in storage', () => {
    expect(parseLines('niet eens json')).toEqual([]);
    expect(parseLines('{"a":1}')).toEqual([]);
    expect(
      parseLines(
        JSON.stringify([
          { productId: A, quantity: 2 },
          { productId: 'geen-id', quantity: 1 },
          { productId: B, quantity: 0 },
          { productId: B, quantity: 1.5 },
          { productId: A, quantity: 4 },
          { productId: B, quantity: 500 },
        ]),
      ),
    ).toEqual([
      { productId: A, quantity: 2 },
      { productId: B, quantity: 99 },
    ]);
  });

  it('checks a typed quantity: whole numbers from 1 to 99', () => {
    for (const ok of ['1', '12', '99', ' 5 ']) expect(quantityError(ok), ok).toBeNull();
    for (const bad of ['0', '100', '-1', '1.5', '', 'twee', '1e2'])
      expect(quantityError(bad), bad).toBe('Kies een aantal van 1 tot en met 99.');
  });
});
