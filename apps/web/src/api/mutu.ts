// Issue #34: the sample rate of the blind second verification (Jadwal Tahapan, national operator).

import type { SampelUbah, SampelVerifikasi } from '@portal/contract';
import { request } from './http';

export const getSampel = (signal?: AbortSignal) => request<SampelVerifikasi>('/admin/sampel-verifikasi', { signal });

export const simpanSampel = (body: SampelUbah) =>
  request<SampelVerifikasi[number]>('/admin/sampel-verifikasi', { method: 'PUT', body });
