import { formatDateTime } from '@/components/dates/formatDate';

export interface TimelineStep {
  id: string;
  at: string;
  label: string;
  text?: string | null;
  internal: boolean;
}

/** An application's timeline, oldest first; steps only staff see are marked. */
export function ApplicationTimeline({ steps }: { steps: readonly TimelineStep[] }) {
  return (
    <section aria-labelledby="tijdlijn">
      <h2 id="tijdlijn">Tijdlijn</h2>
      <ol className="gw-timeline">
        {steps.map((s) => (
          <li key={s.id}>
            <strong>{s.label}</strong>
            {s.internal ? ' (alleen voor medewerkers)' : ''} – <time dateTime={s.at}>{formatDateTime(s.at)}</time>
            {s.text ? <p>{s.text}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
