// The date field (issue #32): a typed date that does not exist, or is outside the allowed range,
// is said in Indonesian when the field is left and stays as typed; a real one is taken.

import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField, masalahTanggal } from './DateField';

function Field({
  initial = '',
  onChange = () => {},
  maxDate,
}: {
  initial?: string;
  onChange?: (value: string) => void;
  maxDate?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider>
      <DateField
        label="Diverifikasi dari"
        value={value}
        maxDate={maxDate}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">lain</button>
    </MantineProvider>
  );
}

const invalid = 'Tanggal tidak valid — gunakan format HH/BB/TTTT';

/** Types `text` over what the field shows, then leaves the field. */
async function typeAndLeave(text: string) {
  const input = screen.getByLabelText('Diverifikasi dari') as HTMLInputElement;
  await userEvent.type(input, text, { initialSelectionStart: 0, initialSelectionEnd: input.value.length });
  fireEvent.blur(input);
  return input;
}

describe('DateField', () => {
  it.each(['31/02/2024', '09/15/2024'])(
    'says %s is not a date, keeps it as typed and keeps the old value',
    async (text) => {
      const onChange = vi.fn();
      render(<Field initial="2024-03-01" onChange={onChange} />);
      const input = await typeAndLeave(text);
      expect(await screen.findByText(invalid)).toBeTruthy();
      expect(input.value).toBe(text);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(onChange).not.toHaveBeenCalled();
    },
  );

  it('takes a real date and says nothing; the message goes once the date is corrected', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await typeAndLeave('31/02/2024');
    expect(await screen.findByText(invalid)).toBeTruthy();
    const input = await typeAndLeave('29/02/2024');
    expect(onChange).toHaveBeenLastCalledWith('2024-02-29');
    expect(input.value).toBe('29/02/2024');
    expect(screen.queryByText(invalid)).toBeNull();
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('does not call a date half typed wrong before the field is left', async () => {
    render(<Field />);
    await userEvent.type(screen.getByLabelText('Diverifikasi dari'), '31/0');
    expect(screen.queryByText(invalid)).toBeNull();
  });

  it('says a date past the end of the range instead of dropping it', async () => {
    render(<Field maxDate="2024-06-30" />);
    const input = await typeAndLeave('01/07/2024');
    expect(await screen.findByText('Tanggal tidak boleh setelah 30/06/2024')).toBeTruthy();
    expect(input.value).toBe('01/07/2024');
  });

  it('names each problem of a typed text', () => {
    expect(masalahTanggal('')).toBeNull();
    expect(masalahTanggal('5/9/2024')).toBeNull();
    expect(masalahTanggal('31/02/2024')).toBe(invalid);
    expect(masalahTanggal('2024-09-05')).toBe(invalid);
    expect(masalahTanggal('01/01/2024', '2024-02-01')).toBe('Tanggal tidak boleh sebelum 01/02/2024');
  });
});
