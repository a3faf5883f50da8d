// PostgreSQL's client programs: Debian keeps them per version under /usr/lib/postgresql/<v>/bin
// (the newest dumps every older server); elsewhere they are on PATH. PG_BIN_DIR names the folder.

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  const configured = process.env.PG_BIN_DIR;
  if (configured) return path.join(configured, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    for (const version of readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
      const program = path.join(base, version, 'bin', name);
      if (existsSync(program)) return program;
    }
  }
  return name;
}
