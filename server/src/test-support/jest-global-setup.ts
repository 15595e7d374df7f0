import { ensurePgTemplate } from './pg-template';
import { ensureTemplates } from './pglite-template';

/** Jest's global setup for the server suites: the database templates, once per run (see pglite-template, pg-template). */
export default async function globalSetup(): Promise<void> {
  if (process.env.KHELA_TEST_ENGINE === 'postgres') {
    if (process.env.TEST_DATABASE_URL) await ensurePgTemplate(process.env.TEST_DATABASE_URL);
    return;
  }
  await ensureTemplates();
}
