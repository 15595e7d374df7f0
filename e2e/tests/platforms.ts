import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The two platforms of an end-to-end run (scripts/e2e-server.mjs starts both, each with its own
 * database and releases folder): the `side-by-side` files share the one on E2E_PORT; the `alone`
 * files, which change what every page sees (the release pointer, the site's status, content,
 * sign-in providers), have the next port's to themselves, one file at a time, while the others run.
 */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const ALONE_PORT = PORT + 1;

/** The folder a platform serves its releases from (the release tests publish and promote into it). */
export const releasesDir = (port: number) => path.join(tmpdir(), `khela-e2e-releases-${port}`);
