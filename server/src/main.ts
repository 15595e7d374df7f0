import { buildApi } from './app';
import { readConfig } from './config';

async function main(): Promise<void> {
  const { port, host } = readConfig();
  const app = await buildApi({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port, host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
