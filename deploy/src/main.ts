import { buildApi, requireOps, rumSampleRate } from '@khela/server';
import { registerOrigin } from './origin';
import { opsReleasePage } from './ops-page';

/** One process serves the whole platform: the origin (page, pointer, versions) and the API. */
async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  // End-to-end tests only (scripts/e2e-server.mjs sets it; refused in production): the browser
  // tests read the answer of the captcha image on screen, which nothing else can.
  const testHooks = process.env.KHELA_E2E_TEST_HOOKS === '1' && process.env.NODE_ENV !== 'production';
  const captchas = new Map<string, string>();
  const app = await buildApi({
    logger: process.env.KHELA_LOG === '1' ? { level: 'info' } : false,
    ...(testHooks ? { auth: { onCaptcha: (id: string, answer: string) => void captchas.set(id, answer) } } : {}),
  });
  if (testHooks) {
    // the server's own operator check: the key compared in constant time, and never "no key set, come in"
    app.get('/ops/test/captcha/:id', { onRequest: requireOps }, async (req, reply) => {
      const answer = captchas.get((req.params as { id: string }).id);
      return answer
        ? { success: true, message: '', value: { answer } }
        : reply.code(404).send({ success: false, message: 'unknown captcha', value: null, errorCode: 'NOT_FOUND' });
    });
    // every browser test runs from 127.0.0.1: a member's earlier login "from elsewhere" makes the
    // next one from here a login from a new place (the extra verification)
    app.post('/ops/test/known-ip', { onRequest: requireOps }, async (req) => {
      const { account, ip } = req.body as { account: string; ip: string };
      await app.db.query(
        `INSERT INTO member_known_ips (member_id, ip) SELECT id, $2 FROM members WHERE account = lower($1) ON CONFLICT DO NOTHING`,
        [account, ip],
      );
      return { success: true, message: '', value: null };
    });
  }
  const timeout = Number(process.env.KHELA_REMOTE_TIMEOUT_MS);
  await app.register(opsReleasePage, {});
  await registerOrigin(app, {
    clientConfig: async () => ({
      ...(Number.isFinite(timeout) && timeout > 0 ? { remoteTimeoutMs: timeout } : {}),
      rumSampleRate: await rumSampleRate(app),
    }),
  });
  await app.listen({ port, host });
  console.log(`[khela] serving on http://${host}:${port}`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('[khela] failed to start:', err);
  process.exit(1);
});
