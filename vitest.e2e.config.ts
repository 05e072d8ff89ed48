import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: playwright-core drives Debian's Chromium against the real server, which the
 * global setup starts on a free port with a fresh temporary data directory and the demo seed.
 * One file at a time in one fork: the journeys share that server.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One more try for a journey step that lost a race with a loaded 2-core CI machine; a real fault
    // fails both times.
    retry: 1,
    // A loaded 2-core CI machine can take more than the default second to settle a screen.
    expect: { poll: { timeout: 5_000 } },
  },
});
