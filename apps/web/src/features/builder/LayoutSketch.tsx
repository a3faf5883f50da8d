// A small drawing of the layout a configuration gives on a desktop screen: header, aside (full,
// minimised or absent), subheader, content (fluid or fixed) and footer, with pins on what stays
// fixed. It is decoration for sighted users; the form says everything in words.

import { Box, Group, Text } from '@mantine/core';
import { IconPin } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import type { LayoutConfig } from '../../layout/layoutConfig';

const color = (shade: number, primary: string) => `var(--mantine-color-${primary}-${shade})`;

function Bar({ label, fixed, style }: { label: string; fixed?: boolean; style: CSSProperties }) {
  return (
    <Group gap={4} px={6} h="100%" wrap="nowrap" style={{ borderRadius: 4, ...style }}>
      <Text size="10px" fw={600} c="inherit" truncate>
        {label}
      </Text>
      {fixed && <IconPin size={10} aria-hidden />}
    </Group>
  );
}

export function LayoutSketch({ config }: { config: LayoutConfig }) {
  const primary = config.primaryColor;
  const asideWidth = !config.aside.display ? 0 : config.aside.minimize ? 22 : 64;
  const block = (children: ReactNode, height: number, style: CSSProperties = {}) => (
    <Box h={height} style={{ flex: 'none', ...style }}>
      {children}
    </Box>
  );
  return (
    <Box
      aria-hidden
      data-testid="layout-sketch"
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        height: 220,
        padding: 6,
        borderRadius: 8,
        background: 'var(--mantine-color-gray-1)',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      {block(
        <Bar
          label="Header"
          fixed={config.header.fixedDesktop}
          style={{ background: color(6, primary), color: '#fff' }}
        />,
        24,
      )}
      <Box style={{ flex: 1, display: 'flex', gap: 4, minHeight: 0 }}>
        {asideWidth > 0 && (
          <Box w={asideWidth} style={{ flex: 'none', display: 'flex', flexDirection: 'column', gap: 3 }}>
            <Bar
              label={config.aside.minimize ? '' : 'Aside'}
              fixed={config.aside.fixed}
              style={{
                background: color(1, primary),
                color: color(8, primary),
                alignItems: 'flex-start',
                paddingTop: 4,
              }}
            />
          </Box>
        )}
        <Box style={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          {config.subheader.display &&
            block(
              <Bar label="Subheader" fixed={config.subheader.fixed} style={{ background: '#fff', color: '#495057' }} />,
              18,
            )}
          <Box
            style={{
              flex: 1,
              margin: config.content.width === 'fixed' ? '0 12%' : 0,
              borderRadius: 4,
              background: '#fff',
              border: `1px dashed ${color(3, primary)}`,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Text size="10px" c="dimmed">
              Konten {config.content.width === 'fixed' ? '(tetap)' : '(penuh)'}
            </Text>
          </Box>
          {block(
            <Bar
              label="Footer"
              fixed={config.footer.fixed}
              style={{ background: '#fff', color: 'var(--mantine-color-dimmed)' }}
            />,
            16,
          )}
        </Box>
      </Box>
    </Box>
  );
}
