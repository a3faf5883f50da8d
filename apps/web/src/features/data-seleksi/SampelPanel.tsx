// Issue #34, on Jadwal Tahapan: the national operator's sample rate of the blind second
// verification, one row per track – the rate as a percentage with a decimal comma, Simpan, and
// when and by whom it was last changed (by name). A wrong value is said on its field (the form pattern of
// issue #32), from this screen or from the server.

import { Alert, Button, Group, Loader, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPersen, formatWaktu, type SampelVerifikasi, TRACKS } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getSampel, simpanSampel } from '../../api/mutu';
import { errorMessage } from '../../auth/AuthCard';
import { idDataSeleksi } from '../../i18n/data-seleksi';
import { focusField } from '../../ui/form/ErrorSummary';
import { type FieldErrors, serverFieldErrors } from '../../ui/form/fieldErrors';
import { useFormErrors } from '../../ui/form/useFormErrors';
import { showError, showSuccess } from '../../ui/toast';

const t = idDataSeleksi.sampel;

function BarisSampel({ sampel }: { sampel: SampelVerifikasi[number] }) {
  const queryClient = useQueryClient();
  const [persen, setPersen] = useState<number | string>(sampel.persen);
  const [busy, setBusy] = useState(false);
  const problems = useFormErrors();
  const jalur = TRACKS[sampel.track].title;
  const id = `sampel-${sampel.track}`;
  const changed = persen !== sampel.persen;

  async function simpan() {
    const found: FieldErrors = {};
    if (persen === '' || typeof persen !== 'number') found.persen = t.wajib;
    else if (persen > 100) found.persen = t.terlaluBesar;
    else if (persen < 0) found.persen = t.terlaluKecil;
    if (!problems.check(found) || typeof persen !== 'number') {
      focusField(id);
      return;
    }
    setBusy(true);
    try {
      const saved = await simpanSampel({ track: sampel.track, persen });
      showSuccess(t.tersimpan(jalur, formatPersen(saved.persen)));
      await queryClient.invalidateQueries({ queryKey: ['sampel-verifikasi'] });
    } catch (error) {
      // A refusal of the value is said on the field; anything else as a toast.
      if (serverFieldErrors(error).persen) {
        problems.failed(error, errorMessage(error));
        focusField(id);
      } else showError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  // A row that wraps rather than a table: on a 390 px phone the field and Simpan stay in reach.
  return (
    <Paper withBorder p="sm" component="li">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Text fw={600} size="sm" w={170} pt={6}>
          {jalur}
        </Text>
        <NumberInput
          id={id}
          w={140}
          aria-label={`${t.persen}: ${jalur}`}
          value={persen}
          onChange={(value) => {
            setPersen(value);
            problems.clear('persen');
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void simpan();
          }}
          error={problems.errors.persen}
          suffix="%"
          decimalSeparator=","
          thousandSeparator="."
          decimalScale={1}
          allowNegative={false}
          clampBehavior="none"
          min={0}
          max={100}
          hideControls
        />
        <Button
          onClick={() => void simpan()}
          disabled={!changed}
          loading={busy}
          aria-label={`${t.simpan}: ${t.persen} ${jalur}`}
        >
          {t.simpan}
        </Button>
        <Text size="sm" c="dimmed" pt={6}>
          {sampel.diubahAt ? t.diubah(formatWaktu(sampel.diubahAt), sampel.diubahOleh ?? '–') : t.bawaan}
        </Text>
      </Group>
    </Paper>
  );
}

export function SampelPanel() {
  const sampel = useQuery({ queryKey: ['sampel-verifikasi'], queryFn: ({ signal }) => getSampel(signal) });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sampel-judul">
      <Stack gap="xs">
        <Title order={2} size="h4" id="sampel-judul">
          {t.judul}
        </Title>
        <Text size="sm" c="dimmed">
          {t.keterangan}
        </Text>
        {sampel.isPending && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t.memuat}</Text>
          </Group>
        )}
        {sampel.isError && <Alert color="red">{`${t.gagalMemuat} ${errorMessage(sampel.error)}`}</Alert>}
        {sampel.data && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="sampel-judul">
            {sampel.data.map((row) => (
              // Keyed by its saved value too: a save (or another tab's) starts the row afresh.
              <BarisSampel key={`${row.track}-${row.persen}-${row.diubahAt}`} sampel={row} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
