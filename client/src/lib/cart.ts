import { CART_LIMITS, CART_MESSAGES, cartQuantityRule } from '@rules/cart';
import { messageOf } from '@rules/rule';
import { useSyncExternalStore } from 'react';

/**
 * The cart of a visitor who has not logged in: kept in this browser (localStorage), shared by every tab. After log-in
 * it is merged into the customer's cart on the server (mergeCart) and cleared here.
 */

export interface LocalCartLine {
  productId: string;
  quantity: number;
}

const KEY = 'gemeentewinkel:winkelwagen';
/** The server's limits (rules/cart.ts). */
export const MAX_QUANTITY = CART_LIMITS.quantityMax;
export const MAX_LINES = CART_LIMITS.lines;

const listeners = new Set<() => void>();
/** The cart in the server's render of a page (and while the browser hydrates it): empty, this browser's comes after. */
const NO_LINES: LocalCartLine[] = [];
const serverSnapshot = () => NO_LINES;
let cachedRaw: string | null | undefined;
let cachedLines: LocalCartLine[] = [];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage switched off: the cart then lives only on the server (after log-in)
  }
}

/** Reads and checks what is stored (it may be old or edited by hand). */
export function parseLines(raw: string | null): LocalCartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const lines: LocalCartLine[] = [];
    for (const item of value) {
      const { productId, quantity } = (item ?? {}) as Partial<LocalCartLine>;
      if (typeof productId !== 'string' || !/^[0-9a-f-]{36}$/i.test(productId)) continue;
      if (!Number.isInteger(quantity) || quantity! < 1) continue;
      if (lines.some((l) => l.productId === productId)) continue;
      lines.push({ productId, quantity: Math.min(MAX_QUANTITY, quantity!) });
      if (lines.length === MAX_LINES) break;
    }
    return lines;
  } catch {
    return [];
  }
}

function snapshot(): LocalCartLine[] {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseLines(raw);
  }
  return cachedLines;
}

function write(lines: LocalCartLine[]): void {
  const s = storage();
  if (!s) return;
  if (lines.length) s.setItem(KEY, JSON.stringify(lines));
  else s.removeItem(KEY);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type LocalCartResult = { ok: true } | { ok: false; message: string };

export const localCart = {
  lines: snapshot,

  /** Adds to what is there; refuses more than 99 of one product or more than 100 products. */
  add(productId: string, quantity: number): LocalCartResult {
    const lines = snapshot();
    const existing = lines.find((l) => l.productId === productId);
    if (existing && existing.quantity + quantity > MAX_QUANTITY) {
      return { ok: false, message: CART_MESSAGES.tooMany };
    }
    if (!existing && lines.length >= MAX_LINES) {
      return { ok: false, message: CART_MESSAGES.full };
    }
    write(
      existing
        ? lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + quantity } : l))
        : [...lines, { productId, quantity }],
    );
    return { ok: true };
  },

  setQuantity(productId: string, quantity: number): void {
    write(
      snapshot().map((l) =>
        l.productId === productId ? { ...l, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) } : l,
      ),
    );
  },

  remove(productId: string): void {
    write(snapshot().filter((l) => l.productId !== productId));
  },

  clear(): void {
    write([]);
  },
};

/** The browser cart, kept current across components and tabs. */
export function useLocalCart(): LocalCartLine[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** 1–99 whole items; the server's Dutch message when not (rules/cart.ts). */
export function quantityError(value: string): string | null {
  return messageOf(cartQuantityRule, value);
}
