import type { ReactNode } from 'react';

type Variant = 'info' | 'error' | 'warning' | 'success';

interface AlertProps {
  variant?: Variant;
  title?: string;
  children?: ReactNode;
  /**
   * `alert` interrupts the screen reader (errors after an action); `status` is polite;
   * none for static notices that are part of the page.
   */
  role?: 'alert' | 'status';
  id?: string;
}

export function Alert({ variant = 'info', title, children, role, id }: AlertProps) {
  return (
    <div className={`gw-alert gw-alert--${variant}`} role={role} id={id}>
      {title ? <p className="gw-alert__title">{title}</p> : null}
      {children}
    </div>
  );
}
