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
  ERROR_CODES,
  type ListResponse,
  MOCK_DELAY_MS,
  type Principal,
  type Session,
} from '@portal/contract';
import { type Row, seedCollections } from './data';

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
const tokens = new Map<string, DemoAccount>();
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
  const flags = {
    authorities: account.roles.map((authority) => ({ authority })),
    isCpns: account.flags.includes('isCpns'),
    isPppk: account.flags.includes('isPppk'),
    isPppkGuru: account.flags.includes('isPppkGuru'),
    isPppkNakes: account.flags.includes('isPppkNakes'),
  };
  const instansi = DEMO_INSTANSI.find((item) => item.id === account.instansiId) ?? DEMO_INSTANSI[0];
  return {
    id: DEMO_ACCOUNTS.indexOf(account) + 1,
    username: account.username,
    fullname: account.fullname,
    email: `${account.username}@demo.go.id`,
    instansi: { id: instansi.id, kode: instansi.kode, nama: instansi.nama },
    ...flags,
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
    const accessToken = `mock-${crypto.randomUUID()}`;
    tokens.set(accessToken, account);
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
    const account = tokens.get(bearer);
    if (!account)
      return fail(401, ERROR_CODES.unauthenticated, 'Sesi tidak valid atau telah berakhir. Silakan masuk kembali.');
    return json(200, { mapData: { data: principalOf(account) } });
  }
  if (action === 'logout') {
    if (request.method !== 'POST') return notAllowed(request.method, path);
    tokens.delete(bearer);
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

/** Answers one request, as the server would (without the network or the delay). */
export async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url, 'http://mock.local');
  const [area, second, ...rest] = url.pathname.replace(/^\/api\/?/, '').split('/');
  if (rest.length > 0 || !area) return fail(404, MOCK_ERRORS.notFound, `Alamat ${url.pathname} tidak dikenal.`);
  if (area === 'health') return json(200, { status: 'ok', mock: true });
  if (area === 'auth') return auth(request, second);
  if (area === 'commands') {
    if (request.method !== 'POST') return notAllowed(request.method, url.pathname);
    return command(second, await body(request));
  }
  return collection(request, area, second, url.searchParams);
}
