// The statements the list API sends for a whole-view page (modules/pelamar/queries.ts: the page of
// ids, the per-status counters, the page's rows), as text: with literals for pgbench (run.mjs) and
// with parameters for floor.mjs. `scope` is the condition on track and instansi.
export const firstPageIds = (scope) => `SELECT id FROM pelamar WHERE ${scope} ORDER BY id LIMIT 10`;

export const counters = (scope) =>
  `SELECT status, sum(jumlah) AS jumlah FROM (SELECT status_verifikasi AS status, jumlah FROM pelamar_status_count WHERE ${scope} UNION ALL SELECT status_verifikasi, delta FROM pelamar_status_delta WHERE ${scope}) c GROUP BY status`;

/** The rows of the ids `ids` (a subquery) selects, joined as the list shows them. */
export const pageRows = (ids) =>
  `SELECT p.id, p.nik, p.no_peserta, p.nama, f.jabatan_nama, i.nama AS instansi FROM pelamar p JOIN formasi f ON f.id = p.formasi_id JOIN instansi i ON i.id = p.instansi_id LEFT JOIN app_user v ON v.id = p.verifikator_id WHERE p.id IN (${ids})`;
