// `npm run impor:docs`: rewrites the column tables of docs/impor.md from the import's definitions.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCS_END, DOCS_START, kolomMarkdown } from './modules/impor/docs.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/impor.md');
const text = readFileSync(file, 'utf8');
const start = text.indexOf(DOCS_START);
const end = text.indexOf(DOCS_END);
const head = start >= 0 ? text.slice(0, start) : `${text.trimEnd()}\n\n`;
const tail = end >= 0 ? text.slice(end + DOCS_END.length) : '\n';
writeFileSync(file, `${head}${DOCS_START}\n\n${kolomMarkdown()}\n\n${DOCS_END}${tail}`);
console.info(`docs/impor.md: kolom ditulis ulang.`);
