import type { ReactNode } from 'react';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import { Money } from '../money/Money';
import { DataTable } from '../ui/DataTable';

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
    <DataTable
      caption={caption ?? `Producten in bestelling ${number}`}
      hideCaption={hideCaption}
      headers={[
        'Product',
        { label: 'Aantal', numeric: true },
        { label: 'Prijs per stuk', numeric: true },
        { label: 'Bedrag', numeric: true },
      ]}
      footer={footer}
    >
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
    </DataTable>
  );
}
