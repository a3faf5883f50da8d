// Issue #22: the session checks an instance remembers (SESSION_CACHE_SECONDS) end when any
// instance changes sessions, users or instansi. The database announces every such change once it
// is committed (NOTIFY portal_sesi, migration 0030); each instance keeps one connection of its own
// LISTENing and forgets its remembered checks on every notice. When that connection is lost the
// checks are forgotten too, and again once it is back (a notice may have been missed in between);
// while it is down, SESSION_CACHE_SECONDS is the bound. Only on PostgreSQL: the embedded PGlite is
// one process, whose own changes already end its checks (sessions.invalidation).

import pg from 'pg';

export const SESSION_CHANNEL = 'portal_sesi';

export interface SessionChangeOptions {
  /** Told of every change (and of every loss and return of the channel). */
  onChange: () => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Pause before the first reconnection attempt; doubled up to ten times that. */
  retryMs?: number;
  /** How often the idle connection is checked (a network cut shows no error by itself). */
  heartbeatMs?: number;
}

/** A heartbeat that has not answered by then counts as a lost connection. */
const HEARTBEAT_TIMEOUT_MS = 5_000;

export class SessionChangeListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private failures = 0;
  private readonly waiters: (() => void)[] = [];
  /** Notices received since start (metrics, tests). */
  notices = 0;

  constructor(
    private readonly url: string,
    private readonly options: SessionChangeOptions,
  ) {}

  /** Listening now: a change anywhere reaches this instance within milliseconds. */
  get connected(): boolean {
    return this.client !== null;
  }

  /** The server process of the listening connection (for a DBA, and for the tests that kill it). */
  get pid(): number | null {
    return (this.client as { processID?: number } | null)?.processID ?? null;
  }

  /** Connects once; a failure does not throw but schedules the next attempt. */
  async start(): Promise<void> {
    await this.connect();
  }

  /** Resolves when the channel is (back) up. */
  whenConnected(): Promise<void> {
    if (this.connected) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.heartbeat) clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'portal-verifikasi-asn:sesi',
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.lost(client, error);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== SESSION_CHANNEL) return;
      this.notices += 1;
      this.options.onChange();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
    } catch (error) {
      onLost(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost || this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (this.failures > 0)
      this.options.log?.info({ attempts: this.failures }, 'saluran perubahan sesi tersambung lagi');
    this.failures = 0;
    // Changes made while the channel was down were not heard: forget what was checked meanwhile.
    this.options.onChange();
    this.heartbeat = setInterval(() => void this.beat(client), this.options.heartbeatMs ?? 10_000);
    this.heartbeat.unref();
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  private async beat(client: pg.Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('detak saluran sesi tidak dijawab')), HEARTBEAT_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      client.emit('error', error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    const wasListening = this.client === client;
    if (wasListening) {
      this.client = null;
      if (this.heartbeat) clearInterval(this.heartbeat);
      this.heartbeat = null;
      this.options.onChange();
    }
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.failures += 1;
    const base = this.options.retryMs ?? 1_000;
    const delay = Math.min(base * 2 ** Math.min(this.failures - 1, 4), base * 10);
    this.options.log?.warn(
      { reason: error?.message ?? 'sambungan ditutup', retryMs: delay, attempt: this.failures },
      'saluran perubahan sesi terputus; pemeriksaan sesi dibatasi SESSION_CACHE_SECONDS sampai tersambung lagi',
    );
    if (this.retry) clearTimeout(this.retry);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay);
    this.retry.unref();
  }
}
