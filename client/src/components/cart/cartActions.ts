import { useMutation, useQuery } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import { localCart, useLocalCart } from '../../lib/cart';
import { NETWORK_ERROR } from '../forms/userErrors';
import { useViewer } from '../../lib/viewer';
import { CartFields, MyCartDocument, useMergePending, writeMine, type CartActionResult } from './useCart';

/*
 * The cart page's and the add-to-cart button's part of the cart: apart from useCart.ts (the header's count and the
 * merge after log-in), so the public entry does not carry these documents.
 */

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

/**
 * The cart, wherever it is kept: on the server for a logged-in customer, in this browser for a visitor. The same
 * shape either way (lines grouped per provider, with product details), and the same actions.
 */
export function useCart() {
  const { viewer, loading: viewerLoading } = useViewer();
  const customer = viewer?.kind === 'CUSTOMER';
  const local = useLocalCart();
  const pending = useMergePending();
  const mine = useQuery(MyCartDocument, { skip: !customer || pending, fetchPolicy: 'cache-and-network' });
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
  const loading = viewerLoading || (customer ? pending || (mine.loading && !mine.data) : local.length > 0 && !cart);
  const error = customer ? mine.error : anonymous.error;
  const refetch = () => {
    if (customer) void mine.refetch().catch(() => undefined);
    else if (local.length) void anonymous.refetch().catch(() => undefined);
  };
  return { customer, cart: empty ? null : cart, empty: !loading && empty, loading, error, refetch, ...actions };
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
