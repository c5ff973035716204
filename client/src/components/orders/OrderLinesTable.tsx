import type { ReactNode } from 'react';
import { Money } from '../money/Money';

export interface OrderLineLike {
  id: string;
  title: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

/** The ordered products of one order, as the customer, the provider and staff all see them. */
export function OrderLinesTable({
  lines,
  caption,
  hideCaption = false,
  footer,
}: {
  lines: readonly OrderLineLike[];
  caption: ReactNode;
  hideCaption?: boolean;
  /** Optional <tr> rows for a <tfoot>, e.g. the total. */
  footer?: ReactNode;
}) {
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption className={hideCaption ? 'gw-visually-hidden' : undefined}>{caption}</caption>
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
              <th scope="row">{line.title}</th>
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
