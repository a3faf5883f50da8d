// Issue #22: what an instance tells Prometheus (GET /metrics, text format, prom-client): request
// durations by route pattern and status, the PostgreSQL pool's use and waits, the event loop's
// lag and the process (prom-client's defaults), the session channel, and the business counters
// operators ask about. The business counters follow the audit trail, the one place every change
// is written: a Kysely plugin on the application's database counts the audit events its
// statements insert, once the statement has run – no module counts anything itself.

import {
  InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  PrimitiveValueListNode,
  type QueryId,
  RawNode,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  type WithNode,
} from 'kysely';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Audit actions → the business counters (name, help, and the label the action gives). */
const BUSINESS: Record<
  string,
  { counter: 'claims' | 'decisions' | 'reviews' | 'answers' | 'imports' | 'signIns'; label?: string }
> = {
  KLAIM: { counter: 'claims' },
  VERIFIKASI: { counter: 'decisions', label: 'verifikasi' },
  PERIKSA_AFIRMASI: { counter: 'decisions', label: 'afirmasi' },
  KONFIRMASI_NONASN: { counter: 'decisions', label: 'nonasn' },
  UBAH_KONFIRMASI_NONASN: { counter: 'decisions', label: 'nonasn' },
  SUPERVISI: { counter: 'reviews' },
  JAWAB_SANGGAH: { counter: 'answers', label: 'sanggah' },
  JAWAB_SANGGAH_NILAI: { counter: 'answers', label: 'sanggah_nilai' },
  IMPOR_TERAPKAN: { counter: 'imports' },
  'login.success': { counter: 'signIns', label: 'berhasil' },
  'login.failure': { counter: 'signIns', label: 'gagal' },
  'login.locked': { counter: 'signIns', label: 'terkunci' },
};

/** Request durations in seconds: the verification loop's targets sit at 0.1–0.2 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsOptions {
  /** PostgreSQL's pool (null on PGlite): its use is read at every scrape, its waits timed. */
  pool: pg.Pool | null;
  /** Whether the instance listens for other instances' session changes (null: not on PostgreSQL). */
  sessionChannel?: () => boolean | null;
  /** Shutting down (readiness 503). */
  draining?: () => boolean;
}

export class PortalMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly auditEvents: Counter<'action'>;
  private readonly claims: Counter;
  private readonly decisions: Counter<'jenis'>;
  private readonly reviews: Counter;
  private readonly answers: Counter<'jenis'>;
  private readonly imports: Counter;
  private readonly signIns: Counter<'hasil'>;
  readonly lockouts: Counter;
  /** By the query's own id object: a statement that fails (no result) leaves nothing behind. */
  private readonly pending = new WeakMap<QueryId, { actions: string[]; raw: boolean }>();

  constructor(options: MetricsOptions) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    this.httpDuration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Lama permintaan HTTP menurut pola rute (bukan URL mentah), metode dan status',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.auditEvents = new Counter({
      name: 'portal_audit_events_total',
      help: 'Peristiwa jejak audit yang ditulis instans ini, menurut aksi',
      labelNames: ['action'],
      registers,
    });
    this.claims = new Counter({
      name: 'portal_claims_total',
      help: 'Pelamar yang diserahkan kepada verifikator (klaim)',
      registers,
    });
    this.decisions = new Counter({
      name: 'portal_decisions_total',
      help: 'Keputusan yang disimpan (verifikasi, afirmasi, konfirmasi Non ASN)',
      labelNames: ['jenis'],
      registers,
    });
    this.reviews = new Counter({ name: 'portal_reviews_total', help: 'Hasil supervisi yang disimpan', registers });
    this.answers = new Counter({
      name: 'portal_objection_answers_total',
      help: 'Jawaban sanggah yang disimpan',
      labelNames: ['jenis'],
      registers,
    });
    this.imports = new Counter({ name: 'portal_imports_total', help: 'Impor data yang diterapkan', registers });
    this.signIns = new Counter({
      name: 'portal_sign_ins_total',
      help: 'Percobaan masuk menurut hasil (berhasil, gagal, ditolak karena akun terkunci)',
      labelNames: ['hasil'],
      registers,
    });
    this.lockouts = new Counter({
      name: 'portal_lockouts_total',
      help: 'Jawaban 423: akun dikunci karena percobaan masuk gagal berulang',
      registers,
    });
    // Label sets known before the first event, so a rate() starts at zero rather than absent.
    for (const jenis of ['verifikasi', 'afirmasi', 'nonasn']) this.decisions.labels(jenis).inc(0);
    for (const jenis of ['sanggah', 'sanggah_nilai']) this.answers.labels(jenis).inc(0);
    for (const hasil of ['berhasil', 'gagal', 'terkunci']) this.signIns.labels(hasil).inc(0);

    const { pool } = options;
    if (pool) {
      const inUse = new Gauge({
        name: 'portal_db_pool_connections',
        help: 'Sambungan PostgreSQL di kumpulan, menurut keadaan (in_use, idle)',
        labelNames: ['state'],
        registers,
        collect() {
          inUse.labels('in_use').set(pool.totalCount - pool.idleCount);
          inUse.labels('idle').set(pool.idleCount);
        },
      });
      const waiting = new Gauge({
        name: 'portal_db_pool_waiting',
        help: 'Permintaan yang sedang menunggu sambungan PostgreSQL',
        registers,
        collect() {
          waiting.set(pool.waitingCount);
        },
      });
      new Gauge({ name: 'portal_db_pool_max', help: 'Ukuran kumpulan (DB_POOL_SIZE)', registers }).set(
        pool.options.max ?? 10,
      );
      instrumentPool(
        pool,
        new Histogram({
          name: 'portal_db_pool_wait_seconds',
          help: 'Lama menunggu sambungan dari kumpulan PostgreSQL',
          buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
          registers,
        }),
      );
    }
    const { sessionChannel } = options;
    if (sessionChannel) {
      const up = new Gauge({
        name: 'portal_session_channel_up',
        help: '1 bila instans mendengar perubahan sesi dari instans lain (LISTEN); 0: dibatasi SESSION_CACHE_SECONDS',
        registers,
        collect() {
          const state = sessionChannel();
          if (state !== null) up.set(state ? 1 : 0);
        },
      });
    }
    const { draining } = options;
    if (draining) {
      const gauge = new Gauge({
        name: 'portal_draining',
        help: '1 bila instans sedang berhenti (tidak siap menerima permintaan baru)',
        registers,
        collect() {
          gauge.set(draining() ? 1 : 0);
        },
      });
    }
  }

  /** Counts one audit event (the plugin below, once its statement has run). */
  countAudit(action: string): void {
    this.auditEvents.labels(action).inc();
    const business = BUSINESS[action];
    if (!business) return;
    const counter = this[business.counter] as Counter<string>;
    if (business.label) counter.labels(business.label).inc();
    else counter.inc();
  }

  /**
   * On the application's database (buildApp): notes the audit events a statement inserts (its own
   * INSERT, or one in a CTE of an UPDATE), counts them when the statement has run. The one raw
   * statement that inserts audit events (the verifier's "next applicant") is counted when it
   * answers with an applicant.
   */
  readonly auditPlugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      const found = auditedActions(node);
      if (found) this.pending.set(queryId, found);
      return node;
    },
    transformResult: async ({ queryId, result }) => {
      const found = this.pending.get(queryId);
      if (found) {
        this.pending.delete(queryId);
        const answered = !found.raw || result.rows.some((row) => (row as { id?: unknown }).id != null);
        if (answered) for (const action of found.actions) this.countAudit(action);
      }
      return result;
    },
  };
}

const AUDIT_TABLE = 'audit_event';

/** The audit actions a statement inserts, or null when it inserts none. */
function auditedActions(node: OperationNode): { actions: string[]; raw: boolean } | null {
  if (RawNode.is(node)) {
    const text = node.sqlFragments.join('?');
    const at = text.search(/INSERT\s+INTO\s+audit_event\b/i);
    if (at < 0) return null;
    const literal = /SELECT\s+'([A-Za-z_.-]+)'/i.exec(text.slice(at));
    return literal?.[1] ? { actions: [literal[1]], raw: true } : null;
  }
  const actions: string[] = [];
  collect(node, actions);
  return actions.length > 0 ? { actions, raw: false } : null;
}

function collect(node: OperationNode, actions: string[]): void {
  const withNode = (node as { with?: WithNode }).with;
  for (const cte of withNode?.expressions ?? []) collect(cte.expression, actions);
  if (!InsertQueryNode.is(node) || !node.into || !TableNode.is(node.into)) return;
  if (node.into.table.identifier.name !== AUDIT_TABLE) return;
  const column = node.columns?.findIndex((c) => c.column.name === 'action') ?? -1;
  if (column < 0 || !node.values || !ValuesNode.is(node.values)) return;
  for (const row of node.values.values) {
    const value = PrimitiveValueListNode.is(row)
      ? row.values[column]
      : ValueListNode.is(row) && row.values[column] && ValueNode.is(row.values[column])
        ? (row.values[column] as ValueNode).value
        : undefined;
    if (typeof value === 'string') actions.push(value);
  }
}

/** Times every wait for a pooled connection (Kysely asks the pool for one per statement or transaction). */
function instrumentPool(pool: pg.Pool, wait: Histogram): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    const end = wait.startTimer();
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        end();
        return client;
      },
      (error: unknown) => {
        end();
        throw error;
      },
    );
  };
}
