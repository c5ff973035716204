import type { ReactNode } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import { Money } from '../money/Money';

/** What the lines table needs of an order; select `...OrderLinesTable_order` in the screen's query. */
export const OrderLinesTableFragment = graphql(`
  fragment OrderLinesTable_order on Order {
    number
    lines {
      id
      title
      quantity
      unitPriceCents
      totalCents
      beneficiaryName
    }
  }
`);

/** The ordered products of one order, as the customer, the provider and staff all see them. */
export function OrderLinesTable({
  order,
  caption,
  hideCaption = false,
  footer,
}: {
  order: FragmentType<typeof OrderLinesTableFragment>;
  /** Default: "Producten in bestelling B100001". */
  caption?: ReactNode;
  hideCaption?: boolean;
  /** Optional <tr> rows for a <tfoot>, e.g. the total. */
  footer?: ReactNode;
}) {
  const { number, lines } = getFragmentData(OrderLinesTableFragment, order);
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption className={hideCaption ? 'gw-visually-hidden' : undefined}>
          {caption ?? `Producten in bestelling ${number}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="gw-num">
              Aantal
            </th>
            <th scope="col" className="gw-num">
              Prijs per stuk
            </th>
            <th scope="col" className="gw-num">
              Bedrag
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">
                {line.title}
                {line.beneficiaryName ? <span className="gw-order-line-for"> Voor {line.beneficiaryName}</span> : null}
              </th>
              <td className="gw-num">{line.quantity}</td>
              <td className="gw-num">
                <Money cents={line.unitPriceCents} />
              </td>
              <td className="gw-num">
                <Money cents={line.totalCents} />
              </td>
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
