import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'tests/fault/**/*.test.ts',
      'tests/fakes/**/*.test.ts',
    ],
    globalSetup: ['tests/setup/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only make PGlite instances fight for them.
    maxWorkers: 2,
  },
})
