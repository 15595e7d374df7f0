import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { federationName, MOUNTED_MODULES, REMOTES, type RemoteName } from '@khela/api/remotes';

/** Small but complete builds, shaped like the real ones, for the release tool's tests. */

export const scratch = (prefix = 'khela-release-test-') => mkdtemp(path.join(tmpdir(), prefix));

export const SHELL_SHARED: Record<string, string> = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  'react-router-dom': '7.18.5',
  jotai: '3.0.1',
  i18next: '27.1.2',
  'react-i18next': '18.0.1',
  '@khela/session': '0.1.0',
  '@khela/i18n': '0.1.0',
  '@khela/api-client': '0.1.0',
};

const caret = (v: string) => (v.startsWith('0.') ? `^${v}` : `^${v.split('.')[0]}.0.0`);

export interface RemoteFixture {
  /** a marker that changes the content (and so the version) */
  marker?: string;
  exposes?: readonly string[];
  /** shared package → [version, requiredVersion] */
  shared?: Record<string, [string, string]>;
  packageVersion?: string;
  /** the name in the manifest (default: the remote's federation name) */
  manifestName?: string;
  remoteEntry?: string;
  /** the stylesheets of every exposed module */
  css?: readonly string[];
  /** other files of the version (e.g. first-view.js): name → content */
  files?: Record<string, string>;
}

export const defaultRemoteShared = (): Record<string, [string, string]> =>
  Object.fromEntries(
    ['react', 'react/jsx-runtime', 'react-dom', 'react-router-dom', 'i18next', 'react-i18next', '@khela/i18n'].map((n) => [
      n,
      [SHELL_SHARED[n], caret(SHELL_SHARED[n])],
    ]),
  );

export async function remoteBuild(dir: string, remote: RemoteName, f: RemoteFixture = {}): Promise<string> {
  await mkdir(dir, { recursive: true });
  const exposes = f.exposes ?? MOUNTED_MODULES[remote];
  const shared = f.shared ?? defaultRemoteShared();
  const manifest = {
    id: federationName(remote),
    name: f.manifestName ?? federationName(remote),
    metaData: {
      name: federationName(remote),
      buildInfo: { buildVersion: f.packageVersion ?? '0.1.0', buildName: `@khela/remote-${remote}` },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: Object.entries(shared).map(([name, [version, requiredVersion]]) => ({
      id: `${federationName(remote)}:${name}`,
      name,
      version,
      singleton: true,
      requiredVersion,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: exposes.map((e) => ({
      id: `${federationName(remote)}:${e}`,
      name: e,
      path: `./${e}`,
      assets: { js: { sync: [`__federation_expose_${e}.js`], async: [] }, css: { sync: [...(f.css ?? [])], async: [] } },
    })),
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest, null, 2));
  await writeFile(
    path.join(dir, 'remoteEntry.js'),
    f.remoteEntry ??
      `var ${federationName(remote)};(()=>{${federationName(remote)}={get(){},init(){}};})();// ${f.marker ?? ''}\n`,
  );
  for (const e of exposes) {
    await writeFile(
      path.join(dir, `__federation_expose_${e}.js`),
      `(self.rspackChunk${federationName(remote)}=self.rspackChunk${federationName(remote)}||[]).push([["${e}"],{}]);// ${f.marker ?? ''}\n`,
    );
  }
  for (const css of f.css ?? []) await writeFile(path.join(dir, css), `/* ${f.marker ?? ''} */\n`);
  for (const [name, content] of Object.entries(f.files ?? {})) await writeFile(path.join(dir, name), content);
  await writeFile(path.join(dir, 'remoteEntry.js.map'), '{}'); // source maps are not published
  return dir;
}

export interface ShellFixture {
  marker?: string;
  /** package → version the shell provides; null: no mf-manifest.json at all */
  shared?: Record<string, string> | null;
}

export async function shellBuild(dir: string, f: ShellFixture = {}): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><!--KHELA_BOOT--><script defer src="/__KHELA_SHELL_BASE__/main.js"></script></head><body><div id="root"><div class="k-boot__main"><!--KHELA_FIRST_VIEW--></div></div></body></html>`,
  );
  await writeFile(path.join(dir, 'main.js'), `(()=>{/* shell ${f.marker ?? ''} */})();\n`);
  const shared = f.shared === undefined ? SHELL_SHARED : f.shared;
  if (shared) {
    await writeFile(
      path.join(dir, 'mf-manifest.json'),
      JSON.stringify({
        id: 'khela_shell',
        name: 'khela_shell',
        metaData: {
          name: 'khela_shell',
          buildInfo: { buildVersion: '0.1.0', buildName: '@khela/shell' },
          remoteEntry: { name: '', path: '', type: 'global' },
        },
        shared: Object.entries(shared).map(([name, version]) => ({
          id: `khela_shell:${name}`,
          name,
          version,
          singleton: true,
          requiredVersion: caret(version),
        })),
        remotes: [],
        exposes: [],
      }),
    );
  }
  return dir;
}

/** A scratch folder with one build of each: { builds, releases, dist(name) }. */
export async function workspace() {
  const root = await scratch();
  const builds = path.join(root, 'builds');
  const releases = path.join(root, 'releases');
  const dist = (name: string, variant = 'a') => path.join(builds, `${name}-${variant}`);
  await shellBuild(dist('shell'));
  for (const r of REMOTES) await remoteBuild(dist(r), r);
  return { root, builds, releases, dist };
}
