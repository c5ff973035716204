import { Link } from 'react-router';
import { formatDate } from '@/components/dates/formatDate';
import { urls } from '@/lib/urls';
import { daysLeftLabel } from '../digidShared';
import { STEPS, type Certificate } from './rollover.steps';

/** "Zo werkt het": the five steps, and how long the current certificate is still valid. */
export function RolloverGuide({ current }: { current: Certificate | undefined }) {
  return (
    <section aria-labelledby="stappen-kop">
      <h2 id="stappen-kop">Zo werkt het</h2>
      <ol>
        {STEPS.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <p>
        {current ? (
          <>
            Het huidige certificaat ({current.commonName}) is geldig tot{' '}
            {current.notAfter ? formatDate(current.notAfter) : '—'} (nog {daysLeftLabel(current.daysLeft)}).
          </>
        ) : (
          'Er is nog geen huidig certificaat.'
        )}{' '}
        <Link to={urls.admin.instellingen.digid()}>Terug naar de DigiD-instellingen</Link>
      </p>
    </section>
  );
}
