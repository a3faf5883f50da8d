// The floor under any Node.js API for the first-page case: node:http and pg with nothing else (no
// framework, sign-in, validation or query builder), running the case's three statements as the
// API does (page ids beside counts, then the page's rows), prepared. run.mjs starts it to show
// how much of the raw SQL throughput a Node process can pass through on this machine at all.
import http from 'node:http';
import pg from 'pg';
import { counters, firstPageIds, pageRows } from './statements.mjs';

const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 20 });
const scope = 'track = $1 AND instansi_id = $2';
const ids = { name: 'ids', text: firstPageIds(scope) };
const counts = { name: 'counts', text: counters(scope) };
const rows = { name: 'rows', text: pageRows('SELECT unnest($1::bigint[])') };
const values = ['cpns', Number(process.env.FLOOR_INSTANSI)];

http
  .createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    JSON.parse(Buffer.concat(chunks).toString() || '{}');
    const [page, summaries] = await Promise.all([pool.query({ ...ids, values }), pool.query({ ...counts, values })]);
    const data = await pool.query({ ...rows, values: [page.rows.map((row) => row.id)] });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: data.rows, summaries: summaries.rows }));
  })
  .listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () => process.send?.('ready'));
