// The objection lists (issue #5) as screens: Jawab Sanggah (`/{track}/sanggah`; every instansi for
// wasdal), Sanggah Afirmasi (`/{track}/sanggah-afirmasi`) and the Nakes admin's reset list
// (`/nakes/admin-reset-jawab-sanggah`); their descriptions are in daftar.tsx.

import type { TrackId } from '@portal/contract';
import { NationalListScreen } from '../../ui/NationalListScreen';
import { sanggahDescription } from './daftar';

export const jawab = (track: TrackId, title: string, national: boolean) =>
  sanggahDescription('jawab', track, title, national);
export const reset = (track: TrackId, title: string, national: boolean) =>
  sanggahDescription('reset', track, title, national);
export const afirmasi = (track: TrackId, title: string, national: boolean) =>
  sanggahDescription('afirmasi', track, title, national);

/** /{track}/sanggah */
export function JawabSanggahPage() {
  return <NationalListScreen describe={jawab} />;
}

/** /nakes/admin-reset-jawab-sanggah */
export function ResetJawabSanggahPage() {
  return <NationalListScreen describe={reset} />;
}

/** /{track}/sanggah-afirmasi */
export function SanggahAfirmasiPage() {
  return <NationalListScreen describe={afirmasi} />;
}
