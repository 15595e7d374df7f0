// Every build gets shared/mf-config/react-router-dom.mjs when it imports 'react-router-dom' (see
// index.js). A name imported somewhere but missing from that subset would be undefined at run
// time, so this check reads every source file and fails the build's tests instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');
const SKIP = new Set(['node_modules', 'dist', 'dist-dev', '.releases', '.data', 'test-results']);

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sources(full, out);
    else if (/\.(tsx?|mjs|js)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

function exportedBy(file: string): Set<string> {
  const subset = readFileSync(path.join(__dirname, file), 'utf8');
  const start = subset.indexOf('export {') + 'export {'.length;
  return new Set(
    subset
      .slice(start, subset.indexOf('}', start))
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

const SUBSETS = [
  { file: 'react-router-dom.mjs', packages: ['react-router-dom', 'react-router'], real: () => import('react-router') },
  { file: 'react-i18next.mjs', packages: ['react-i18next'], real: () => import('react-i18next') },
];
const files = ['shell', 'remotes', 'shared'].flatMap((d) => sources(path.join(root, d)));

describe.each(SUBSETS)('$file', ({ file, packages, real }) => {
  const provided = exportedBy(file);

  test('re-exports real names of the package', async () => {
    const pkg = await real();
    for (const name of provided) expect(pkg).toHaveProperty(name);
  });

  test('holds every name the builds import from the package', () => {
    const missing: string[] = [];
    expect(files.length).toBeGreaterThan(20);
    const from = packages.map((p) => p.replace(/[-/]/g, '\\$&')).join('|');
    for (const f of files) {
      if (f.endsWith('.mjs') && f.includes('mf-config')) continue;
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'(${from})'`, 'g'))) {
        if (m[1]) continue; // type-only imports vanish from the build
        for (const raw of m[2].split(',')) {
          const name = raw.trim().split(/\s+as\s+/)[0];
          if (name && !name.startsWith('type ') && !provided.has(name)) missing.push(`${path.relative(root, f)}: ${name}`);
        }
      }
      expect(text).not.toMatch(new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+'(${from})'`));
    }
    expect(missing).toEqual([]);
  });
});
