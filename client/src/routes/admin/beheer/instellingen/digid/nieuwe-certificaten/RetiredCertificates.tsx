import { formatDate } from '@/components/dates/formatDate';
import { formatSerial } from '../digidShared';
import type { Certificate } from './rollover.steps';

/** The retired certificates (nothing when there are none). */
export function RetiredCertificates({ certificates }: { certificates: readonly Certificate[] }) {
  if (!certificates.length) return null;
  return (
    <section aria-labelledby="ingetrokken-kop">
      <h2 id="ingetrokken-kop">Ingetrokken</h2>
      <ul>
        {certificates.map((c) => (
          <li key={c.id}>
            {c.commonName}, serienummer <code>{formatSerial(c.serial)}</code>
            {c.retiredAt ? `, ingetrokken op ${formatDate(c.retiredAt)}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
