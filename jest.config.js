/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.test.json' }] },
  testMatch: ['**/__tests__/**/*.test.ts'],
  globalSetup: './__fixtures__/global-setup.mjs',
  testTimeout: 60000,
  maxWorkers: 2
}
