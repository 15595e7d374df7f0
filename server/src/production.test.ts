// The server refuses to start in production on development defaults (issue 15, hardening 8).
import { buildApi } from './app';
import { productionRefusals } from './production';

const ready: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.internal/khela',
  KHELA_SMS_PROVIDER: 'http-sms',
  KHELA_EMAIL_PROVIDER: 'smtp',
  KHELA_SEAL_KEK: 'a'.repeat(64),
  KHELA_OPS_KEY: 'k'.repeat(40),
  KHELA_DOCS: 'off',
};

it('finds nothing to refuse in a production configuration, nor outside production', () => {
  expect(productionRefusals({ env: ready, engine: 'postgres', docsUi: false })).toEqual([]);
  expect(productionRefusals({ env: { NODE_ENV: 'development' }, engine: 'pglite', docsUi: true })).toEqual([]);
  expect(productionRefusals({ env: {}, engine: 'pglite', docsUi: true })).toEqual([]);
});

it('names every development default at once', () => {
  const reasons = productionRefusals({
    env: { NODE_ENV: 'production', KHELA_INSTANCES: '3', KHELA_DEV: '1' },
    engine: 'pglite',
    docsUi: true,
  });
  expect(reasons).toEqual([
    expect.stringMatching(/PGlite.*fsync off.*DATABASE_URL/),
    expect.stringMatching(/SMS to the development outbox/),
    expect.stringMatching(/e-mail to the development outbox/),
    expect.stringMatching(/KHELA_SEAL_KEK/),
    expect.stringMatching(/KHELA_INSTANCES=3 without REDIS_URL/),
    expect.stringMatching(/docs page public/),
    expect.stringMatching(/development switches/),
    expect.stringMatching(/no KHELA_OPS_KEY/),
  ]);
  // each one alone
  for (const [key, value] of [
    ['KHELA_SMS_PROVIDER', 'outbox'],
    ['KHELA_SEAL_KEK', ''],
    ['KHELA_DEV_OUTBOX', '1'],
  ] as const)
    expect(productionRefusals({ env: { ...ready, [key]: value }, engine: 'postgres', docsUi: false })).toHaveLength(1);
  expect(productionRefusals({ env: { ...ready, KHELA_INSTANCES: '2' }, engine: 'postgres', docsUi: false })).toHaveLength(1);
  expect(
    productionRefusals({ env: { ...ready, KHELA_INSTANCES: '2', REDIS_URL: 'redis://r' }, engine: 'postgres', docsUi: false }),
  ).toEqual([]);
  expect(productionRefusals({ env: ready, engine: 'pglite', docsUi: false })).toHaveLength(1);
  expect(productionRefusals({ env: ready, engine: 'postgres', docsUi: true })).toHaveLength(1);
});

it('KHELA_PRODUCTION_CHECKS=off starts anyway', () => {
  expect(
    productionRefusals({ env: { NODE_ENV: 'production', KHELA_PRODUCTION_CHECKS: 'off' }, engine: 'pglite', docsUi: true }),
  ).toEqual([]);
});

describe('buildApi', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('refuses to build in production on PGlite with the docs on, before it opens any database', async () => {
    process.env = { ...saved, NODE_ENV: 'production', KHELA_DATA_DIR: 'memory://', DATABASE_URL: '' };
    await expect(buildApi({ opsKey: 'x' })).rejects.toThrow(
      /refusing to start in production with development defaults[\s\S]*PGlite[\s\S]*docs page public/,
    );
  });
});
