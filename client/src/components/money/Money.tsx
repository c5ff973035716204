import { formatCents } from './formatCents';

/** An amount in euro cents, shown as "€ 12,50". */
export function Money({ cents, className }: { cents: number; className?: string }) {
  return <span className={className}>{formatCents(cents)}</span>;
}
