import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FirstViewInput } from '@khela/api/first-data';
import { FirstViews } from './first-view';

const input: FirstViewInput = { path: '/rng', search: '', lang: 'BN', answers: { 'BN /x': '{"value":1}' }, loginLink: false };
const entry = (version: string) => ({ version, url: `/remotes/lobby/${version}/mf-manifest.json` });

async function releases(scripts: Record<string, string>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'first-view-'));
  for (const [version, code] of Object.entries(scripts)) {
    await mkdir(path.join(dir, 'remotes', 'lobby', version), { recursive: true });
    await writeFile(path.join(dir, 'remotes', 'lobby', version, 'first-view.js'), code);
  }
  return dir;
}

describe("the remotes' first views, run by the origin", () => {
  let errors: jest.SpyInstance;
  beforeEach(() => (errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)));
  afterEach(() => errors.mockRestore());

  it('draws what the version’s script returns for the input, and nothing when it returns no text', async () => {
    const dir = await releases({
      v1: 'var khelaFirstView = { render: function (i) { return "<p>" + i.lang + i.path + i.answers["BN /x"] + "</p>"; } };',
      v2: 'var khelaFirstView = { render: function () { return null; } };',
    });
    const views = new FirstViews(dir);
    expect(await views.render(entry('v1'), input)).toBe('<p>BN/rng{"value":1}</p>');
    expect(await views.render(entry('v2'), input)).toBeUndefined();
    expect(await views.render(entry('v3'), input)).toBeUndefined(); // a version without one
    expect(await views.render(undefined, input)).toBeUndefined();
    expect(
      await views.render(
        { ...entry('v1'), canary: { version: 'v2', url: '/remotes/lobby/v2/mf-manifest.json', percent: 10 } },
        input,
      ),
    ).toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });

  it('runs the script without the origin’s powers, and a failing, endless or huge view draws nothing', async () => {
    const dir = await releases({
      node: 'var khelaFirstView = { render: function () { return typeof require + typeof process + typeof fetch; } };',
      throws: 'var khelaFirstView = { render: function () { throw new Error("broken view"); } };',
      endless: 'var khelaFirstView = { render: function () { for (;;) {} } };',
      huge: 'var khelaFirstView = { render: function () { return "x".repeat(300000); } };',
      broken: 'var khelaFirstView = {',
      evals: 'var khelaFirstView = { render: function () { return eval("1 + 1"); } };',
    });
    const views = new FirstViews(dir);
    expect(await views.render(entry('node'), input)).toBe('undefinedundefinedundefined');
    for (const v of ['throws', 'endless', 'huge', 'broken', 'evals']) expect(await views.render(entry(v), input)).toBeUndefined();
    // each failure is reported once, and the page goes on without the view
    expect(await views.render(entry('throws'), input)).toBeUndefined();
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('throws'))).toHaveLength(1);
    expect(String(errors.mock.calls.find((c) => String(c[0]).includes('throws'))?.[0])).toContain('broken view');
  });
});
