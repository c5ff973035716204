import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import type { CartFieldsFragment } from '../../graphql/generated/graphql';
import { localCart, useLocalCart } from '../../lib/cart';
import { useViewer } from '../../lib/viewer';

export const CartFields = graphql(`
  fragment CartFields on Cart {
    id
    lineCount
    itemCount
    totalCents
    hasUnavailable
    groups {
      providerId
      providerName
      providerSlug
      subtotalCents
      lines {
        id
        productId
        title
        slug
        unitPriceCents
        quantity
        totalCents
        available
        unavailableReason
        beneficiaryId
        beneficiaryName
        beneficiaryOptions {
          id
          name
        }
      }
    }
  }
`);

export const MyCartDocument = graphql(`
  query MyCart {
    myCart {
      ...CartFields
    }
  }
`);

const MergeCartDocument = graphql(`
  mutation MergeCart($lines: [CartLineInput!]!) {
    mergeCart(lines: $lines) {
      errors {
        ...UserErrorFields @unmask
      }
      cart {
        ...CartFields
      }
    }
  }
`);

export type Cart = CartFieldsFragment;
export type CartLine = Cart['groups'][number]['lines'][number];

/** The result of a cart action: Dutch messages, empty when it worked. */
export type CartActionResult = { errors: string[] };

/** A notice for the cart page after merging (products that could not be taken over). */
const MERGE_NOTICE_KEY = 'gemeentewinkel:winkelwagen-melding';

export function takeMergeNotice(): string | null {
  try {
    const notice = window.sessionStorage.getItem(MERGE_NOTICE_KEY);
    if (notice) window.sessionStorage.removeItem(MERGE_NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

export function writeMine(cache: ApolloCache, cart: FragmentType<typeof CartFields> | null | undefined) {
  if (cart) cache.writeQuery({ query: MyCartDocument, data: { myCart: cart } });
}

/**
 * Whether the merge after log-in could not be done on this page (network): the server cart is then read as it is, and
 * the browser cart is offered again on the next page.
 */
let mergeFailed = false;
const mergeListeners = new Set<() => void>();
function setMergeFailed(value: boolean) {
  if (mergeFailed === value) return;
  mergeFailed = value;
  for (const l of mergeListeners) l();
}
function subscribeMerge(listener: () => void) {
  mergeListeners.add(listener);
  return () => mergeListeners.delete(listener);
}

/**
 * True while a logged-in customer's browser cart still waits to join the server cart. The server cart is not read
 * then: a read that crosses the merge would answer the cart from before it, arrive after the merge's answer and show
 * an empty cart (the cache keeps the last answer). After the merge the cache holds the merged cart and reads resume.
 */
export function useMergePending(): boolean {
  const { viewer } = useViewer();
  const local = useLocalCart();
  const failed = useSyncExternalStore(
    subscribeMerge,
    () => mergeFailed,
    () => false,
  );
  return viewer?.kind === 'CUSTOMER' && local.length > 0 && !failed;
}

/** The number of items for the header: from the server cart, or counted in the browser (also while it merges). */
export function useCartCount(): number {
  const { viewer } = useViewer();
  const customer = viewer?.kind === 'CUSTOMER';
  const local = useLocalCart();
  const pending = useMergePending();
  const mine = useQuery(MyCartDocument, { skip: !customer || pending });
  const browserCount = local.reduce((sum, l) => sum + l.quantity, 0);
  if (customer && !pending) return mine.data?.myCart ? getFragmentData(CartFields, mine.data.myCart).itemCount : 0;
  return browserCount;
}

/**
 * After log-in: the cart the visitor built in this browser joins the server cart, once; then it is cleared here.
 * Products that could not be taken over are reported on the cart page.
 */
export function useCartMerge(): void {
  const { viewer } = useViewer();
  const customer = viewer?.kind === 'CUSTOMER';
  const local = useLocalCart();
  const [merge] = useMutation(MergeCartDocument, { update: (cache, r) => writeMine(cache, r.data?.mergeCart.cart) });
  const running = useRef(false);

  useEffect(() => {
    if (!customer || local.length === 0 || running.current) return;
    running.current = true;
    const lines = local.map(({ productId, quantity }) => ({ productId, quantity }));
    merge({ variables: { lines } })
      .then((r) => {
        if (!r.data) {
          setMergeFailed(true);
          return;
        }
        setMergeFailed(false);
        localCart.clear();
        const notice = r.data.mergeCart.errors.map((e) => e.message).join(' ');
        if (notice) {
          try {
            window.sessionStorage.setItem(MERGE_NOTICE_KEY, notice);
          } catch {
            // no session storage: the notice is skipped
          }
        }
      })
      .catch(() => setMergeFailed(true)) // kept in the browser; tried again on the next page
      .finally(() => {
        running.current = false;
      });
  }, [customer, local, merge]);
}
