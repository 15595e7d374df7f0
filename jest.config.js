// One Jest run, two projects: "web" (jsdom: shell, remotes, shared packages) and "server"
// (node: the API against a real database). @swc/jest transforms TypeScript and TSX.
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages Jest runs through SWC (openid-client and its own dependencies, and otplib's @scure and @noble, among them)
const esmDeps = ['/node_modules/(?!\\.pnpm|jotai/|@electric-sql/|cookie/|openid-client/|oauth4webapi/|jose/|@scure/|@noble/)'];
module.exports = {
  // a project's own testTimeout is not applied by Jest 30: the limit is set here, for both projects
  // (server suites start a database; under a loaded CI machine 5 s is not enough)
  testTimeout: 60000,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/shell/src', '<rootDir>/remotes', '<rootDir>/shared'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
      transformIgnorePatterns: esmDeps,
      setupFilesAfterEnv: ['<rootDir>/scripts/jest.setup-web.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg|webp)$': '<rootDir>/scripts/jest.asset-stub.js' },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      globalSetup: '<rootDir>/server/src/test-support/jest-global-setup.ts',
      roots: ['<rootDir>/server/src', '<rootDir>/deploy/src', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j|mj|cj)sx?$': swc },
      transformIgnorePatterns: esmDeps,
    },
  ],
};
