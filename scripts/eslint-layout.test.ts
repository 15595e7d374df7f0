// The layout's one-way doors (scripts/eslint-layout.cjs) bite: each fixture below is linted as if it lived
// at the given path, and the wrong imports are refused while the allowed ones pass.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the rule is CommonJS (see its header)
const khela = require('./eslint-layout.cjs');

const root = join(__dirname, '..');
const linter = new Linter({ configType: 'flat', cwd: root });
const config = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    plugins: { khela },
    rules: { 'khela/layout': 'error' as const },
  },
];
const lint = (path: string, code: string) => linter.verify(code, config, { filename: join(root, path) }).map((m) => m.message);

describe('khela/layout', () => {
  it('keeps remotes out of each other and out of the shell', () => {
    expect(lint('remotes/lobby/src/x.ts', "import { GamePage } from '@khela/remote-games';")).toEqual([
      expect.stringContaining("the remote 'lobby' imports the remote 'games'"),
    ]);
    expect(lint('remotes/lobby/src/x.ts', "import '../../games/src/exposed/GamePage';")).toEqual([
      expect.stringContaining('a relative import leaves its package (lobby → games)'),
    ]);
    expect(lint('remotes/lobby/src/x.ts', "import { App } from '@khela/shell';")).toEqual([
      expect.stringContaining("the remote 'lobby' imports the shell"),
    ]);
    expect(lint('shell/src/app/x.ts', "const m = import('@khela/remote-lobby');")).toEqual([
      expect.stringContaining("the shell imports the remote 'lobby'"),
    ]);
    expect(
      lint('remotes/lobby/src/x.ts', "import { Modal } from '@khela/ui';\nimport { apiRequest } from '@khela/api-client';"),
    ).toEqual([]);
  });

  it('keeps features out of each other', () => {
    expect(lint('shell/src/features/live/x.ts', "export { Header } from '../navigation/Header';")).toEqual([
      expect.stringContaining("the feature 'live' imports the feature 'navigation'"),
    ]);
    expect(lint('remotes/member-centre/src/features/deposit/x.tsx', "import { a } from '../withdraw/api';")).toEqual([
      expect.stringContaining("the feature 'deposit' imports the feature 'withdraw'"),
    ]);
    // within a feature, and from a feature to the package's shared folders, is fine
    expect(
      lint('shell/src/features/live/x.ts', "import { b } from './balance';\nimport { useLogout } from '../../lib/useLogout';"),
    ).toEqual([]);
  });

  it('lets the server and the release tool import only the shared contract', () => {
    for (const spec of [
      'react',
      'react-dom/client',
      'jotai',
      '@khela/ui',
      '@khela/session',
      '@khela/api-client',
      '@khela/api-client/seal',
      '@khela/i18n',
    ]) {
      expect(lint('server/src/domains/x.ts', `import * as m from '${spec}';`)).toEqual([expect.stringContaining('browser code')]);
    }
    expect(lint('deploy/src/x.ts', "import { App } from '@khela/shell';")).toEqual([expect.stringContaining('browser code')]);
    expect(lint('server/src/x.ts', "import '../../shell/src/index';")).toEqual([expect.stringContaining('leaves its package')]);
    expect(
      lint(
        'server/src/x.ts',
        "import { MERCHANT } from '@khela/api';\nimport { toPoisha } from '@khela/api/money';\nimport { sealWith } from '@khela/api/seal-crypto';\nimport { slot } from '@khela/games-math';\nimport { seoTitle } from '@khela/i18n/seo';",
      ),
    ).toEqual([]);
  });

  it('keeps the contract free of the browser and the session free of the client (no package cycle)', () => {
    for (const spec of ['@khela/session', '@khela/api-client', '@khela/ui', '@khela/i18n', 'react', 'jotai']) {
      expect(lint('shared/api/src/x.ts', `import * as m from '${spec}';`)).toEqual([expect.stringContaining('the contract')]);
    }
    expect(lint('shared/api/src/x.ts', "import type { Game } from './games';")).toEqual([]);
    expect(lint('shared/session/src/x.ts', "import { apiRequest } from '@khela/api-client';")).toEqual([
      expect.stringContaining('must not form a cycle'),
    ]);
    expect(lint('shared/session/src/x.ts', "import type { PermissionInfo } from '@khela/api';")).toEqual([]);
    expect(
      lint('shared/api-client/src/x.ts', "import { dataKey } from '@khela/api';\nimport { getToken } from '@khela/session';"),
    ).toEqual([]);
  });

  it('keeps browser code off the server and off Node.js modules', () => {
    expect(lint('shared/ui/src/x.ts', "import { buildApi } from '@khela/server';")).toEqual([
      expect.stringContaining('browser code imports the server'),
    ]);
    expect(lint('shell/src/x.ts', "import { createHash } from 'node:crypto';")).toEqual([
      expect.stringContaining("'node:crypto', a Node.js module"),
    ]);
    // tests run on Node.js
    expect(lint('shell/src/x.test.ts', "import { createHash } from 'node:crypto';")).toEqual([]);
  });

  it('refuses deep imports into a package’s src folder', () => {
    expect(lint('server/src/x.ts', "import { GameType } from '@khela/api/src/games';")).toEqual([
      expect.stringContaining("reaches into the package's src folder: import what its exports offer ('@khela/api/games')"),
    ]);
    expect(lint('remotes/games/src/x.ts', "jest.mock('@khela/session/src/storage');")).toEqual([
      expect.stringContaining('src folder'),
    ]);
  });

  it('is on in the project’s own ESLint configuration', () => {
    const eslint = join(root, 'node_modules', '.bin', 'eslint');
    const r = spawnSync(eslint, ['--stdin', '--stdin-filename', 'remotes/lobby/src/probe.ts', '--format', 'json'], {
      cwd: root,
      input: "import { GamePage } from '@khela/remote-games';\nexport { GamePage };\n",
      encoding: 'utf8',
    });
    const [result] = JSON.parse(r.stdout) as { messages: { ruleId: string; message: string }[] }[];
    expect(result.messages).toEqual([expect.objectContaining({ ruleId: 'khela/layout' })]);
  });
});
