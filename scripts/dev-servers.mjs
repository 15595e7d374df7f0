// npm run dev, the front-end half: one Rspack dev server per build (the shell and each remote on
// its own port), all in this one process, with hot module replacement and React Fast Refresh.
// The files are also written to each dist folder, so the origin (deploy/src/main.ts with
// KHELA_DEV=1) serves the page, the pointer and every chunk exactly as in production, under the
// version "dev"; only the hot-update socket goes straight to each build's dev server.
// The configurations are loaded the way `rspack build` loads them (Rspack's own CLI loader), not
// through tsx: tsx rewrites functions with a __name() helper, and the federation plugin serialises
// some of its functions into the browser's runtime, where __name does not exist.
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { RspackCLI } from '@rspack/cli';
import { RspackDevServer } from '@rspack/dev-server';
import { ReactRefreshRspackPlugin as ReactRefreshPlugin } from '@rspack/plugin-react-refresh';

const SHELL_PORT = 3001;
const require = createRequire(import.meta.url);

/**
 * React Fast Refresh hooks a runtime into React DOM from an entry module the refresh plugin adds
 * to every entry. A remote's only entry is its federation container, which never runs those
 * modules, so a remote's runtime would never hook in: its updates would apply and nothing would
 * re-render. Each exposed module therefore runs the hook-in first (it is namespaced by the build's
 * uniqueName, so the shell's and every remote's runtime each hook in once).
 */
function hookRefreshIntoExposes(plugin) {
  const exposes = plugin?.constructor?.name === 'ModuleFederationPlugin' ? plugin._options?.exposes : undefined;
  if (!exposes || Array.isArray(exposes)) return plugin;
  const entry = require.resolve('@rspack/plugin-react-refresh/react-refresh-entry');
  plugin._options.exposes = Object.fromEntries(
    Object.entries(exposes).map(([key, value]) => [
      key,
      { import: [entry, ...[typeof value === 'string' ? value : value.import].flat()] },
    ]),
  );
  return plugin;
}

/** @param {import('@rspack/core').Configuration} config */
async function serve(config) {
  const port = Number(config.devServer?.port ?? SHELL_PORT);
  /** @type {import('@rspack/core').Configuration['devServer']} */
  const devServer = {
    port,
    host: '127.0.0.1',
    hot: true,
    liveReload: true, // what cannot be hot-replaced (an entry, the federation runtime) reloads the page
    // the page comes from the origin, not from this server
    client: { webSocketURL: `ws://127.0.0.1:${port}/ws`, overlay: { errors: true, warnings: false } },
    devMiddleware: { writeToDisk: true },
    headers: { 'Access-Control-Allow-Origin': '*' },
    allowedHosts: 'all',
    historyApiFallback: false,
    static: false,
    open: false,
  };
  const withRefresh = {
    ...config,
    devServer,
    plugins: [
      ...(config.plugins ?? []).map(hookRefreshIntoExposes),
      ...(config.name === 'shell'
        ? [new rspack.EntryPlugin(config.context, require.resolve('./dev-devtools-hook.js'), { name: undefined })]
        : []),
      new ReactRefreshPlugin({ overlay: false }),
    ],
  };
  const compiler = rspack(withRefresh);
  const server = new RspackDevServer(devServer, compiler);
  await server.start();
  console.log(`[khela dev] ${config.name} on ws://127.0.0.1:${port}/ws`);
  return server;
}

async function main() {
  if (process.env.NODE_ENV !== 'development') throw new Error('run through npm run dev (NODE_ENV=development)');
  const { config } = await new RspackCLI().loadConfig({ config: 'rspack.all.config.ts' });
  const servers = await Promise.all([config].flat().map(serve));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error('[khela dev] failed:', err);
  process.exit(1);
});
