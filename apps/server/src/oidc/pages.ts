// The embedded identity provider's pages (sign-in, second factor, consent, sign-out, errors) as
// plain HTML in the portal's look (its blue, its card, Indonesian). No scripts: the portal's CSP
// allows none inline, and none are needed except the sign-out page's optional auto-submit.

import { APP_VERSION } from '@portal/contract';

const esc = (value: unknown) =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
background:#f8f9fa;color:#212529;font-family:Poppins,-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px}
.brand{text-align:center;margin-bottom:24px}
.brand h1{margin:8px 0 4px;font-size:1.6rem;color:#084f8a}
.brand p{margin:0;color:#868e96}
.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.05),0 10px 15px -5px rgba(0,0,0,.05);padding:32px}
.card h2{margin:0 0 16px;font-size:1.15rem;font-weight:600}
label{display:block;font-size:.9rem;font-weight:500;margin:0 0 4px}
.hint{font-size:.8rem;color:#868e96;margin:0 0 4px}
input[type=text],input[type=password]{width:100%;padding:8px 12px;font:inherit;border:1px solid #ced4da;border-radius:4px;margin-bottom:16px}
input:focus{outline:2px solid #1f6cc3;outline-offset:0;border-color:#1f6cc3}
button{width:100%;padding:10px;font:inherit;font-weight:600;border:0;border-radius:4px;background:#0b5fa5;color:#fff;cursor:pointer}
button:hover{background:#084f8a}
button.secondary{background:#fff;color:#0b5fa5;border:1px solid #0b5fa5;margin-top:8px}
.alert{border-radius:4px;padding:12px;margin-bottom:16px;font-size:.9rem}
.alert.error{background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9}
.alert.info{background:#e7f5ff;color:#1864ab;border:1px solid #a5d8ff}
footer{text-align:center;font-size:.75rem;color:#868e96;margin-top:16px}
ul{padding-left:20px}
`;

export function page(title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="id">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} · Portal Verifikasi ASN</title>
<style>${STYLE}</style>
${extraHead}
</head>
<body>
<main>
<div class="brand"><h1>Portal Verifikasi ASN</h1><p>Verifikasi Seleksi Calon ASN</p></div>
<div class="card">
${body}
</div>
<footer>© 2026 Portal Verifikasi ASN · versi ${esc(APP_VERSION)}</footer>
</main>
</body>
</html>`;
}

export interface Notice {
  tone: 'error' | 'info';
  message: string;
}

const alert = (notice: Notice | undefined) =>
  notice ? `<div class="alert ${notice.tone}" role="alert">${esc(notice.message)}</div>` : '';

export function loginPage(action: string, options: { username?: string; notice?: Notice }): string {
  return page(
    'Masuk',
    `<h2 id="judul">Masuk dengan akun portal</h2>
${alert(options.notice)}
<form method="post" action="${esc(action)}" aria-labelledby="judul" autocomplete="on">
<label for="username">Nama Pengguna</label>
<input type="text" id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required value="${esc(options.username)}"${options.username ? '' : ' autofocus'}>
<label for="password">Kata Sandi</label>
<input type="password" id="password" name="password" autocomplete="current-password" required${options.username ? ' autofocus' : ''}>
<button type="submit">Masuk</button>
</form>`,
  );
}

export function otpPage(action: string, options: { notice?: Notice }): string {
  return page(
    'Kode OTP',
    `<h2 id="judul">Verifikasi dua langkah</h2>
${alert(options.notice ?? { tone: 'info', message: 'Masukkan kode OTP dari aplikasi autentikator Anda.' })}
<form method="post" action="${esc(action)}" aria-labelledby="judul">
<label for="token">Kode OTP</label>
<p class="hint" id="token-hint">6 digit dari aplikasi autentikator</p>
<input type="text" id="token" name="token" inputmode="numeric" pattern="[0-9]*" autocomplete="one-time-code" maxlength="8" required autofocus aria-describedby="token-hint">
<button type="submit">Verifikasi</button>
</form>`,
  );
}

const SCOPE_TEXT: Record<string, string> = {
  openid: 'Identitas Anda di portal',
  profile: 'Nama dan nama pengguna Anda',
  email: 'Alamat email Anda',
  offline_access: 'Tetap terhubung saat Anda tidak aktif',
};

export function consentPage(action: string, options: { clientName: string; scopes: string[] }): string {
  const items = options.scopes.map((s) => `<li>${esc(SCOPE_TEXT[s] ?? s)}</li>`).join('');
  return page(
    'Izin akses',
    `<h2 id="judul">Izinkan akses?</h2>
<p>Aplikasi <strong>${esc(options.clientName)}</strong> meminta akses ke:</p>
<ul>${items}</ul>
<form method="post" action="${esc(action)}" aria-labelledby="judul">
<button type="submit" name="keputusan" value="izinkan">Izinkan</button>
<button type="submit" name="keputusan" value="tolak" class="secondary">Tolak</button>
</form>`,
  );
}

/** oidc-provider's sign-out confirmation: its own form (with its XSRF field) plus our buttons. */
export function logoutPage(form: string, autoSubmitScript: string | null): string {
  return page(
    'Keluar',
    `<h2>Keluar dari Portal Verifikasi ASN?</h2>
<p>Sesi masuk tunggal (SSO) Anda di perangkat ini akan diakhiri.</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Ya, keluar</button>
<button type="submit" form="op.logoutForm" class="secondary">Batal</button>`,
    autoSubmitScript ? `<script src="${esc(autoSubmitScript)}" defer></script>` : '',
  );
}

export function logoutDonePage(loginUrl: string): string {
  return page(
    'Sudah keluar',
    `<h2>Anda sudah keluar</h2>
<p>Sesi masuk tunggal (SSO) Anda telah diakhiri.</p>
<p><a href="${esc(loginUrl)}">Masuk kembali</a></p>`,
  );
}

const ERROR_TEXT: Record<string, string> = {
  invalid_request: 'Permintaan masuk tidak valid.',
  invalid_client: 'Aplikasi tidak dikenal oleh layanan identitas.',
  invalid_redirect_uri: 'Alamat kembali (redirect_uri) tidak terdaftar untuk aplikasi ini.',
  unauthorized_client: 'Aplikasi ini tidak diizinkan memakai cara masuk tersebut.',
  access_denied: 'Akses ditolak.',
  login_required: 'Anda perlu masuk terlebih dahulu.',
  invalid_grant: 'Kode atau token tidak berlaku lagi.',
  server_error: 'Terjadi kesalahan pada layanan identitas.',
  session_not_found: 'Sesi masuk tidak ditemukan atau sudah berakhir. Ulangi dari aplikasi.',
};

export function errorPage(error: string, description: string | undefined): string {
  return page(
    'Galat',
    `<h2>Tidak dapat melanjutkan</h2>
<div class="alert error" role="alert">${esc(ERROR_TEXT[error] ?? 'Permintaan tidak dapat diproses.')}</div>
<p class="hint">Kode: ${esc(error)}${description ? ` — ${esc(description)}` : ''}</p>`,
  );
}
