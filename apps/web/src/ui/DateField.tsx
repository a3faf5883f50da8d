// The one date field of the app: Mantine's DateInput in the Indonesian locale, shown and typed as
// DD/MM/YYYY (never the browser's native `mm/dd/yyyy`), holding an ISO `YYYY-MM-DD` value (or '')
// so list filters and forms keep the wire format of the contract.

import { DateInput, type DateInputProps, DatesProvider } from '@mantine/dates';
import 'dayjs/locale/id';
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

export interface DateFieldProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'valueFormat' | 'dateParser'> {
  /** `YYYY-MM-DD`, or '' / null for none. */
  value: string | null;
  onChange: (value: string) => void;
}

export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
      <DateInput
        placeholder={idList.dateFieldHint}
        clearable
        {...props}
        value={value || null}
        onChange={(next) => onChange(next ? String(next).slice(0, 10) : '')}
        valueFormat={DATE_FORMAT}
        dateParser={(text) => parseTanggal(text)}
        popoverProps={{ withinPortal: true, ...props.popoverProps }}
      />
    </DatesProvider>
  );
}
