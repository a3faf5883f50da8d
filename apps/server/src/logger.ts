// The server's one logger (pino, as Fastify uses it): made before the database is opened, so
// start-up and connection faults are logged the same way as requests (issue #17).

import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
  });
}
