// The one date field of the app: Mantine's DateInput in the Indonesian locale, shown and typed as
// DD/MM/YYYY (never the browser's native `mm/dd/yyyy`), holding an ISO `YYYY-MM-DD` value (or '')
// so list filters and forms keep the wire format of the contract. A typed date that does not exist
// or lies outside the allowed range is said in Indonesian when the field is left, and the text is
// kept to be corrected (issue #32) – the kit alone would silently put the previous date back.

import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import { formatTanggal } from '@portal/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { useState } from 'react';
import { idList } from '../i18n/list';

export const DATE_FORMAT = 'DD/MM/YYYY';

/** "5/9/2024" or "05/09/2024" → "2024-09-05"; null for anything that is not a real date. */
export function parseTanggal(text: string): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

type Bound = DateInputProps['minDate'];
const isoOf = (bound: Bound): string | undefined =>
  bound ? (typeof bound === 'string' ? bound.slice(0, 10) : dayjs(bound).format('YYYY-MM-DD')) : undefined;

/** What is wrong with a typed text, in words; null when it is a date in range or empty (cleared). */
export function masalahTanggal(text: string, minDate?: Bound, maxDate?: Bound): string | null {
  if (text.trim() === '') return null;
  const iso = parseTanggal(text);
  if (!iso) return idList.dateFieldInvalid;
  const [min, max] = [isoOf(minDate), isoOf(maxDate)];
  if (min && iso < min) return idList.dateFieldBefore(formatTanggal(min));
  if (max && iso > max) return idList.dateFieldAfter(formatTanggal(max));
  return null;
}

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'valueFormat' | 'dateParser' | 'fixOnBlur'> {
  /** `YYYY-MM-DD`, or '' / null for none. */
  value: string | null;
  onChange: (value: string) => void;
}

export function DateField({ value, onChange, onInput, onBlur, error, ...props }: DateFieldProps) {
  // The text typed since the value last changed, and whether its problem is said yet: only once
  // the field is left, so a date half typed is not called wrong.
  const [typed, setTyped] = useState<string | null>(null);
  const [said, setSaid] = useState(false);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // A new value (picked, typed right, cleared, reset by the list) replaces whatever was typed.
    setShownValue(value);
    setTyped(null);
  }
  const problem = typed === null ? null : masalahTanggal(typed, props.minDate, props.maxDate);
  return (
    <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
      <DateInput
        placeholder={idList.dateFieldHint}
        clearable
        {...props}
        error={error ?? (said && problem ? problem : undefined)}
        // A wrong date stays as typed beside its message; a right one is written DD/MM/YYYY.
        fixOnBlur={!problem}
        onInput={(event) => {
          setTyped(event.currentTarget.value);
          setSaid(false);
          onInput?.(event);
        }}
        onBlur={(event) => {
          setSaid(true);
          onBlur?.(event);
        }}
        value={value || null}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : '')}
        valueFormat={DATE_FORMAT}
        dateParser={(text) => parseTanggal(text)}
        popoverProps={{ withinPortal: true, ...props.popoverProps }}
      />
    </DatesProvider>
  );
}
