// The one HTTP client of the SPA: adds the bearer token and the XSRF header (spec §7), and turns
// every failure into an ApiError carrying the server's Indonesian message. Screens never fetch.
// It knows nothing about the session store: auth/ registers a token source and a 401 handler.

import { type ApiErrorBody, XSRF_COOKIE, XSRF_HEADER } from '@portal/contract';
import { idErrors } from '../i18n/errors';

export const API_BASE = '/api';
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const HTTP_ERROR = 'HTTP_ERROR';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** May refresh first (an SSO token about to expire, spec §9), hence possibly async. */
type TokenSource = () => string | null | Promise<string | null>;
type UnauthorizedHandler = () => void;

/** What sends a request: the browser's fetch, or the in-memory API in mock mode (api/mock). */
export type Transport = (url: string, init?: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Mock mode only: answer every call in the browser instead of over the network. */
export function setTransport(next: Transport): void {
  transport = next;
}

let tokenSource: TokenSource = () => null;
let onUnauthorized: UnauthorizedHandler = () => {};

/** auth/ tells the client where the access token is and what a 401 means. */
export function configureHttp(options: { token: TokenSource; onUnauthorized: UnauthorizedHandler }): void {
  tokenSource = options.token;
  onUnauthorized = options.onUnauthorized;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Treat a 401 as "session over" (default true); login and the startup check opt out. */
  expireOnUnauthorized?: boolean;
  signal?: AbortSignal;
  /**
   * Read the answer as a file (documents, exports) instead of JSON. A 202 is read as JSON even so:
   * the server queued the file's making and answers with its job (issue #33, a large list export),
   * so the caller gets that job's body instead of a Blob.
   */
  as?: 'json' | 'blob';
  /** With `as: 'blob'`: called with the bytes received so far while the file arrives. */
  onProgress?: (bytes: number) => void;
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** spec §7 double submit: the cookie comes from any GET; /api/health is the cheapest. */
async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  try {
    await transport(`${API_BASE}/health`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, idErrors.network);
  }
  return readCookie(XSRF_COOKIE);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).error === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) return new ApiError(response.status, body.error, body.message, body.details);
  // A load balancer answering for an instance that is restarting or gone (issue #17).
  const away = response.status === 502 || response.status === 503 || response.status === 504;
  return new ApiError(response.status, HTTP_ERROR, away ? idErrors.unavailable : idErrors.unexpected);
}

async function readBlob(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const type = response.headers.get('Content-Type') ?? '';
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type });
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = true, expireOnUnauthorized = true, signal, as = 'json', onProgress } = options;
  const headers = new Headers({ Accept: 'application/json' });
  // A file upload (FormData) sets its own multipart content type and boundary; a bare file (Blob)
  // is sent as it is, with its own type (the public document check posts the PDF itself).
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  const file = typeof Blob !== 'undefined' && body instanceof Blob;
  if (file) headers.set('Content-Type', body.type || 'application/octet-stream');
  else if (body !== undefined && !form) headers.set('Content-Type', 'application/json');
  const token = auth ? await tokenSource() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method !== 'GET') {
    const xsrf = await xsrfToken();
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }

  let response: Response;
  try {
    response = await transport(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : form || file ? (body as FormData | Blob) : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR, idErrors.network);
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && expireOnUnauthorized) onUnauthorized();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  if (as === 'blob' && response.status !== 202) return (await readBlob(response, onProgress)) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
