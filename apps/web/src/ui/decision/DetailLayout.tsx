// Where a detail page's parts stand: the record, its documents, the decision and the rest (trail,
// notes), in that order for the keyboard and on a phone; two columns on a wide screen. With a
// decision on a wide screen, the record's cards scroll on their own (issue #32: the decision is
// reachable without scrolling the page at 1440×900); the area then takes focus like any scroller.

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { idKeputusan } from '../../i18n/keputusan';
import './detailLayout.css';

/** Whether an element's content overflows it now (it is a scroller the keyboard must reach). */
function useOverflow<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

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
  const scroller = useOverflow<HTMLDivElement>();
  return (
    <div className={decision ? 'detail-layout detail-layout--putus' : 'detail-layout'}>
      {info && (
        <div
          data-area="info"
          ref={scroller.ref}
          style={{ display: 'grid', gap: 'var(--mantine-spacing-md)' }}
          {...(scroller.overflows ? { tabIndex: 0, role: 'region', 'aria-label': idKeputusan.dataDigulir } : {})}
        >
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
