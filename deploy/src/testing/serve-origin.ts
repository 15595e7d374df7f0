import Fastify from 'fastify';
import { registerOrigin } from '../origin';

/** Tests: the origin alone (no API) over a releases folder, on a free port it prints. */
async function main() {
  const app = Fastify();
  await registerOrigin(app, { releasesDir: process.argv[2], dev: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
