import { buildApi } from '@khela/server';
import { registerOrigin } from './origin';

/** One process serves the whole platform: the origin (page, pointer, versions) and the API. */
async function main() {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const app = await buildApi({ logger: process.env.KHELA_LOG === '1' ? { level: 'info' } : false });
  const timeout = Number(process.env.KHELA_REMOTE_TIMEOUT_MS);
  await registerOrigin(app, { clientConfig: Number.isFinite(timeout) && timeout > 0 ? { remoteTimeoutMs: timeout } : undefined });
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
