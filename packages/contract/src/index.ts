// The contract between the SPA and the API: what both sides must agree on, and nothing else.
export * from './constants.js';
export * from './demo-accounts.js';
export * from './demo-reference.js';
export * from './menu.js';
export * from './roles.js';
export * from './routes.js';
export * from './schemas/auth.js';
export * from './schemas/dashboard.js';
export * from './schemas/jadwal.js';
export * from './schemas/lists.js';
export * from './schemas/nonasn.js';
export * from './schemas/sanggah.js';
export * from './schemas/status.js';
export * from './schemas/verifikasi.js';
export * from './table-state.js';
export * from './tracks.js';
