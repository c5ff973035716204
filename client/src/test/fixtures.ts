export const ids = {
  product1: '3f1c2b4e-8c1d-4a5e-9f00-0123456789ab',
  product2: '9b2d7c1a-0e4f-4b6a-8c3d-fedcba987654',
  category: '0d6a1c7e-2b3f-4c5d-8e9f-112233445566',
  provider: '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b',
  zuiderveen: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  noorderhaven: '6b2c3d4e-5f6a-4b7c-9d8e-1f2a3b4c5d6e',
};

/** One municipality's decision on a product (ProductApproval). */
export function approval(
  municipality: 'zuiderveen' | 'noorderhaven',
  status: 'PENDING' | 'APPROVED' | 'REJECTED',
  reason: string | null = null,
) {
  const name = municipality === 'zuiderveen' ? 'Gemeente Zuiderveen' : 'Gemeente Noorderhaven';
  return {
    __typename: 'ProductApproval',
    id: `${ids[municipality].slice(0, 30)}${status === 'PENDING' ? 'aaaaaa' : status === 'APPROVED' ? 'bbbbbb' : 'cccccc'}`,
    status,
    reason,
    requestedAt: '2026-03-03T13:05:00.000Z',
    decidedAt: status === 'PENDING' ? null : '2026-03-04T09:30:00.000Z',
    municipality: { __typename: 'Municipality', id: ids[municipality], name },
  };
}

export function productNode(
  id: string,
  title: string,
  priceCents: number,
  slug = title.toLowerCase().replace(/\s+/g, '-'),
) {
  return {
    __typename: 'Product',
    id,
    title,
    slug,
    priceCents,
    description: 'Eerste alinea.\n\nTweede alinea.',
    descriptionHtml: '<p>Eerste alinea.</p>\n<p>Tweede alinea.</p>\n',
    availability: 'AVAILABLE',
    redemptionMethod: 'PICKUP',
    payableWith: null as string[] | null,
    images: [],
    provider: {
      __typename: 'Provider',
      id: ids.provider,
      name: 'Zwembad De Wetering',
      slug: 'zwembad-de-wetering',
      city: 'Utrecht',
    },
    category: { __typename: 'Category', id: ids.category, name: 'Sport' },
  };
}

export function connection(nodes: ReturnType<typeof productNode>[], hasNextPage = false, totalCount = nodes.length) {
  return {
    __typename: 'ProductConnection',
    totalCount,
    suggestion: null as string | null,
    edges: nodes.map((node) => ({ __typename: 'ProductEdge', cursor: `c-${node.id}`, node })),
    pageInfo: {
      __typename: 'PageInfo',
      hasNextPage,
      endCursor: nodes.length ? `c-${nodes[nodes.length - 1]!.id}` : null,
    },
  };
}
