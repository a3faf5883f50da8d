// The ordered list of migrations. Forward-only: add a new file, never edit a landed one.

import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-foundation.js';

export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
};
