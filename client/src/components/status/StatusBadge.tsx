import type { ReactNode } from 'react';
import { statusLooks, type StatusIconName, type StatusKind } from './statusBadges';
import './statusBadge.css';

/** 16×16 line icons (stroke: currentColor), drawn for the badge only. */
const paths: Record<StatusIconName, ReactNode> = {
  pencil: <path d="M3 13l1-4 7-7 3 3-7 7-4 1zM9 4l3 3" />,
  hourglass: <path d="M4 2h8M4 14h8M5 2c0 4 6 4 6 6s-6 2-6 6M11 2c0 4-6 4-6 6s6 2 6 6" />,
  clock: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4.5V8l2.5 2" />
    </>
  ),
  dot: (
    <>
      <circle cx="8" cy="8" r="6" />
      <circle cx="8" cy="8" r="2" fill="currentColor" />
    </>
  ),
  check: <path d="M3 8.5l3.2 3L13 4.5" />,
  package: <path d="M2.5 5L8 2l5.5 3v6L8 14l-5.5-3zM2.5 5L8 8l5.5-3M8 8v6" />,
  cross: <path d="M4 4l8 8M12 4l-8 8" />,
  archive: <path d="M2 3h12v3H2zM3 6v7h10V6M6.5 9h3" />,
  minus: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M5 8h6" />
    </>
  ),
  lock: <path d="M4 7h8v7H4zM5.5 7V5a2.5 2.5 0 015 0v2" />,
  swap: <path d="M3 5h9l-2.5-2.5M13 11H4l2.5 2.5" />,
};

/** A status's icon, hidden from screen readers (the badge's text is the label). */
export function StatusIcon({ name }: { name: StatusIconName }) {
  return (
    <svg
      className="gw-status__icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[name]}
    </svg>
  );
}

type StatusOf<K extends StatusKind> = keyof (typeof statusLooks)[K];

/**
 * A status as a badge: the Dutch text, with a colour and an icon per status (statusLooks) that repeat it, the same
 * on every screen. `<StatusBadge kind="order" status={order.status}>{orderStatusLabel[order.status]}</StatusBadge>`.
 */
export function StatusBadge<K extends StatusKind>({
  kind,
  status,
  children,
}: {
  kind: K;
  status: StatusOf<K>;
  children: ReactNode;
}) {
  const look = (statusLooks[kind] as Record<StatusOf<K>, { tone: string; icon: StatusIconName }>)[status];
  return (
    <span className={`gw-tag gw-status gw-status--${look.tone}`} data-status={String(status)}>
      <StatusIcon name={look.icon} />
      {children}
    </span>
  );
}
