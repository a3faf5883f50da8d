// `npm start`: builds the SPA and the server when their builds are missing or older than the
// sources, then runs one production process (API + SPA) on http://localhost:3000.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(at('packages/contract')),
  newestMtime(at('apps/web')),
  newestMtime(at('apps/server')),
);
const outputs = [
  at('apps/web/dist/index.html'),
  at('apps/server/dist/main.js'),
  at('apps/server/dist/utas-baca.js'),
  at('apps/server/dist/utas-contoh.js'),
];
const stale = outputs.some((file) => !existsSync(file) || statSync(file).mtimeMs < sources);
if (stale) {
  console.log('Membangun aplikasi (SPA dan server)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
process.env.DATA_DIR ??= at('data');
await import(at('apps/server/dist/main.js'));
