import { ensureTemplates } from './pglite-template';

/** Jest's global setup for the server suites: the PGlite templates, once per run (see pglite-template). */
export default async function globalSetup(): Promise<void> {
  if (process.env.KHELA_TEST_ENGINE === 'postgres') return;
  await ensureTemplates();
}
