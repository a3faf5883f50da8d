// The wording of `app` (one file per part of the dictionary: apps/web/src/i18n/README.md).

import { APP_VERSION } from '@portal/contract';

export const idApp = {
  name: 'Portal Verifikasi ASN',
  /** document.title of a route: "Verifikasi – Portal Verifikasi ASN". */
  judul: (halaman: string | null) => (halaman ? `${halaman} – Portal Verifikasi ASN` : 'Portal Verifikasi ASN'),
  tagline: 'Verifikasi Seleksi Calon ASN',
  footer: `© 2026 Portal Verifikasi ASN · versi ${APP_VERSION}`,
} as const;
