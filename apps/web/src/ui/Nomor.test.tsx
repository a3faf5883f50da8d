// Identifying numbers are never broken inside a run of characters (issue #32).

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Nomor } from './Nomor';

const runs = (element: HTMLElement) =>
  Array.from(element.querySelectorAll<HTMLElement>('span')).filter((span) => span.style.whiteSpace === 'nowrap');

describe('Nomor', () => {
  it('keeps a NIK on one line', () => {
    const { container } = render(<Nomor>3573016904000012</Nomor>);
    expect(runs(container).map((span) => span.textContent)).toEqual(['3573016904000012']);
    expect(container.querySelector('wbr')).toBeNull();
  });

  it('lets a code of parts wrap after a slash only, each part whole', () => {
    const { container } = render(<Nomor>UUDAYA/2024/00000012</Nomor>);
    expect(runs(container).map((span) => span.textContent)).toEqual(['UUDAYA/', '2024/', '00000012']);
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    expect(container.textContent).toBe('UUDAYA/2024/00000012');
  });
});
