import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'e2e/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-env.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Browser checks poll for what a screen shows after an action (a render, a lazy chunk, a navigation)
    // instead of reading it at one instant; 5 s leaves room on a loaded 2-core machine.
    expect: { poll: { timeout: 5_000 } },
    // On CI (one loaded 2-core machine: PostgreSQL, servers and Chromium at once) a failing test is run
    // once more; a real failure fails twice. Locally every flake shows, so it gets fixed.
    retry: process.env.CI ? 1 : 0,
    env: { NODE_ENV: 'test' },
  },
});
