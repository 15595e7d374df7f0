import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { hostFederation } from '@khela/mf-config';
import { baseConfig, CssChunkKeysPlugin, federationEsmAliases, FederationRuntimeEsmPlugin } from '@khela/mf-config/rspack';

const require = createRequire(import.meta.url);
const dirname = path.dirname(new URL(import.meta.url).pathname);
const { config: base, definePlugin } = baseConfig({ name: 'shell', dirname, uniqueName: 'khela_shell' });

// The retry plugin ships its own, older @module-federation/sdk for one logger; point it at the
// runtime's own copy so the page does not carry two SDKs.
const runtimeSdkEsm = require
  .resolve('@module-federation/sdk', { paths: [require.resolve('@module-federation/enhanced')] })
  .replace(/index\.cjs$/, 'index.js');

/**
 * Writes boot-assets.json: the files the page loads as soon as the shell's entry runs (the
 * bootstrap chunk, its styles, and the shared libraries the shell provides), and the web fonts. The
 * origin turns them into preload hints, so they download while main.js does instead of after it.
 * It also copies the after-paint loader (src/boot/after-paint.js, plain script) into the version
 * under a content-hashed name: the origin uses it on a page whose first frame shows its largest
 * paint, and only when the shell version it serves has one (an older version is served as before);
 * and the page's icon (src/boot/favicon.svg), which index.html names.
 */
class BootAssetsPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    compiler.hooks.thisCompilation.tap('khela-boot-assets', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'khela-boot-assets', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = new Set<string>();
          for (const group of compilation.entrypoints.get('main')?.childrenIterable ?? [])
            for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
          // the largest first: each is fetched in this order, and the largest takes longest
          const size = (f: string) => compilation.getAsset(f)?.source.size() ?? 0;
          const all = [...files].sort((a, b) => size(b) - size(a) || a.localeCompare(b));
          // copied as they are: the after-paint loader (content-hashed: the origin names it from
          // here) and the page's icon (named by the template; the version folder is immutable)
          const copy = (file: string, name?: (content: Buffer) => string) => {
            const from = path.join(dirname, 'src/boot', file);
            compilation.fileDependencies.add(from);
            const content = readFileSync(from);
            const to = name ? name(content) : file;
            compilation.emitAsset(to, new rspack.sources.RawSource(content));
            return to;
          };
          const afterPaint = copy(
            'after-paint.js',
            (c) => `after-paint.${createHash('sha256').update(c).digest('hex').slice(0, 10)}.js`,
          );
          copy('favicon.svg');
          const boot = {
            afterPaint,
            scripts: all.filter((f) => f.endsWith('.js')),
            styles: all.filter((f) => f.endsWith('.css')),
            fonts: Object.keys(compilation.assets)
              .filter((f) => f.endsWith('.woff2'))
              .sort(),
          };
          compilation.emitAsset('boot-assets.json', new rspack.sources.RawSource(JSON.stringify(boot, null, 2)));
        },
      );
    });
  }
}

const config: Configuration = {
  ...base,
  entry: { main: './src/index.ts' },
  // the federation runtime's ES module builds (tree-shakeable; see @khela/mf-config/rspack)
  resolve: {
    ...base.resolve,
    alias: { ...base.resolve.alias, ...federationEsmAliases, '@module-federation/sdk$': runtimeSdkEsm },
  },
  plugins: [
    new ModuleFederationPlugin(
      hostFederation([
        require.resolve('./src/federation/runtime-plugins/fallback.ts'),
        require.resolve('./src/federation/runtime-plugins/linked-styles.ts'),
      ]),
    ),
    new FederationRuntimeEsmPlugin(),
    new rspack.HtmlRspackPlugin({
      template: './index.html',
      // The origin replaces this placeholder with the published version's folder at serve time,
      // so the same build can be served from any version path.
      publicPath: '/__KHELA_SHELL_BASE__/',
      scriptLoading: 'defer',
      minify: false, // keeps the origin's <!--KHELA_BOOT--> placeholder
    }),
    definePlugin,
    new BootAssetsPlugin(),
    new CssChunkKeysPlugin('khela_shell'),
  ],
  module: {
    ...base.module,
    rules: [
      ...base.module.rules,
      // the web font keeps its name (the origin preloads it by name) and a content hash
      { test: /\.woff2$/, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:10][ext]' } },
    ],
  },
  optimization: {
    splitChunks: {
      chunks: 'async',
      cacheGroups: {
        // The shared libraries the shell provides are all loaded as soon as its entry runs: one file,
        // not eight (a phone's HTTP/1.1 link opens six connections, each file costs a round trip).
        // Only these: a library loaded later (validation, sockets, uploads) keeps its own chunk.
        bootLibraries: {
          test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react|react-dom|scheduler|react-router|jotai|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
          name: 'libs',
          chunks: 'async',
          enforce: true,
          priority: 20,
        },
      },
    },
  },
  devServer: { port: 3001, historyApiFallback: true, hot: true },
};

export default config;
