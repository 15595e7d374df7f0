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

const subset = readFileSync(path.join(__dirname, 'react-router-dom.mjs'), 'utf8');
const provided = new Set(
  subset
    .slice(subset.indexOf('export {') + 'export {'.length, subset.indexOf('}', subset.indexOf('export {')))
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean),
);

test('the subset re-exports real react-router names', async () => {
  const rr = await import('react-router');
  for (const name of provided) expect(rr).toHaveProperty(name);
});

test('every name the builds import from react-router-dom is in the subset', () => {
  const missing: string[] = [];
  const files = ['shell', 'remotes', 'shared'].flatMap((d) => sources(path.join(root, d)));
  expect(files.length).toBeGreaterThan(20);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g)) {
      if (/import\s+type/.test(m[0]) || file.endsWith('react-router-dom.mjs')) continue;
      for (const raw of m[1].split(',')) {
        const name = raw.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
        if (name && !raw.trim().startsWith('type ') && !provided.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
      }
    }
    expect(text).not.toMatch(/import\s+\*\s+as\s+\w+\s+from\s+'react-router(-dom)?'/);
  }
  expect(missing).toEqual([]);
});
