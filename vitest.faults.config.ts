import { defineConfig } from 'vitest/config';

/**
 * The fault suite: real server processes killed, their database connections terminated, their own
 * Redis and PostgreSQL stopped and started. One file at a time: the faults are timed against load.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.fault.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
