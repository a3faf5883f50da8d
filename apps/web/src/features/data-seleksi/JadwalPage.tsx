// /admin/jadwal (issue #18): every track's stage windows — the ones the screens' countdowns and
// the server's window checks use — edited one row at a time with date-time pickers in WIB
// (DD/MM/YYYY HH:mm, whatever the browser's own time zone), each save audited and in effect at once.
// On a phone each row is a card, so both fields and Simpan are on screen (issue #32). Below the
// windows, the sample rate of the blind second verification (issue #34, SampelPanel).

import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { type Jadwal, LAYOUT, TAHAP, TAHAP_NAMA, type Tahap, TRACK_IDS, TRACKS, type TrackId } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import 'dayjs/locale/id';
import { useState } from 'react';
import { simpanJadwal } from '../../api/impor';
import { getJadwal } from '../../api/jadwal';
import { errorMessage } from '../../auth/AuthCard';
import { idDataSeleksi } from '../../i18n/data-seleksi';
import { focusField } from '../../ui/form/ErrorSummary';
import { type FieldErrors, hasErrors, serverFieldErrors } from '../../ui/form/fieldErrors';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { showError, showSuccess } from '../../ui/toast';
import { SampelPanel } from './SampelPanel';

const t = idDataSeleksi.jadwal;

/** An instant as the picker's wall-clock value in WIB ("YYYY-MM-DD HH:mm:ss"). */
export function toWib(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** The picker's WIB wall-clock value as an instant. */
export const fromWib = (value: string) => new Date(`${value.replace(' ', 'T')}+07:00`).toISOString();

/** What a picker shows for its WIB wall-clock value (its valueFormat below), or "Belum ada". */
function tampil(value: string | null): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : t.belumAda;
}

/** Below this width the rows are cards: a 390 px phone reaches every field and Simpan (issue #32). */
const NARROW = `(max-width: ${LAYOUT.breakpoints.md - 0.02}px)`;

interface BarisProps {
  track: TrackId;
  tahap: Tahap;
  current: Jadwal[number] | undefined;
}

/**
 * One stage window being edited: its values, its problems and its save. Simpan stays enabled once
 * something changed; a save that cannot be sent says why on the field (issue #32), never by a
 * silently disabled button.
 */
function useBaris({ track, tahap, current }: BarisProps) {
  const queryClient = useQueryClient();
  const [mulai, setMulai] = useState<string | null>(current ? toWib(current.mulai) : null);
  const [selesai, setSelesai] = useState<string | null>(current ? toWib(current.selesai) : null);
  const [busy, setBusy] = useState(false);
  const problems = useFormErrors();
  const changed = !current || mulai !== toWib(current.mulai) || selesai !== toWib(current.selesai);
  const wrong = mulai && selesai && selesai <= mulai ? t.selesaiSebelumMulai : null;
  const label = `${TRACKS[track].title} – ${TAHAP_NAMA[tahap]}`;
  const id = `jadwal-${track}-${tahap}`;
  const ids = { mulai: `${id}-mulai`, selesai: `${id}-selesai` };

  async function simpan() {
    const found: FieldErrors = {};
    if (!mulai) found.mulai = t.mulaiWajib;
    if (!selesai) found.selesai = t.selesaiWajib;
    else if (wrong) found.selesai = wrong;
    if (!problems.check(found)) {
      focusField(found.mulai ? ids.mulai : ids.selesai);
      return;
    }
    if (!mulai || !selesai) return;
    setBusy(true);
    try {
      await simpanJadwal({ track, tahap, mulai: fromWib(mulai), selesai: fromWib(selesai) });
      showSuccess(t.tersimpan);
      await queryClient.invalidateQueries({ queryKey: ['jadwal'] });
    } catch (error) {
      // A refusal naming the start or the end (the stages' order) is shown on that field.
      const fields = serverFieldErrors(error);
      if (hasErrors(fields)) {
        problems.failed(error, errorMessage(error));
        focusField(fields.mulai ? ids.mulai : ids.selesai);
      } else showError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const picker = (field: 'mulai' | 'selesai') => ({
    id: ids[field],
    // Named with what the button shows (WCAG 2.5.3): its value, or "Belum ada".
    'aria-label': `${field === 'mulai' ? t.mulai : t.selesai}: ${label}, ${tampil(field === 'mulai' ? mulai : selesai)}`,
    value: field === 'mulai' ? mulai : selesai,
    onChange: (value: string | null) => {
      (field === 'mulai' ? setMulai : setSelesai)(value);
      problems.clear(field);
    },
    error: problems.errors[field] ?? (field === 'selesai' ? wrong : null),
    valueFormat: 'DD/MM/YYYY HH:mm',
    placeholder: t.belumAda,
    submitButtonProps: { 'aria-label': t.pakai },
    clearable: true,
  });

  const button = (
    <Button
      size="xs"
      onClick={() => void simpan()}
      disabled={!changed}
      loading={busy}
      aria-label={`${t.simpan}: ${label}`}
    >
      {t.simpan}
    </Button>
  );
  return { picker, button };
}

function BarisTabel(props: BarisProps) {
  const { picker, button } = useBaris(props);
  return (
    <Table.Tr>
      <Table.Td>{TRACKS[props.track].title}</Table.Td>
      <Table.Td>{TAHAP_NAMA[props.tahap]}</Table.Td>
      <Table.Td miw={220}>
        <DateTimePicker {...picker('mulai')} />
      </Table.Td>
      <Table.Td miw={220}>
        <DateTimePicker {...picker('selesai')} />
      </Table.Td>
      <Table.Td>{button}</Table.Td>
    </Table.Tr>
  );
}

/** The same row on a phone: a card with its two fields and Simpan under each other. */
function BarisKartu(props: BarisProps) {
  const { picker, button } = useBaris(props);
  const label = `${TRACKS[props.track].title} – ${TAHAP_NAMA[props.tahap]}`;
  return (
    <Paper withBorder p="sm" component="li">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <DateTimePicker {...picker('mulai')} label={t.mulai} />
        <DateTimePicker {...picker('selesai')} label={t.selesai} />
        <Group justify="flex-end">{button}</Group>
      </Stack>
    </Paper>
  );
}

export function JadwalPage() {
  const jadwal = useQuery({ queryKey: ['jadwal'], queryFn: ({ signal }) => getJadwal(signal) });
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const rows = jadwal.data
    ? TRACK_IDS.flatMap((track) =>
        TAHAP.map((tahap) => ({
          key: `${track}-${tahap}`,
          track,
          tahap,
          current: jadwal.data.find((j) => j.track === track && j.tahap === tahap),
        })),
      )
    : [];
  return (
    <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
      <Stack gap="md" maw={1100}>
        <Text size="sm" c="dimmed">
          {t.keterangan}
        </Text>
        {narrow ? (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.tahap}>
            {rows.map(({ key, ...row }) => (
              <BarisKartu key={key} {...row} />
            ))}
          </Stack>
        ) : (
          <Paper withBorder p="md">
            <Table.ScrollContainer minWidth={760}>
              <Table striped withTableBorder aria-label={t.tahap}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.track}</Table.Th>
                    <Table.Th>{t.tahap}</Table.Th>
                    <Table.Th>{t.mulai}</Table.Th>
                    <Table.Th>{t.selesai}</Table.Th>
                    <Table.Th>{t.aksi}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map(({ key, ...row }) => (
                    <BarisTabel key={key} {...row} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        <SampelPanel />
      </Stack>
    </DatesProvider>
  );
}
