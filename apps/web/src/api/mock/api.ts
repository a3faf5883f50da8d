// The in-memory API of mock mode (spec §8): it answers what the real server answers for sign-in,
// and serves generated collections the way an in-memory web API does – list, read, create,
// update, delete, plus commands – with the spec's errors: unknown collection 404, unsupported
// method 405, id in URL ≠ id in body 400, non-numeric id 422, unknown command 500. Every error
// body has the `error` code and an Indonesian `message`, like the real API's.

import {
  type ApiErrorBody,
  allowedPages,
  DEMO_ACCOUNTS,
  DEMO_INSTANSI,
  DEMO_PASSWORD,
  type DemoAccount,
  demoMenuPrincipal,
  type EksporTerakhir,
  ERROR_CODES,
  type ListResponse,
  MOCK_DELAY_MS,
  PELAMAR_LISTS,
  type Principal,
  type Session,
  TRACK_IDS,
} from '@portal/contract';
import { type Row, seedCollections } from './data';
import { mockBerkas, mockDetail } from './detail';

/** Printed when mock mode starts; the bundle test makes sure no production build contains it. */
export const MOCK_MARKER = 'portal-mock-api';

const MOCK_ERRORS = {
  collectionNotFound: 'COLLECTION_NOT_FOUND',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  idMismatch: 'ID_MISMATCH',
  invalidId: 'INVALID_ID',
  unknownCommand: 'UNKNOWN_COMMAND',
} as const;

let collections = seedCollections();
/** Revoked tokens; a token names its account, so sessions survive a page reload. */
const revoked = new Set<string>();
const accountOf = (token: string) =>
  revoked.has(token) ? undefined : DEMO_ACCOUNTS.find((account) => token.startsWith(`mock.${account.username}.`));
export const mockConfig = { delayMs: MOCK_DELAY_MS };

function json(status: number, body?: unknown): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function fail(status: number, error: string, message: string): Response {
  return json(status, { error, message } satisfies ApiErrorBody);
}

const notAllowed = (method: string, path: string) =>
  fail(405, MOCK_ERRORS.methodNotAllowed, `Metode ${method} tidak didukung untuk ${path}.`);

async function body(request: Request): Promise<Record<string, unknown>> {
  const parsed: unknown = await request.json().catch(() => ({}));
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function principalOf(account: DemoAccount): Principal {
  const flags = demoMenuPrincipal(account);
  const instansi = DEMO_INSTANSI.find((item) => item.id === account.instansiId) ?? DEMO_INSTANSI[0];
  return {
    id: DEMO_ACCOUNTS.indexOf(account) + 1,
    username: account.username,
    fullname: account.fullname,
    email: `${account.username}@demo.go.id`,
    instansi: { id: instansi.id, kode: instansi.kode, nama: instansi.nama },
    ...flags,
    authorities: [...flags.authorities],
    menus: allowedPages(flags),
  };
}

async function auth(request: Request, action: string | undefined): Promise<Response> {
  const path = `/api/auth/${action ?? ''}`;
  if (action === 'login') {
    if (request.method !== 'POST') return notAllowed(request.method, path);
    const { username, password, token } = await body(request);
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.username === username);
    if (!account || password !== DEMO_PASSWORD) {
      return fail(401, ERROR_CODES.invalidCredentials, 'Nama pengguna atau kata sandi salah.');
    }
    if (account.totp && !token) {
      return fail(401, ERROR_CODES.otpRequired, 'Masukkan kode OTP dari aplikasi autentikator Anda.');
    }
    if (account.totp && !/^\d{6}$/.test(String(token))) {
      return fail(401, ERROR_CODES.otpInvalid, 'Kode OTP salah.');
    }
    const accessToken = `mock.${account.username}.${crypto.randomUUID()}`;
    return json(200, {
      accessToken,
      refreshToken: `${accessToken}-r`,
      expiresIn: 900,
      tokenType: 'Bearer',
    } satisfies Session);
  }
  const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
  if (action === 'check-token') {
    if (request.method !== 'GET') return notAllowed(request.method, path);
    const account = accountOf(bearer);
    if (!account)
      return fail(401, ERROR_CODES.unauthenticated, 'Sesi tidak valid atau telah berakhir. Silakan masuk kembali.');
    return json(200, { mapData: { data: principalOf(account) } });
  }
  if (action === 'logout') {
    if (request.method !== 'POST') return notAllowed(request.method, path);
    revoked.add(bearer);
    return json(204);
  }
  return fail(404, MOCK_ERRORS.notFound, `Alamat ${path} tidak dikenal.`);
}

function command(name: string | undefined, payload: Record<string, unknown>): Response {
  if (name === 'resetDb') {
    collections = seedCollections();
    return json(204);
  }
  if (name === 'config') {
    if (typeof payload.delayMs === 'number' && payload.delayMs >= 0) mockConfig.delayMs = payload.delayMs;
    return json(200, { ...mockConfig });
  }
  return fail(500, MOCK_ERRORS.unknownCommand, `Perintah "${name ?? ''}" tidak dikenal.`);
}

function list(rows: Map<number, Row>, query: URLSearchParams): ListResponse<Row> {
  const term = (query.get('searchTerm') ?? '').trim().toLowerCase();
  const matching = [...rows.values()].filter(
    (row) => !term || Object.values(row).some((value) => String(value).toLowerCase().includes(term)),
  );
  const pageSize = Math.max(1, Number(query.get('pageSize')) || matching.length || 1);
  const page = Math.max(1, Number(query.get('page')) || 1);
  return { data: matching.slice((page - 1) * pageSize, page * pageSize), recordsTotal: matching.length, summaries: [] };
}

async function collection(request: Request, name: string, rawId: string | undefined, query: URLSearchParams) {
  const rows = collections.get(name);
  const path = `/api/${name}${rawId === undefined ? '' : `/${rawId}`}`;
  if (!rows) return fail(404, MOCK_ERRORS.collectionNotFound, `Koleksi "${name}" tidak dikenal.`);
  if (rawId === undefined) {
    if (request.method === 'GET') return json(200, list(rows, query));
    if (request.method !== 'POST') return notAllowed(request.method, path);
    const id = Math.max(0, ...rows.keys()) + 1;
    const row = { ...(await body(request)), id };
    rows.set(id, row);
    return json(201, row);
  }
  if (!/^\d+$/.test(rawId)) return fail(422, MOCK_ERRORS.invalidId, `Id "${rawId}" bukan angka.`);
  const id = Number(rawId);
  if (request.method === 'PUT') {
    const payload = await body(request);
    if (payload.id !== undefined && Number(payload.id) !== id) {
      return fail(
        400,
        MOCK_ERRORS.idMismatch,
        `Id di alamat (${id}) berbeda dengan id di data (${String(payload.id)}).`,
      );
    }
    if (!rows.has(id)) return fail(404, MOCK_ERRORS.notFound, `Data dengan id ${id} tidak ditemukan.`);
    const row = { ...rows.get(id), ...payload, id };
    rows.set(id, row);
    return json(200, row);
  }
  if (request.method !== 'GET' && request.method !== 'DELETE') return notAllowed(request.method, path);
  const row = rows.get(id);
  if (!row) return fail(404, MOCK_ERRORS.notFound, `Data dengan id ${id} tidak ditemukan.`);
  if (request.method === 'DELETE') rows.delete(id);
  return json(request.method === 'DELETE' ? 204 : 200, request.method === 'DELETE' ? undefined : row);
}

/** The applicant lists of a track (`/api/{track}/{list}/filter`, `…/{id}`, `…/export`),
 * answered from the generated applicants with the real lists' rules, roughly. */
async function trackList(request: Request, track: string, list: string, action: string): Promise<Response> {
  const path = `/api/${track}/${list}/${action}`;
  if (!(list in PELAMAR_LISTS)) return fail(404, MOCK_ERRORS.notFound, `Alamat ${path} tidak dikenal.`);
  const rows = [...(collections.get('pelamar')?.values() ?? [])].filter((row) => row.jalur === track);
  if (action === 'filter' || action === 'export') {
    if (request.method !== 'POST') return notAllowed(request.method, path);
    const state = (await body(request)) as {
      filter?: Record<string, string>;
      paginator?: { page?: number; pageSize?: number };
      sorting?: { column?: string; direction?: string };
      searchTerm?: string;
      format?: string;
    };
    const term = (state.searchTerm ?? '').trim().toLowerCase();
    const filter = state.filter ?? {};
    const matching = rows.filter(
      (row) =>
        (!term || String(row.nama).toLowerCase().includes(term) || String(row.nik).startsWith(term)) &&
        Object.entries(filter).every(([key, value]) => key.startsWith('tgl') || row[key] === value),
    );
    const column = state.sorting?.column ?? 'id';
    const direction = state.sorting?.direction === 'desc' ? -1 : 1;
    matching.sort((a, b) =>
      String(a[column]) < String(b[column]) ? -direction : String(a[column]) > String(b[column]) ? direction : 0,
    );
    if (action === 'export') {
      const lines = [
        'Nomor Peserta;NIK;Nama;Status Verifikasi',
        ...matching.map((row) => [row.noPeserta, row.nik, row.nama, row.statusVerifikasi].join(';')),
      ];
      return new Response(`\uFEFF${lines.join('\r\n')}\r\n`, {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      });
    }
    const pageSize = state.paginator?.pageSize ?? 10;
    const page = state.paginator?.page ?? 1;
    const { statusVerifikasi: _status, ...others } = filter;
    const forSummary = rows.filter(
      (row) =>
        (!term || String(row.nama).toLowerCase().includes(term) || String(row.nik).startsWith(term)) &&
        Object.entries(others).every(([key, value]) => key.startsWith('tgl') || row[key] === value),
    );
    return json(200, {
      data: matching.slice((page - 1) * pageSize, page * pageSize),
      recordsTotal: matching.length,
      summaries: ['BELUM', 'MS', 'TMS'].map((status) => ({
        statusVerifikasi: status,
        jumlah: forSummary.filter((row) => row.statusVerifikasi === status).length,
      })),
    });
  }
  if (!/^\d+$/.test(action)) return fail(422, MOCK_ERRORS.invalidId, `Id "${action}" bukan angka.`);
  const row = rows.find((candidate) => candidate.id === Number(action));
  if (request.method === 'PUT' && list === 'verifikator' && row) {
    // The verifier's decision, kept (roughly) so the lists and the detail show it.
    const { statusVerifikasi, alasanTms } = await body(request);
    Object.assign(row, {
      statusVerifikasi,
      alasanTms: statusVerifikasi === 'TMS' ? alasanTms : null,
      tglVerifikasi: new Date().toISOString().slice(0, 19),
      verifikatorNama: 'Rina Marlina',
      klaimSaya: false,
      versi: Number(row.versi ?? 1) + 1,
    });
    return json(200, { version: row.versi });
  }
  if (request.method !== 'GET') return notAllowed(request.method, path);
  if (!row) return fail(404, MOCK_ERRORS.notFound, `Data dengan id ${action} tidak ditemukan.`);
  return json(200, mockDetail(row));
}

/** The verifier claims an applicant or gives it back (`/api/{track}/verifikator/{id}/ambil|lepas`). */
function klaim(request: Request, track: string, pelamarId: string, act: string) {
  const path = `/api/${track}/verifikator/${pelamarId}/${act}`;
  if (request.method !== 'POST') return notAllowed(request.method, path);
  const row = collections.get('pelamar')?.get(Number(pelamarId));
  if (!row || row.jalur !== track)
    return fail(404, MOCK_ERRORS.notFound, `Data dengan id ${pelamarId} tidak ditemukan.`);
  row.klaimSaya = act === 'ambil';
  return json(200, { id: row.id });
}

/** An applicant's document file (`/api/{track}/{list}/{id}/dokumen/{dokumenId}`), drawn. */
function trackBerkas(request: Request, track: string, list: string, pelamarId: string, dokumenId: string) {
  const path = `/api/${track}/${list}/${pelamarId}/dokumen/${dokumenId}`;
  if (!(list in PELAMAR_LISTS)) return fail(404, MOCK_ERRORS.notFound, `Alamat ${path} tidak dikenal.`);
  if (request.method !== 'GET') return notAllowed(request.method, path);
  const row = collections.get('pelamar')?.get(Number(pelamarId));
  const file = row && row.jalur === track ? mockBerkas(row, Number(dokumenId)) : null;
  if (!file) return fail(404, MOCK_ERRORS.notFound, `Dokumen ${dokumenId} tidak ditemukan.`);
  return new Response(file, { status: 200, headers: { 'Content-Type': 'image/svg+xml' } });
}

/** Answers one request, as the server would (without the network or the delay). */
export async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url, 'http://mock.local');
  const [area, second, ...rest] = url.pathname.replace(/^\/api\/?/, '').split('/');
  if ((TRACK_IDS as readonly string[]).includes(area ?? '') && second && rest.length === 1) {
    return trackList(request, area as string, second, rest[0] as string);
  }
  const [pelamarId, part, dokumenId] = rest;
  if (
    (TRACK_IDS as readonly string[]).includes(area ?? '') &&
    second === 'verifikator' &&
    rest.length === 2 &&
    /^\d+$/.test(pelamarId ?? '') &&
    (part === 'ambil' || part === 'lepas')
  ) {
    return klaim(request, area as string, pelamarId as string, part);
  }
  if (
    (TRACK_IDS as readonly string[]).includes(area ?? '') &&
    second &&
    rest.length === 3 &&
    part === 'dokumen' &&
    /^\d+$/.test(`${pelamarId}${dokumenId}`)
  ) {
    return trackBerkas(request, area as string, second, pelamarId as string, dokumenId as string);
  }
  if (rest.length > 0 || !area) return fail(404, MOCK_ERRORS.notFound, `Alamat ${url.pathname} tidak dikenal.`);
  if (area === 'health') return json(200, { status: 'ok', mock: true });
  // The role-aware dashboard's figures come from the server's counters; the mock has none.
  if (area === 'dashboard') return json(200, { tanggal: new Date().toISOString().slice(0, 10), sections: [] });
  if (area === 'auth') return auth(request, second);
  // Issue #33: the mock's exports always answer their file, so no export job is ever waiting.
  if (area === 'ekspor') {
    if (second !== undefined) return fail(404, MOCK_ERRORS.notFound, `Unduhan ${second} tidak ditemukan.`);
    if (request.method !== 'GET') return notAllowed(request.method, url.pathname);
    return json(200, { ekspor: null } satisfies EksporTerakhir);
  }
  if (area === 'commands') {
    if (request.method !== 'POST') return notAllowed(request.method, url.pathname);
    return command(second, await body(request));
  }
  return collection(request, area, second, url.searchParams);
}
