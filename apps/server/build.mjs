// Bundles the server into dist/main.js: our own code and @portal/contract inlined, every
// npm dependency left external (installed by npm, native bindings included).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

// The same check as the web build (contract buildVersion): YYYYMMDD-NNNN.
const version = process.env.APP_VERSION;
if (version !== undefined && !/^\d{8}-\d{4}$/.test(version)) {
  throw new Error(`APP_VERSION harus berformat YYYYMMDD-NNNN, bukan "${version}"`);
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

await build({
  // The server, and the threads its heavy work runs in, started from beside main.js: a reader of
  // documents reads in one (modules/baca/utas.ts), the demo's documents are drawn in another
  // (modules/baca/contoh-utas.ts), an import's table is read and checked in a third
  // (modules/impor/periksa.ts), an official document is laid out in a fourth
  // (modules/dokumen-resmi/tata.ts), an export job's file is written in a fifth (modules/export/job.ts).
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'utas-baca': new URL('./src/modules/baca/utas-baca.ts', import.meta.url).pathname,
    'utas-contoh': new URL('./src/modules/baca/utas-contoh.ts', import.meta.url).pathname,
    'utas-cek': new URL('./src/modules/impor/utas-cek.ts', import.meta.url).pathname,
    'utas-dokumen': new URL('./src/modules/dokumen-resmi/utas-dokumen.ts', import.meta.url).pathname,
    'utas-ekspor': new URL('./src/modules/export/utas-ekspor.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  ...(version ? { define: { __APP_VERSION__: JSON.stringify(version) } } : {}),
  logLevel: 'warning',
});
