// The role-aware figures of /dashboard (GET /api/dashboard): a section per track with stat cards
// (linked to the screen where the work is) and small charts – stacked bars for parts of a whole,
// as on the Dashboard Konfirmasi, and a seven-day bar chart – each with its numbers as text.

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  formatAngka as angka,
  type DashboardCard,
  type DashboardChart,
  type DashboardSection,
  formatTanggal,
  formatTanggalPanjang,
  formatBagian as persen,
  TRACKS,
} from '@portal/contract';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDashboard } from '../../api/dashboard';
import { idDashboard } from '../../i18n/dashboard';
import './dashboard.css';

const t = idDashboard;
const kartuLabel = (key: string) => t.kartu[key] ?? key;
const grafikLabel = (key: string) => t.grafik[key] ?? key;
const titikLabel = (chart: string, label: string) => t.titik[chart]?.[label] ?? label;

/** Colours of the parts of a whole: waiting grey, good teal, bad red, in between orange. */
const WARNA: Record<string, string> = {
  BELUM: 'gray.4',
  MENUNGGU: 'yellow.5',
  DIAJUKAN: 'yellow.5',
  MS: 'teal.6',
  DISETUJUI: 'teal.6',
  DITERIMA: 'teal.6',
  DIKONFIRMASI: 'teal.6',
  VALID: 'teal.6',
  TMS: 'red.6',
  TIDAK_VALID: 'red.6',
  DITOLAK: 'red.6',
  TIDAK_DIUSULKAN: 'red.6',
  DIKEMBALIKAN: 'orange.6',
};

function StatCard({ card }: { card: DashboardCard }) {
  const label = kartuLabel(card.key);
  const value = card.format === 'ya-tidak' ? (card.value === 1 ? t.terkunci : t.belumTerkunci) : angka(card.value);
  const dari = card.total !== null ? t.dariTotal(angka(card.total), persen(card.value, card.total)) : null;
  // The link's name holds all of its visible text in reading order (WCAG 2.5.3, issue #32); the
  // spaces between the lines keep their words apart in the text too ("Jumlah pelamar 480", not
  // "pelamar480"), which is what label-in-name checks compare.
  const name = dari ? `${label}: ${value} ${dari}` : `${label}: ${value}`;
  const body = (
    <Stack gap={4} h="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {card.href && <IconArrowRight size={16} aria-hidden style={{ flexShrink: 0 }} />}
      </Group>{' '}
      <Text
        size="xl"
        fw={700}
        data-testid={`kartu-${card.key}`}
        c={card.format === 'ya-tidak' && card.value === 1 ? 'teal.8' : undefined}
      >
        {value}
      </Text>
      {card.total !== null && (
        <>
          {' '}
          <Text size="xs" c="dimmed">
            {dari}
          </Text>
          <Progress
            size="sm"
            value={card.total === 0 ? 0 : (card.value / card.total) * 100}
            aria-label={`${label}: ${persen(card.value, card.total)}`}
          />
        </>
      )}
    </Stack>
  );
  return card.href ? (
    <Card component={Link} to={card.href} withBorder padding="md" radius="md" aria-label={name}>
      {body}
    </Card>
  ) : (
    <Card withBorder padding="md" radius="md">
      {body}
    </Card>
  );
}

/** Parts of a whole as one stacked bar, with a legend that carries the numbers. */
function KategoriChart({ chart }: { chart: DashboardChart }) {
  const total = chart.points.reduce((sum, point) => sum + point.value, 0);
  const label = grafikLabel(chart.key);
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0}>
      <Text component="figcaption" size="sm" fw={600} mb="xs">
        {label}
      </Text>
      <Progress.Root size="lg" aria-hidden>
        {chart.points.map((point) => (
          <Progress.Section
            key={point.label}
            value={total === 0 ? 0 : (point.value / total) * 100}
            color={WARNA[point.label] ?? 'blue.6'}
          />
        ))}
      </Progress.Root>
      <Group component="ul" gap="md" mt="xs" style={{ listStyle: 'none', padding: 0, margin: 0, rowGap: 4 }}>
        {chart.points.map((point) => (
          <Group component="li" key={point.label} gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(--mantine-color-${(WARNA[point.label] ?? 'blue.6').replace('.', '-')})`,
              }}
            />
            <Text size="xs">
              {titikLabel(chart.key, point.label)}: <b>{angka(point.value)}</b> ({persen(point.value, total)})
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}

/** One bar per day, oldest first; every bar shows its number and its day. */
function HarianChart({ chart }: { chart: DashboardChart }) {
  const max = Math.max(1, ...chart.points.map((point) => point.value));
  const total = chart.points.reduce((sum, point) => sum + point.value, 0);
  const label = grafikLabel(chart.key);
  const last = chart.points.length - 1;
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0}>
      <Text component="figcaption" size="sm" fw={600} mb="xs">
        {t.ringkasHarian(label, total)}
      </Text>
      <ol className="dashboard-harian">
        {chart.points.map((point, index) => (
          <li key={point.label}>
            <span className="dashboard-harian-nilai">{angka(point.value)}</span>
            <span
              className="dashboard-harian-batang"
              aria-hidden
              style={{ height: `${Math.max(2, (point.value / max) * 72)}px` }}
              data-hari-ini={index === last || undefined}
            />
            <span className="dashboard-harian-hari">
              {index === last ? t.hariIni : formatTanggal(point.label).slice(0, 5)}
            </span>
          </li>
        ))}
      </ol>
    </Paper>
  );
}

function Section({ section, instansi }: { section: DashboardSection; instansi: string }) {
  const headingId = `dashboard-${section.track}`;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="md" gap="xs">
        <div>
          <Title id={headingId} order={3} size="h5" fw={600}>
            {TRACKS[section.track].title}
          </Title>
          <Text size="sm" c="dimmed">
            {section.cakupan === 'nasional' ? t.nasional : instansi}
          </Text>
        </div>
        <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {section.peran.map((peran) => (
            <li key={peran}>
              <Badge variant="light" radius="sm" tt="none">
                {t.peran[peran] ?? peran}
              </Badge>
            </li>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
        {section.cards.map((card) => (
          <StatCard key={`${card.peran}:${card.key}`} card={card} />
        ))}
      </SimpleGrid>
      {section.charts.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="md">
          {section.charts.map((chart) =>
            chart.kind === 'harian' ? (
              <HarianChart key={`${chart.peran}:${chart.key}`} chart={chart} />
            ) : (
              <KategoriChart key={`${chart.peran}:${chart.key}`} chart={chart} />
            ),
          )}
        </SimpleGrid>
      )}
    </Paper>
  );
}

export function DashboardFigures({ instansi }: { instansi: string }) {
  const query = useDashboard();
  const sections = Array.isArray(query.data?.sections) ? query.data.sections : [];
  return (
    <section aria-labelledby="dashboard-angka" aria-busy={query.isPending}>
      <Group justify="space-between" mb="md" gap="xs">
        <div>
          <Title id="dashboard-angka" order={2} size="h4" fw={600}>
            {t.angka}
          </Title>
          {query.data?.tanggal && (
            <Text size="xs" c="dimmed">
              {t.perTanggal(formatTanggalPanjang(query.data.tanggal))}
            </Text>
          )}
        </div>
        {query.data && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t.perbarui}
          </Button>
        )}
      </Group>
      {query.isPending && (
        <Stack gap="md" aria-label={t.memuat}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} h={104} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton h={120} radius="md" />
        </Stack>
      )}
      {query.isError && !query.data && (
        <Alert color="red" role="alert" title={t.gagal}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t.cobaLagi}
            </Button>
          </Stack>
        </Alert>
      )}
      {query.data && sections.length === 0 && <Text c="dimmed">{t.kosong}</Text>}
      {sections.length > 0 && (
        <Stack gap="lg">
          {sections.map((section) => (
            <Section key={section.track} section={section} instansi={instansi} />
          ))}
        </Stack>
      )}
    </section>
  );
}
