// The frame of every decision on a detail page (issue #19): the choice, the page's fields, what
// is wrong, a 409 with its reload, the buttons with their shortcuts, the help overlay and the
// confirmation dialog. Behaviour comes from useDecision; the page only describes.

import { Alert, Button, Group, Kbd, Modal, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { idKeputusan } from '../../i18n/keputusan';
import type { Decision } from './useDecision';

const t = idKeputusan;

export interface Choice<C extends string> {
  value: C;
  label: string;
  color: string;
}

/** The two outcomes of most decisions, [value, label] each: the one that accepts (teal), the one that refuses (red). */
export function acceptOrRefuse<const C extends string>(
  accept: readonly [C, string],
  refuse: readonly [C, string],
): Choice<C>[] {
  return [
    { value: accept[0], label: accept[1], color: 'teal' },
    { value: refuse[0], label: refuse[1], color: 'red' },
  ];
}

/**
 * The choice between a few outcomes. Its labels wrap instead of being cut off when the panel is
 * narrow (a phone: "TMS – Tidak Memenuhi" needs more than half of 340 px).
 */
export function ChoiceControl<C extends string>({
  label,
  choices,
  value,
  onChange,
  mb,
}: {
  label: string;
  choices: Choice<C>[];
  value: C | null;
  onChange: (value: C) => void;
  mb?: string;
}) {
  return (
    <SegmentedControl
      fullWidth
      aria-label={label}
      data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
      value={value ?? ''}
      onChange={(next) => onChange(next as C)}
      color={choices.find((choice) => choice.value === value)?.color ?? 'blue'}
      mb={mb}
      styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3, height: '100%' }, control: { minWidth: 0 } }}
    />
  );
}

const hotkeyLabel = (hotkey: 'Enter' | 's') => (hotkey === 'Enter' ? 'Ctrl + Enter' : 'Ctrl + S');

function Help<D>({ decision }: { decision: Decision<D> }) {
  const { shortcuts, actions } = decision.spec;
  // The buttons' own keys are listed unless the page lists them itself.
  const lines: [string, string][] = [
    ...shortcuts,
    ...actions.flatMap((action): [string, string][] =>
      action.hotkey && !shortcuts.some(([keys]) => keys === hotkeyLabel(action.hotkey as 'Enter' | 's'))
        ? [[hotkeyLabel(action.hotkey), action.label]]
        : [],
    ),
  ];
  return (
    <Modal opened={decision.help} onClose={() => decision.setHelp(false)} title={t.pintasan} centered>
      <Table>
        <Table.Tbody>
          {lines.map(([keys, what]) => (
            <Table.Tr key={keys}>
              <Table.Td w={120}>
                <Kbd>{keys}</Kbd>
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td w={120}>
              <Kbd>?</Kbd>
            </Table.Td>
            <Table.Td>{t.pintasan}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

/** The button opening the help overlay (also on "?"). */
export function ShortcutsButton<D>({ decision }: { decision: Decision<D> }) {
  return (
    <Button
      variant="subtle"
      size="xs"
      leftSection={<IconKeyboard size={16} aria-hidden />}
      onClick={() => decision.setHelp(true)}
    >
      {t.pintasan} <Kbd ml={6}>?</Kbd>
    </Button>
  );
}

/** What is wrong, the 409, the buttons, the help and the confirmation: under the page's fields. */
export function DecisionFooter<D>({ decision }: { decision: Decision<D> }) {
  const { spec, confirming } = decision;
  const first = spec.actions[0]?.id ?? '';
  const outcome = spec.outcome(decision.draft, first);
  return (
    <Stack gap="xs">
      {decision.problem && (
        <Alert color="red" p="xs" role="alert">
          {decision.problem}
        </Alert>
      )}
      {decision.conflict && (
        <Alert color="orange" role="alert" title={decision.conflict}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t.kirimUlang}</Text>
            <Button size="xs" variant="light" color="orange" onClick={decision.reload}>
              {t.muatUlang}
            </Button>
          </Stack>
        </Alert>
      )}
      {!outcome.settles && (
        <Text size="xs" c="dimmed">
          {outcome.note}
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <ShortcutsButton decision={decision} />
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {spec.actions.map((action) => (
            <Button
              key={action.id}
              variant={action.variant ?? 'filled'}
              color={action.color}
              leftSection={action.leftSection}
              loading={decision.pending === action.id}
              disabled={decision.pending !== null && decision.pending !== action.id}
              onClick={() => decision.request(action.id)}
            >
              {action.label}
              {action.hotkey && (
                <Kbd ml={6} size="xs" aria-hidden>
                  {hotkeyLabel(action.hotkey).replaceAll(' ', '')}
                </Kbd>
              )}
            </Button>
          ))}
        </Group>
      </Group>
      <Help decision={decision} />
      <Modal opened={confirming !== null} onClose={decision.cancel} title={confirming?.outcome.title} centered>
        {confirming && (
          <Stack>
            <Text size="sm" component="div">
              {confirming.outcome.describe}
            </Text>
            <Text size="sm">{confirming.outcome.ask}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={decision.cancel}>
                {t.batal}
              </Button>
              <Button
                color={spec.actions.find((action) => action.id === confirming.action)?.color}
                loading={decision.pending !== null}
                onClick={decision.confirm}
                data-autofocus
              >
                {spec.actions.find((action) => action.id === confirming.action)?.label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** A decision in its card: title, the draft's restore notice, the choice, the fields, the footer. */
export function DecisionPanel<D, C extends string>({
  decision,
  title,
  choice,
  children,
}: {
  decision: Decision<D>;
  title?: string;
  choice?: { label: string; choices: Choice<C>[]; value: C | null; onChange: (value: C) => void };
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title ?? choice?.label}>
      <Stack gap="sm">
        {title && (
          <Title order={3} size="h6">
            {title}
          </Title>
        )}
        {decision.restored && (
          <Alert color="blue" p="xs">
            {t.drafPulih}
          </Alert>
        )}
        {choice && <ChoiceControl {...choice} />}
        {children}
        <DecisionFooter decision={decision} />
      </Stack>
    </Paper>
  );
}
