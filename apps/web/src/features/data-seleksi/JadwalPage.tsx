// /admin/jadwal (issue #18): every track's stage windows — the ones the screens' countdowns and
// the server's window checks use — edited one row at a time with date-time pickers in WIB
// (DD/MM/YYYY HH:mm, whatever the browser's own time zone), each save audited and in effect at once.

import { Button, Paper, Stack, Table, Text } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import { type Jadwal, TAHAP, TAHAP_NAMA, type Tahap, TRACK_IDS, TRACKS, type TrackId } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import 'dayjs/locale/id';
import { useState } from 'react';
import { simpanJadwal } from '../../api/impor';
import { getJadwal } from '../../api/jadwal';
import { errorMessage } from '../../auth/AuthCard';
import { idDataSeleksi } from '../../i18n/data-seleksi';
import { showError, showSuccess } from '../../ui/toast';

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

function Baris({ track, tahap, current }: { track: TrackId; tahap: Tahap; current: Jadwal[number] | undefined }) {
  const queryClient = useQueryClient();
  const [mulai, setMulai] = useState<string | null>(current ? toWib(current.mulai) : null);
  const [selesai, setSelesai] = useState<string | null>(current ? toWib(current.selesai) : null);
  const [busy, setBusy] = useState(false);
  const changed = !current || mulai !== toWib(current.mulai) || selesai !== toWib(current.selesai);
  const wrong = mulai && selesai && selesai <= mulai ? t.selesaiSebelumMulai : null;
  const label = `${TRACKS[track].title} – ${TAHAP_NAMA[tahap]}`;

  async function simpan() {
    if (!mulai || !selesai || wrong) return;
    setBusy(true);
    try {
      await simpanJadwal({ track, tahap, mulai: fromWib(mulai), selesai: fromWib(selesai) });
      showSuccess(t.tersimpan);
      await queryClient.invalidateQueries({ queryKey: ['jadwal'] });
    } catch (error) {
      showError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Table.Tr>
      <Table.Td>{TRACKS[track].title}</Table.Td>
      <Table.Td>{TAHAP_NAMA[tahap]}</Table.Td>
      <Table.Td miw={220}>
        <DateTimePicker
          aria-label={`${t.mulai}: ${label}`}
          value={mulai}
          onChange={setMulai}
          valueFormat="DD/MM/YYYY HH:mm"
          placeholder={t.belumAda}
          submitButtonProps={{ 'aria-label': t.pakai }}
          clearable
        />
      </Table.Td>
      <Table.Td miw={220}>
        <DateTimePicker
          aria-label={`${t.selesai}: ${label}`}
          value={selesai}
          onChange={setSelesai}
          valueFormat="DD/MM/YYYY HH:mm"
          placeholder={t.belumAda}
          submitButtonProps={{ 'aria-label': t.pakai }}
          error={wrong}
          clearable
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          onClick={() => void simpan()}
          disabled={!changed || !mulai || !selesai || Boolean(wrong)}
          loading={busy}
          aria-label={`${t.simpan}: ${label}`}
        >
          {t.simpan}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export function JadwalPage() {
  const jadwal = useQuery({ queryKey: ['jadwal'], queryFn: ({ signal }) => getJadwal(signal) });
  return (
    <DatesProvider settings={{ locale: 'id', firstDayOfWeek: 1 }}>
      <Stack gap="md" maw={1100}>
        <Text size="sm" c="dimmed">
          {t.keterangan}
        </Text>
        <Paper withBorder p="md">
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder aria-label={idDataSeleksi.jadwal.tahap}>
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
                {jadwal.data &&
                  TRACK_IDS.flatMap((track) =>
                    TAHAP.map((tahap) => (
                      <Baris
                        key={`${track}-${tahap}`}
                        track={track}
                        tahap={tahap}
                        current={jadwal.data.find((j) => j.track === track && j.tahap === tahap)}
                      />
                    )),
                  )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
    </DatesProvider>
  );
}
