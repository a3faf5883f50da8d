// A track screen or its detail page whose feature is not built yet: the subheader already shows
// title and breadcrumbs; the page says so plainly rather than showing invented data.

import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { id } from '../../i18n/id';

export function TrackScreenPage() {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} role="status">
      {id.common.comingSoon}
    </Alert>
  );
}
