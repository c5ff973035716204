import { startTransition, useEffect, useState, type Key, type ReactNode } from 'react';
import { formatCount } from '../dates/formatDate';
import { ConnectionView, ITEM, type ConnectionStatesProps } from './ConnectionView';

interface ConnectionItemsProps<N> extends ConnectionStatesProps<N> {
  /** What the list holds ("Producten"): its accessible name, with "x van y" added. */
  label: string;
  /** One item: a card, a message. */
  item: (node: N, index: number) => ReactNode;
  /** `gw-card-grid` for cards; default a plain list. */
  className?: string;
  /** Default: the node's `id`. */
  rowKey?: (node: N) => Key;
  /** A line above the items once the first page is there, read out when it changes ("12 producten gevonden"). */
  summary?: (totalCount: number) => ReactNode;
  /**
   * When the first page is there at once (from the cache, asked for at page load), only this many items render with
   * the page, the rest right after it in a transition, which React renders in slices: no long task blocks the page
   * (Lighthouse's total blocking time). The rest is below the fold: nothing in view moves.
   */
  firstRender?: number;
}

/**
 * A connection shown as a list of items instead of a table, where cards or messages are the right UI (the offer, a
 * provider's products, the inbox): the same states and "load more" as ConnectionTable, the list named with "x van y".
 */
export function ConnectionItems<N>(props: ConnectionItemsProps<N>) {
  const { list } = props;
  const rowKey = props.rowKey ?? ((node: N) => (node as { id: string }).id);
  const [all, setAll] = useState(props.firstRender === undefined);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const nodes = all ? list.nodes : list.nodes.slice(0, props.firstRender);
  return (
    <>
      {props.summary ? <p role="status">{list.totalCount !== null ? props.summary(list.totalCount) : null}</p> : null}
      <ConnectionView {...props}>
        <ul
          className={props.className ?? 'gw-plain-list'}
          aria-label={`${props.label}: ${formatCount(list.nodes.length)} van ${list.totalCountCapped ? 'meer dan ' : ''}${formatCount(list.totalCount ?? list.nodes.length)}`}
        >
          {nodes.map((node, index) => (
            <li key={rowKey(node)} {...{ [ITEM]: '' }}>
              {props.item(node, index)}
            </li>
          ))}
        </ul>
      </ConnectionView>
    </>
  );
}
