import type { ReactNode, Ref } from 'react';

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
  /** -1 makes it focusable by script (an error summary gets the focus after a failed submit). */
  tabIndex?: number;
  ref?: Ref<HTMLDivElement>;
}

export function Alert({ variant = 'info', title, children, role, id, tabIndex, ref }: AlertProps) {
  return (
    <div className={`gw-alert gw-alert--${variant}`} role={role} id={id} tabIndex={tabIndex} ref={ref}>
      {title ? <p className="gw-alert__title">{title}</p> : null}
      {children}
    </div>
  );
}
