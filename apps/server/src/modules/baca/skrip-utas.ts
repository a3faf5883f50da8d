// Issue #35 / #33: where a thread of this module's heavy work starts from (utas.ts reads in one,
// contoh-utas.ts draws the demo's documents in another).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A thread's script by its entry's name (build.mjs): the bundle's `<nama>.js` beside `main.js`, or,
 * when the server runs from source (npm run dev, npm run worker, the tests), the TypeScript source
 * through tsx's loader registered in the thread first.
 */
export function skripUtas(nama: 'utas-baca' | 'utas-contoh'): URL {
  const js = new URL(`./${nama}.js`, import.meta.url);
  if (existsSync(fileURLToPath(js))) return js;
  const tsx = import.meta.resolve('tsx/esm/api');
  const ts = new URL(`./${nama}.ts`, import.meta.url).href;
  const kode = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(ts)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(kode)}`);
}
