import { manifestUrl, MOUNTED_MODULES, REMOTES, resolveEntry, type PointerEntry } from './remotes';

describe('pointer entries', () => {
  const entry: PointerEntry = {
    version: 'aaa',
    url: manifestUrl('lobby', 'aaa'),
    canary: { version: 'bbb', url: manifestUrl('lobby', 'bbb'), percent: 10 },
  };

  it('sends the browsers whose bucket is below the canary share to the canary, the rest to the version in use', () => {
    expect(resolveEntry(entry, 0)).toEqual({ version: 'bbb', url: '/remotes/lobby/bbb/mf-manifest.json', canary: true });
    expect(resolveEntry(entry, 9).version).toBe('bbb');
    expect(resolveEntry(entry, 10).version).toBe('aaa');
    expect(resolveEntry(entry, 99)).toEqual({ version: 'aaa', url: '/remotes/lobby/aaa/mf-manifest.json', canary: false });
    const shares = Array.from({ length: 100 }, (_, b) => resolveEntry(entry, b).canary).filter(Boolean);
    expect(shares).toHaveLength(10);
  });

  it('reads a pointer written before canaries existed', () => {
    expect(resolveEntry({ version: 'aaa', url: '/remotes/lobby/aaa/mf-manifest.json' }, 3).version).toBe('aaa');
  });

  it('names what the shell mounts for every remote', () => {
    expect(Object.keys(MOUNTED_MODULES).sort()).toEqual([...REMOTES].sort());
    for (const r of REMOTES) expect(MOUNTED_MODULES[r].length).toBeGreaterThan(0);
  });
});
