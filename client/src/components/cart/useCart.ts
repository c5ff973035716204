import { useEffect, useRef } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import type { CartFieldsFragment } from '../../graphql/generated/graphql';
import { localCart, useLocalCart } from '../../lib/cart';
import { NETWORK_ERROR } from '../forms/userErrors';
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

const AnonymousCartDocument = graphql(`
  query AnonymousCart($lines: [CartLineInput!]!) {
    anonymousCart(lines: $lines) {
      ...CartFields
    }
  }
`);

const AddToCartDocument = graphql(`
  mutation AddToCart($productId: ID!, $quantity: Int!, $beneficiaryId: ID) {
    addToCart(productId: $productId, quantity: $quantity, beneficiaryId: $beneficiaryId) {
      errors {
        ...UserErrorFields @unmask
      }
      cart {
        ...CartFields
      }
    }
  }
`);

const SetCartQuantityDocument = graphql(`
  mutation SetCartQuantity($productId: ID!, $quantity: Int!) {
    setCartQuantity(productId: $productId, quantity: $quantity) {
      errors {
        ...UserErrorFields @unmask
      }
      cart {
        ...CartFields
      }
    }
  }
`);

const SetCartBeneficiaryDocument = graphql(`
  mutation SetCartBeneficiary($productId: ID!, $beneficiaryId: ID) {
    setCartBeneficiary(productId: $productId, beneficiaryId: $beneficiaryId) {
      errors {
        ...UserErrorFields @unmask
      }
      cart {
        ...CartFields
      }
    }
  }
`);

const RemoveFromCartDocument = graphql(`
  mutation RemoveFromCart($productId: ID!) {
    removeFromCart(productId: $productId) {
      errors {
        ...UserErrorFields @unmask
      }
      cart {
        ...CartFields
      }
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

function writeMine(cache: ApolloCache, cart: FragmentType<typeof CartFields> | null | undefined) {
  if (cart) cache.writeQuery({ query: MyCartDocument, data: { myCart: cart } });
}

/**
 * The cart, wherever it is kept: on the server for a logged-in customer, in this browser for a visitor. The same
 * shape either way (lines grouped per provider, with product details), and the same actions.
 */
export function useCart() {
  const { viewer, loading: viewerLoading } = useViewer();
  const customer = viewer?.kind === 'CUSTOMER';
  const local = useLocalCart();
  const mine = useQuery(MyCartDocument, { skip: !customer, fetchPolicy: 'cache-and-network' });
  const anonymous = useQuery(AnonymousCartDocument, {
    variables: { lines: local.map(({ productId, quantity }) => ({ productId, quantity })) },
    skip: customer || viewerLoading || local.length === 0,
  });
  const actions = useCartActions();

  let raw: FragmentType<typeof CartFields> | null | undefined = null;
  if (customer) raw = mine.data?.myCart;
  else if (local.length) raw = (anonymous.data ?? anonymous.previousData)?.anonymousCart;
  const cart = raw ? getFragmentData(CartFields, raw) : null;
  const empty = customer ? cart?.lineCount === 0 : local.length === 0;
  const loading = viewerLoading || (customer ? mine.loading && !mine.data : local.length > 0 && !cart);
  const error = customer ? mine.error : anonymous.error;
  const refetch = () => {
    if (customer) void mine.refetch().catch(() => undefined);
    else if (local.length) void anonymous.refetch().catch(() => undefined);
  };
  return { customer, cart: empty ? null : cart, empty: !loading && empty, loading, error, refetch, ...actions };
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

/** Add, change and remove: on the server for a customer, in the browser for a visitor. */
export function useCartActions() {
  const { viewer } = useViewer();
  const customer = viewer?.kind === 'CUSTOMER';
  const [addMutation, addState] = useMutation(AddToCartDocument, {
    update: (cache, r) => writeMine(cache, r.data?.addToCart.cart),
  });
  const [setMutation, setState] = useMutation(SetCartQuantityDocument, {
    update: (cache, r) => writeMine(cache, r.data?.setCartQuantity.cart),
  });
  const [beneficiaryMutation, beneficiaryState] = useMutation(SetCartBeneficiaryDocument, {
    update: (cache, r) => writeMine(cache, r.data?.setCartBeneficiary.cart),
  });
  const [removeMutation, removeState] = useMutation(RemoveFromCartDocument, {
    update: (cache, r) => writeMine(cache, r.data?.removeFromCart.cart),
  });

  async function run(mutate: () => Promise<{ errors: { message: string }[] } | undefined>): Promise<CartActionResult> {
    try {
      const payload = await mutate();
      return { errors: payload ? payload.errors.map((e) => e.message) : [NETWORK_ERROR] };
    } catch {
      return { errors: [NETWORK_ERROR] };
    }
  }

  return {
    busy: addState.loading || setState.loading || removeState.loading || beneficiaryState.loading,
    /** Adds to the cart; for a customer optionally for a household member ("Voor wie?"). */
    add(productId: string, quantity: number, beneficiaryId?: string | null): Promise<CartActionResult> {
      if (!customer) {
        const r = localCart.add(productId, quantity);
        return Promise.resolve({ errors: r.ok ? [] : [r.message] });
      }
      return run(
        async () => (await addMutation({ variables: { productId, quantity, beneficiaryId } })).data?.addToCart,
      );
    },
    setQuantity(productId: string, quantity: number): Promise<CartActionResult> {
      if (!customer) {
        localCart.setQuantity(productId, quantity);
        return Promise.resolve({ errors: [] });
      }
      return run(async () => (await setMutation({ variables: { productId, quantity } })).data?.setCartQuantity);
    },
    /** For which household member a line is (only a customer's cart asks). */
    setBeneficiary(productId: string, beneficiaryId: string | null): Promise<CartActionResult> {
      if (!customer) return Promise.resolve({ errors: [] });
      return run(
        async () => (await beneficiaryMutation({ variables: { productId, beneficiaryId } })).data?.setCartBeneficiary,
      );
    },
    remove(productId: string): Promise<CartActionResult> {
      if (!customer) {
        localCart.remove(productId);
        return Promise.resolve({ errors: [] });
      }
      return run(async () => (await removeMutation({ variables: { productId } })).data?.removeFromCart);
    },
  };
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
