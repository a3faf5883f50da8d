// A track screen or its detail page whose feature is not built yet: the subheader already shows
// title and breadcrumbs; the page says so plainly rather than showing invented data.

import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { idCommon } from '../../i18n/common';

export function TrackScreenPage() {
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} role="status">
      {idCommon.comingSoon}
    </Alert>
  );
}
