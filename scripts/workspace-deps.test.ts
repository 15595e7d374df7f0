// Every workspace package declares what it imports. pnpm links a package's own dependencies only, but the
// root's devDependencies (every workspace package among them) are found from any folder, so a missing
// declaration would work here and break wherever a package is installed on its own. This reads each
// package's files (its sources, tests and build configuration) and lists the imported packages that its
// package.json does not name (dependencies, devDependencies or peerDependencies).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-dev', 'test-results', 'playwright-report', '.cache']);
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

/** The workspace's packages, from pnpm-workspace.yaml (`dir` and `dir/*` entries). */
function workspaceDirs(): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const section = /^packages:\n((?:[ \t]+-[^\n]*\n?)+)/m.exec(yaml)?.[1] ?? '';
  const globs = [...section.matchAll(/-\s+['"]?([^'"\s]+)['"]?/g)].map((m) => m[1]);
  return globs.flatMap((g) =>
    g.endsWith('/*')
      ? readdirSync(join(root, g.slice(0, -2)))
          .map((d) => join(g.slice(0, -2), d))
          .filter((d) => statSync(join(root, d)).isDirectory())
      : [g],
  );
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : filesOf(join(dir, e.name));
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [];
  });
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\b(?:import|require|require\.resolve|jest\.mock|jest\.requireActual)\(\s*['"]([^'"]+)['"]/gm;
const BUILTIN = new Set(builtinModules);

/** The package an import names: '@scope/name' or 'name'; null for relative paths and Node.js's modules. */
export function packageOf(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('node:')) return null;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTIN.has(name) ? null : name;
}

/** Imported package names of a source text (comments are dropped first, so an example in one does not count). */
export function importedPackages(text: string): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const out = new Set<string>();
  for (const m of code.matchAll(SPECIFIER)) {
    const pkg = packageOf(m[1] ?? m[2] ?? m[3]);
    if (pkg) out.add(pkg);
  }
  return out;
}

/** Names that are not packages: bundler aliases declared in shared/mf-config (see its subsetAliases). */
const ALIASES = new Set(['khela-react-i18next-impl']);

describe('workspace dependencies', () => {
  it('finds imports and leaves out relative paths, Node.js modules and comments', () => {
    const found = importedPackages(
      [
        "import { a } from '@khela/api/money';",
        "import type { B } from 'react-router-dom';",
        "export * from './local';",
        "import 'side-effect/css';",
        "const x = await import('@scope/lazy/sub');",
        "jest.mock('@khela/api-client', () => ({}));",
        "import { readFileSync } from 'node:fs';",
        "import path from 'path';",
        "// import { nope } from 'commented-out';",
      ].join('\n'),
    );
    expect([...found].sort()).toEqual(['@khela/api', '@khela/api-client', '@scope/lazy', 'react-router-dom', 'side-effect']);
  });

  it.each(workspaceDirs())('%s declares every package it imports', (dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const declared = new Set([
      manifest.name,
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const missing: string[] = [];
    for (const file of filesOf(join(root, dir))) {
      for (const pkg of importedPackages(readFileSync(file, 'utf8'))) {
        if (!declared.has(pkg) && !ALIASES.has(pkg)) missing.push(`${relative(root, file)}: ${pkg}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
