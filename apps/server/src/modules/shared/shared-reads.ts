// Reads shared between views for a few seconds (the dashboard's instansi-wide figures, issue #34's
// Mutu Verifikasi report): one read per key and period, whatever the number of viewers.

/**
 * The reads many users' views have in common – an instansi's counters, the nation's – kept for a
 * few seconds and shared: a thousand verifiers of one instansi opening their dashboard cost one
 * read of its counters, not a thousand. Per-person reads (my claims, my week) are never shared.
 * A ttl of 0 reads every time.
 */
export class SharedReads {
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return read();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.until > now) return entry.value as Promise<T>;
    if (this.entries.size > 10_000) this.entries.clear();
    const value = read();
    this.entries.set(key, { until: now + this.ttlMs, value });
    // A failed read is not kept.
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
