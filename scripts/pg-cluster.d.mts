// Types of pg-cluster.mjs for the TypeScript tests that use it.
export interface Cluster {
  port: number;
  dir: string;
  url(database?: string): string;
  start(): void;
  stop(mode?: 'fast' | 'immediate' | 'smart'): void;
  restart(): void;
  terminateBackends(): Promise<number>;
  createDatabase(name: string): Promise<string>;
  destroy(): void;
}
export function freePort(): Promise<number>;
export function createCluster(options?: { start?: boolean }): Promise<Cluster>;
