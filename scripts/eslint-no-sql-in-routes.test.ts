// No SQL in a route handler (scripts/eslint-no-sql-in-routes.cjs, wired in eslint.config.mjs) bites:
// the repository's real ESLint configuration lints each fixture as if it lived at the given path; a
// handler that sends SQL text itself is refused, in every domain (the game's and the wallet's, once
// exceptions, too), and one that calls its repository passes. One child process lints them all (ESLint loads its .mjs configuration through a
// dynamic import, which Jest's module system does not run).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..');

const routes = (...bodies: string[]) => `import type { FastifyPluginAsync } from 'fastify';
declare function openConversation(q: unknown, id: number): Promise<unknown>;
export const r: FastifyPluginAsync = async (app) => {
${bodies.map((b, i) => `  app.get('/x${i}', async () => ${b});`).join('\n')}
};
`;

const fixtures: [path: string, code: string][] = [
  [
    'server/src/domains/chat/chat.routes.ts',
    routes(
      "app.db.query('SELECT 1 FROM members WHERE id = $1', [1])",
      'app.db.one(`SELECT id FROM members WHERE account = $1`, [1])',
      "app.db.tx((q) => q.query('UPDATE members SET nickname = $2 WHERE id = $1', [1, 'x']))",
      "app.db.tx((q) => q.one(`${'x'} ORDER BY id`))",
    ),
  ],
  ['server/src/domains/chat/chat.plugin.ts', routes("app.db.query('DELETE FROM x')")],
  ['server/src/domains/chat/other.routes.ts', routes('openConversation(app.db, 1)')],
  ['server/src/domains/chat/chat.repo.ts', routes("app.db.query('SELECT 1')")],
  ['server/src/domains/game/rooms.repo.ts', routes("app.db.query('SELECT 1')")],
  ['server/src/domains/game/rooms.routes.ts', routes("app.db.query('SELECT 1')")],
  ['server/src/domains/wallet/wallet-ops.routes.ts', routes("app.db.tx((q) => q.one('SELECT 1 FROM game_vendors'))")],
];

const LINT_ALL = `
const { ESLint } = require('eslint');
let input = '';
process.stdin.on('data', (d) => (input += d)).on('end', async () => {
  const eslint = new ESLint({ ignore: false });
  const out = [];
  for (const [filePath, code] of JSON.parse(input)) {
    const [r] = await eslint.lintText(code, { filePath });
    out.push(r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message));
  }
  process.stdout.write(JSON.stringify(out));
});`;

describe('no SQL in a route handler', () => {
  let found: string[][];
  beforeAll(() => {
    const r = spawnSync(process.execPath, ['-e', LINT_ALL], { cwd: root, input: JSON.stringify(fixtures), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    found = JSON.parse(r.stdout) as string[][];
  }, 300_000);

  it('refuses a string or template literal of SQL sent by a handler, on the database or a transaction', () => {
    expect(found[0]).toHaveLength(4);
    expect(found[0][0]).toContain('No SQL in a route handler');
    expect(found[1]).toHaveLength(1);
  });

  it('lets a handler call its repository, and leaves repositories alone', () => {
    expect(found.slice(2, 5)).toEqual([[], [], []]);
  });

  it('has no exception left: the game and wallet route files are refused SQL too', () => {
    expect(found[5]).toHaveLength(1);
    expect(found[6]).toHaveLength(1);
  });
});
