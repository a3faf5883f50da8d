// /builder, "Pengaturan Tampilan" (spec §3): every field of the layout configuration. Each change
// is previewed live by the whole layout (the store's draft) and in the sketch beside the form;
// "Simpan" stores it under the version-prefixed layoutConfig key, "Kembalikan ke bawaan" forgets
// it. Leaving with unsaved changes asks first; a draft never outlives the page.

import {
  Alert,
  Button,
  CheckIcon,
  ColorSwatch,
  Group,
  Modal,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { LOGIN_PATH } from '@portal/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';
import { idBuilder } from '../../i18n/builder';
import {
  currentLayoutConfig,
  discardLayoutDraft,
  type LayoutConfig,
  normaliseLayoutConfig,
  PRIMARY_COLORS,
  type PrimaryColor,
  previewLayoutConfig,
  resetLayoutConfig,
  savedLayoutConfig,
  saveLayoutConfig,
  useHasLayoutDraft,
} from '../../layout/layoutConfig';
import { Kartu } from '../../ui/Kartu';
import { showSuccess } from '../../ui/toast';
import { LayoutSketch } from './LayoutSketch';

const t = idBuilder;

function Group_({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} px={4}>
        {title}
      </Text>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

export function BuilderPage() {
  const [config, setConfig] = useState<LayoutConfig>(currentLayoutConfig);
  const dirty = useHasLayoutDraft();

  // A draft exists only while this page is open.
  useEffect(() => discardLayoutDraft, []);

  const change = (next: LayoutConfig) => {
    const normalised = normaliseLayoutConfig(next);
    setConfig(normalised);
    if (JSON.stringify(normalised) === JSON.stringify(savedLayoutConfig())) discardLayoutDraft();
    else previewLayoutConfig(normalised);
  };
  const set = <K extends keyof LayoutConfig>(key: K, value: Partial<LayoutConfig[K]>) => {
    const current = config[key];
    change({ ...config, [key]: typeof current === 'object' ? { ...current, ...value } : value });
  };

  // Signing out is never held up; the draft goes with the page.
  const blocker = useBlocker(({ nextLocation }) => dirty && nextLocation.pathname !== LOGIN_PATH);
  useBeforeUnload((event) => {
    if (dirty) event.preventDefault();
  });

  const save = () => {
    setConfig(saveLayoutConfig(config));
    showSuccess(t.saved);
  };
  const reset = () => {
    setConfig(resetLayoutConfig());
    showSuccess(t.resetDone);
  };
  const cancel = () => {
    discardLayoutDraft();
    setConfig(savedLayoutConfig());
  };

  return (
    <Stack gap="md">
      <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
        {t.intro}
      </Alert>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <Group_ title={t.header}>
            <Switch
              label={t.headerFixedDesktop}
              checked={config.header.fixedDesktop}
              onChange={(event) => set('header', { fixedDesktop: event.currentTarget.checked })}
            />
            <Switch
              label={t.headerFixedMobile}
              checked={config.header.fixedMobile}
              onChange={(event) => set('header', { fixedMobile: event.currentTarget.checked })}
            />
          </Group_>

          <Group_ title={t.subheader}>
            <Switch
              label={t.subheaderDisplay}
              checked={config.subheader.display}
              onChange={(event) => set('subheader', { display: event.currentTarget.checked })}
            />
            <Switch
              label={t.subheaderFixed}
              description={t.subheaderFixedHint}
              checked={config.subheader.fixed}
              disabled={!config.header.fixedDesktop || !config.subheader.display}
              onChange={(event) => set('subheader', { fixed: event.currentTarget.checked })}
            />
          </Group_>

          <Group_ title={t.aside}>
            <Switch
              label={t.asideDisplay}
              description={t.asideHint}
              checked={config.aside.display}
              onChange={(event) => set('aside', { display: event.currentTarget.checked })}
            />
            <Switch
              label={t.asideFixed}
              checked={config.aside.fixed}
              disabled={!config.aside.display}
              onChange={(event) => set('aside', { fixed: event.currentTarget.checked })}
            />
            <Switch
              label={t.asideMinimize}
              checked={config.aside.minimize}
              disabled={!config.aside.display}
              onChange={(event) => set('aside', { minimize: event.currentTarget.checked })}
            />
          </Group_>

          <Group_ title={t.footer}>
            <Switch
              label={t.footerFixed}
              checked={config.footer.fixed}
              onChange={(event) => set('footer', { fixed: event.currentTarget.checked })}
            />
          </Group_>

          <Group_ title={t.content}>
            <SegmentedControl
              aria-label={t.content}
              value={config.content.width}
              onChange={(value) => set('content', { width: value as LayoutConfig['content']['width'] })}
              data={[
                { value: 'fluid', label: t.contentFluid },
                { value: 'fixed', label: t.contentFixed },
              ]}
            />
          </Group_>

          <Group_ title={t.userPanel}>
            <SegmentedControl
              aria-label={t.userPanel}
              value={config.extras.userPanel}
              onChange={(value) => set('extras', { userPanel: value as LayoutConfig['extras']['userPanel'] })}
              data={[
                { value: 'offcanvas', label: t.userPanelOffcanvas },
                { value: 'dropdown', label: t.userPanelDropdown },
              ]}
            />
          </Group_>

          <Group_ title={t.primaryColor}>
            <Radio.Group
              aria-label={t.primaryColor}
              value={config.primaryColor}
              onChange={(value) => change({ ...config, primaryColor: value as PrimaryColor })}
            >
              <Group gap="md">
                {PRIMARY_COLORS.map((color) => (
                  <Radio.Card
                    key={color}
                    value={color}
                    radius="md"
                    p={6}
                    w="auto"
                    aria-label={t.colors[color]}
                    style={{ display: 'flex', alignItems: 'center', gap: 8 }}
                  >
                    <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={24} component="span">
                      {config.primaryColor === color && <CheckIcon size={12} color="white" />}
                    </ColorSwatch>
                    <Text size="sm" component="span" pr={4}>
                      {t.colors[color]}
                    </Text>
                  </Radio.Card>
                ))}
              </Group>
            </Radio.Group>
          </Group_>
        </Stack>

        <Stack gap="md">
          <Kartu title={t.preview}>
            <LayoutSketch config={config} />
          </Kartu>
          <Paper withBorder p="md" className="portal-builder-actions">
            <Stack gap="sm">
              <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'} role="status">
                {dirty ? t.unsaved : '\u00a0'}
              </Text>
              <Group gap="sm">
                <Button onClick={save} disabled={!dirty}>
                  {t.save}
                </Button>
                <Button variant="default" onClick={cancel} disabled={!dirty}>
                  {t.cancel}
                </Button>
                <Button variant="subtle" color="red" onClick={reset}>
                  {t.reset}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Stack>
      </SimpleGrid>

      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t.leaveTitle} centered>
        <Text size="sm" mb="lg">
          {t.leaveMessage}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t.stay}
          </Button>
          <Button
            color="red"
            onClick={() => {
              discardLayoutDraft();
              blocker.proceed?.();
            }}
          >
            {t.leave}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
