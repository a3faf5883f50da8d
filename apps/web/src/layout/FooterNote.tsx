// The portal's footer line, the same under the main layout and the public pages.

import { Text } from '@mantine/core';
import { idApp } from '../i18n/app';

export function FooterNote() {
  return (
    <Text size="xs" c="dimmed">
      {idApp.footer}
    </Text>
  );
}
