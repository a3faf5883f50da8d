// Where a detail page's parts stand: the record, its documents, the decision and the rest (trail,
// notes), in that order for the keyboard and on a phone; two columns on a wide screen.

import type { ReactNode } from 'react';
import './detailLayout.css';

export function DetailLayout({
  info,
  documents,
  decision,
  rest,
}: {
  info?: ReactNode;
  documents?: ReactNode;
  decision?: ReactNode;
  rest?: ReactNode;
}) {
  return (
    <div className="detail-layout">
      {info && (
        <div data-area="info" style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
          {info}
        </div>
      )}
      {documents && <div data-area="documents">{documents}</div>}
      {decision && (
        <div data-area="decision" style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
          {decision}
        </div>
      )}
      {rest && (
        <div data-area="rest" style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}>
          {rest}
        </div>
      )}
    </div>
  );
}
