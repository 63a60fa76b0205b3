import './Section.css';
import type { ReactNode } from 'react';

/** One panel of the account settings page, addressable by its id from the sidebar. */
export function Section({ id, title, description, danger, children }: { id: string; title: string; description?: string; danger?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={`settings-panel${danger ? ' danger' : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}
