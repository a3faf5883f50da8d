// Mock mode (spec §8): the in-memory API's error semantics, its collections and sign-in, and that
// installing it routes the one HTTP client away from the network.

import { DEMO_ACCOUNTS, DEMO_PASSWORD, MOCK_DELAY_MS } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request as httpRequest, setTransport } from '../http';
import { handle, mockConfig } from './api';
import { APPLICANT_COUNT } from './data';
import { installMock } from './install';

async function call(method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await handle(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

afterEach(async () => {
  await call('POST', '/api/commands/resetDb');
  setTransport((url, init) => fetch(url, init));
  mockConfig.delayMs = MOCK_DELAY_MS;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('mock API errors (spec §8)', () => {
  it.each([
    ['an unknown collection', 'GET', '/api/tidak-ada', undefined, 404, 'COLLECTION_NOT_FOUND'],
    ['an unsupported method', 'PATCH', '/api/pelamar/1', { nama: 'x' }, 405, 'METHOD_NOT_ALLOWED'],
    ['DELETE on a whole collection', 'DELETE', '/api/pelamar', undefined, 405, 'METHOD_NOT_ALLOWED'],
    ['an id in the body that differs from the URL', 'PUT', '/api/pelamar/1', { id: 2, nama: 'x' }, 400, 'ID_MISMATCH'],
    ['a non-numeric id', 'GET', '/api/pelamar/abc', undefined, 422, 'INVALID_ID'],
    ['an unknown command', 'POST', '/api/commands/hapusSemua', {}, 500, 'UNKNOWN_COMMAND'],
  ])('%s', async (_case, method, path, body, status, error) => {
    const response = await call(method, path, body);
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.message.length).toBeGreaterThan(5);
  });
});

describe('mock collections', () => {
  it('lists generated applicants in pages, with search', async () => {
    const first = await call('GET', '/api/pelamar?page=2&pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.recordsTotal).toBe(APPLICANT_COUNT);
    expect(first.body.summaries).toEqual([]);
    expect(first.body.data.map((row: { id: number }) => row.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(first.body.data[0]).toMatchObject({ nik: expect.stringMatching(/^\d{16}$/), nama: expect.any(String) });

    const name = first.body.data[0].nama as string;
    const found = await call('GET', `/api/pelamar?searchTerm=${encodeURIComponent(name)}`);
    expect(found.body.recordsTotal).toBeGreaterThan(0);
    expect(found.body.recordsTotal).toBeLessThan(APPLICANT_COUNT);
    expect(found.body.data.every((row: { nama: string }) => row.nama.includes(name))).toBe(true);
  });

  it('creates, reads, updates and deletes; resetDb restores the seed', async () => {
    const created = await call('POST', '/api/pelamar', { nama: 'Pelamar Baru', status: 'BELUM_DIVERIFIKASI' });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(APPLICANT_COUNT + 1);

    const updated = await call('PUT', `/api/pelamar/${created.body.id}`, { id: created.body.id, status: 'MS' });
    expect(updated.body).toMatchObject({ nama: 'Pelamar Baru', status: 'MS' });
    expect((await call('GET', `/api/pelamar/${created.body.id}`)).body.status).toBe('MS');

    expect((await call('DELETE', `/api/pelamar/${created.body.id}`)).status).toBe(204);
    expect((await call('GET', `/api/pelamar/${created.body.id}`)).status).toBe(404);

    await call('DELETE', '/api/pelamar/1');
    await call('POST', '/api/commands/resetDb');
    expect((await call('GET', '/api/pelamar/1')).status).toBe(200);
  });
});

describe('mock applicant lists', () => {
  it('answers a track list with its table state: rows in the real shape, summaries, detail', async () => {
    const state = {
      filter: { statusVerifikasi: 'MS' },
      paginator: { page: 1, pageSize: 5 },
      sorting: { column: 'nama', direction: 'asc' },
      searchTerm: '',
    };
    const answer = await call('POST', '/api/cpns/admin/filter', state);
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeLessThanOrEqual(5);
    expect(answer.body.data.every((row: { statusVerifikasi: string }) => row.statusVerifikasi === 'MS')).toBe(true);
    expect(answer.body.data[0]).toMatchObject({
      noPeserta: expect.any(String),
      jabatanNama: expect.any(String),
      instansi: { nama: expect.any(String) },
    });
    const ms = answer.body.summaries.find((summary: { statusVerifikasi: string }) => summary.statusVerifikasi === 'MS');
    expect(ms.jumlah).toBe(answer.body.recordsTotal);
    const names = answer.body.data.map((row: { nama: string }) => row.nama);
    expect([...names].sort()).toEqual(names);

    const detail = await call('GET', `/api/cpns/admin/${answer.body.data[0].id}`);
    expect(detail.body).toMatchObject({
      id: answer.body.data[0].id,
      alamat: expect.any(String),
      dokumen: expect.arrayContaining([expect.objectContaining({ jenis: 'KTP' })]),
      temuanDokumen: expect.any(Array),
      verifikasi: expect.objectContaining({ version: 1 }),
    });
    expect((await call('POST', '/api/cpns/tidak-ada/filter', state)).status).toBe(404);
    expect((await call('GET', '/api/cpns/admin/filter')).status).toBe(405);
  });

  it('answers a list screen’s export lookup with none (its exports are files, never jobs: issue #33)', async () => {
    const answer = await call('GET', `/api/ekspor?${new URLSearchParams({ halaman: '/cpns/rekap-pelamar' })}`);
    expect(answer).toEqual({ status: 200, body: { ekspor: null } });
    const exported = await handle(
      new Request('http://localhost/api/cpns/admin/export', {
        method: 'POST',
        body: JSON.stringify({ format: 'csv' }),
      }),
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Type')).toContain('text/csv');
  });
});

describe('mock reading of documents (issue #35)', () => {
  it('gives applicants findings as the list says, and draws their documents', async () => {
    const state = { filter: { temuanOtomatis: 'BERAT' }, paginator: { page: 1, pageSize: 5 }, searchTerm: '' };
    const answer = await call('POST', '/api/cpns/verifikator/filter', state);
    expect(answer.body.data.length).toBeGreaterThan(0);
    expect(answer.body.data.every((row: { temuanOtomatis: string }) => row.temuanOtomatis === 'BERAT')).toBe(true);
    const id = answer.body.data[0].id;
    const detail = await call('GET', `/api/cpns/verifikator/${id}`);
    const nik = detail.body.temuanDokumen.find((temuan: { kode: string }) => temuan.kode === 'NIK_BERBEDA');
    expect(nik).toMatchObject({ tingkat: 'BERAT', alasan: 'DOKUMEN_TIDAK_TERBACA', kotak: { halaman: 1 } });
    expect(detail.body.temuanDokumen.map((temuan: { kode: string }) => temuan.kode)).toContain('NAMA_MIRIP');

    const ktp = await handle(new Request(`http://localhost/api/cpns/verifikator/${id}/dokumen/${nik.dokumenId}`));
    expect(ktp.status).toBe(200);
    expect(ktp.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(await ktp.text()).toContain(nik.nilaiBaca);
    expect((await call('GET', `/api/cpns/verifikator/${id}/dokumen/1`)).status).toBe(404);
  });
});

describe('mock sign-in', () => {
  const account = DEMO_ACCOUNTS.find((candidate) => !candidate.totp);

  it('signs a demo account in and answers check-token with its principal and menus', async () => {
    const login = await call('POST', '/api/auth/login', { username: account?.username, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const principal = await call('GET', '/api/auth/check-token', undefined, login.body.accessToken);
    expect(principal.body.mapData.data).toMatchObject({ username: account?.username, fullname: account?.fullname });
    expect(principal.body.mapData.data.menus.length).toBeGreaterThan(0);

    expect((await call('POST', '/api/auth/logout', undefined, login.body.accessToken)).status).toBe(204);
    expect((await call('GET', '/api/auth/check-token', undefined, login.body.accessToken)).status).toBe(401);
  });

  it('refuses a wrong password and asks the 2FA account for its OTP', async () => {
    const wrong = await call('POST', '/api/auth/login', { username: account?.username, password: 'salah' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'INVALID_CREDENTIALS' } });
    const twoFactor = DEMO_ACCOUNTS.find((candidate) => candidate.totp);
    const otp = await call('POST', '/api/auth/login', { username: twoFactor?.username, password: DEMO_PASSWORD });
    expect(otp).toMatchObject({ status: 401, body: { error: 'OTP_REQUIRED' } });
  });
});

describe('installMock', () => {
  it('answers the HTTP client after the 500 ms delay, never over the network', async () => {
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    vi.useFakeTimers();
    installMock();

    let settled = false;
    const pending = httpRequest<{ recordsTotal: number }>('/pelamar?pageSize=5').then((result) => {
      settled = true;
      return result;
    });
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).recordsTotal).toBe(APPLICANT_COUNT);

    const failure = httpRequest('/tidak-ada').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    expect(await failure).toMatchObject({ status: 404, code: 'COLLECTION_NOT_FOUND' });
    expect(network).not.toHaveBeenCalled();
  });
});
