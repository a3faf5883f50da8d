// Issue #18: docs/impor.md's column tables, written from the same definitions the validator uses
// (`npm run impor:docs` rewrites them; a test fails when the file and the definitions differ).

import { IMPOR_JENIS_NAMA } from '@portal/contract';
import { JENIS_IMPOR, JENIS_TERSEDIA } from './kinds.js';

export const DOCS_START = '<!-- kolom: dibuat dari apps/server/src/modules/impor/kinds.ts -->';
export const DOCS_END = '<!-- /kolom -->';

const cell = (text: string) => text.replaceAll('|', '\\|') || '–';

export function kolomMarkdown(): string {
  return JENIS_TERSEDIA.map((jenis) => {
    const def = JENIS_IMPOR[jenis];
    const rows = def.kolom.map(
      (k) => `| \`${k.nama}\` | ${k.tipe} | ${k.wajib ? 'ya' : 'tidak'} | ${cell(k.contoh)} | ${cell(k.keterangan)} |`,
    );
    return [
      `### \`${jenis}\` — ${IMPOR_JENIS_NAMA[jenis]}`,
      '',
      `Kunci alami: ${def.kunci.map((c) => `\`${c}\``).join(' + ')}.`,
      '',
      '| kolom | tipe | wajib | contoh | keterangan |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n');
  }).join('\n\n');
}
