import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** Whether the field being resolved selects `name` directly (also through fragments). */
export function selects(info: GraphQLResolveInfo, name: string): boolean {
  const seen = (set: SelectionSetNode | undefined): boolean =>
    !!set?.selections.some((s) =>
      s.kind === Kind.FIELD
        ? s.name.value === name
        : s.kind === Kind.INLINE_FRAGMENT
          ? seen(s.selectionSet)
          : seen(info.fragments[s.name.value]?.selectionSet),
    );
  return info.fieldNodes.some((node) => seen(node.selectionSet));
}
