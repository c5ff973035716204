import { useEffect, useRef } from 'react';
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

/** The number of items for the header: from the server cart, or counted in the browser. */
export function useCartCount(): number {
  const { viewer } = useViewer();
  const customer = viewer?.kind === 'CUSTOMER';
  const local = useLocalCart();
  const mine = useQuery(MyCartDocument, { skip: !customer });
  if (customer) return mine.data?.myCart ? getFragmentData(CartFields, mine.data.myCart).itemCount : 0;
  return local.reduce((sum, l) => sum + l.quantity, 0);
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
        if (!r.data) return;
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
      .catch(() => undefined) // kept in the browser; tried again on the next page
      .finally(() => {
        running.current = false;
      });
  }, [customer, local, merge]);
}
