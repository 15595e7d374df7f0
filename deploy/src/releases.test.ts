import { mkdtemp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contentVersion, readPointer, withVersion, writePointer } from './releases';

async function scratch() {
  return mkdtemp(path.join(tmpdir(), 'khela-releases-'));
}

describe('releases', () => {
  it('derives the version from file names and bytes, ignoring source maps', async () => {
    const dir = await scratch();
    await mkdir(path.join(dir, 'sub'));
    await writeFile(path.join(dir, 'a.js'), 'one');
    await writeFile(path.join(dir, 'sub', 'b.js'), 'two');
    const first = await contentVersion(dir);
    expect(first.files).toEqual(['a.js', 'sub/b.js']);
    await writeFile(path.join(dir, 'a.js.map'), '{}');
    expect((await contentVersion(dir)).version).toBe(first.version);
    await writeFile(path.join(dir, 'a.js'), 'changed');
    expect((await contentVersion(dir)).version).not.toBe(first.version);
  });

  it('writes the pointer atomically and changes only the named entry', async () => {
    const dir = await scratch();
    expect(await readPointer(dir)).toEqual({ remotes: {} });
    let pointer = withVersion(await readPointer(dir), 'lobby', 'v1');
    pointer = withVersion(pointer, 'promotions', 'p1');
    await writePointer(pointer, dir);
    const before = JSON.stringify((await readPointer(dir)).remotes.promotions);
    await writePointer(withVersion(await readPointer(dir), 'lobby', 'v2'), dir);
    const after = await readPointer(dir);
    expect(after.remotes.lobby).toEqual({ version: 'v2', url: '/remotes/lobby/v2/mf-manifest.json' });
    expect(JSON.stringify(after.remotes.promotions)).toBe(before);
    expect((await readdir(dir)).filter((f) => f.includes('.tmp'))).toEqual([]);
    expect(JSON.parse(await readFile(path.join(dir, 'remotes.json'), 'utf8')).remotes.lobby.version).toBe('v2');
  });
});
