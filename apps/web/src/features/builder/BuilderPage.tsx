// /builder (Pengaturan Tampilan): the layout-configuration editor comes later (spec §3); the
// subheader shows its title and breadcrumbs.

import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { id } from '../../i18n/id';

export function BuilderPage() {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} role="status">
      {id.common.comingSoon}
    </Alert>
  );
}
