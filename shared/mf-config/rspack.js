// The Rspack configuration every remote builds with: its own rspack.config.ts only names the
// remote and its exposed modules. Hashed file names and publicPath 'auto', so a version folder
// can be served from any path and cached for a year.
'use strict';
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { remoteFederation, federationName, subsetAliases } = require('./index.js');

const swcRule = (isDev) => ({
  test: /\.tsx?$/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic', development: isDev } } },
    env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100' },
  },
});

/** What the shell and every remote build share: mode, hashed output, loaders. */
function baseConfig({ name, dirname, uniqueName }) {
  const isDev = process.env.NODE_ENV === 'development';
  return {
    isDev,
    config: {
      name,
      context: dirname,
      mode: isDev ? 'development' : 'production',
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(dirname, isDev ? 'dist-dev' : 'dist'), // dev builds never replace a production dist
        publicPath: 'auto',
        filename: '[name].[contenthash:10].js',
        chunkFilename: '[name].[contenthash:10].js',
        cssFilename: '[name].[contenthash:10].css',
        cssChunkFilename: '[name].[contenthash:10].css',
        uniqueName,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: subsetAliases(isDev) },
      module: { rules: [swcRule(isDev), { test: /\.css$/, type: 'css/auto' }] },
      performance: false,
    },
    // ENV_TARGET: the federation runtime drops its Node.js loaders from a build for browsers
    definePlugin: new rspack.DefinePlugin({
      'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production'),
      ENV_TARGET: JSON.stringify('web'),
    }),
  };
}

// The federation glue in every remote entry requires its packages as CommonJS, which cannot be
// tree-shaken: each entry would carry all of the SDK (Node loaders included) for the two helpers
// it uses. Their ES module builds can be, which halves a remote entry.
const federationRequire = require('node:module').createRequire(require.resolve('@module-federation/enhanced'));
const esmOf = (request, from = federationRequire) => {
  const cjs = from.resolve(request);
  return { cjs, esm: cjs.replace(/index\.cjs$/, request.endsWith('error-codes') ? 'index.mjs' : 'index.js') };
};
const sdkEsm = esmOf('@module-federation/sdk').esm;
const runtime = esmOf('@module-federation/runtime');
const runtimeRequire = require('node:module').createRequire(runtime.cjs);
const bundlerRuntime = esmOf('@module-federation/webpack-bundler-runtime');
const errorCodes = esmOf('@module-federation/error-codes', runtimeRequire);
const runtimeCore = esmOf('@module-federation/runtime-core', runtimeRequire);
// the host's runtime plugin that lends its runtime to the remotes (experiments.provideExternalRuntime)
const injectRuntimePlugin = esmOf('@module-federation/inject-external-runtime-core-plugin');
const federationEsmAliases = {
  '@module-federation/sdk$': sdkEsm,
  '@module-federation/runtime$': runtime.esm,
  '@module-federation/error-codes$': errorCodes.esm,
  '@module-federation/runtime-core$': runtimeCore.esm,
  '@module-federation/runtime-tools/runtime-core$': runtimeCore.esm,
  [bundlerRuntime.cjs]: bundlerRuntime.esm,
  [injectRuntimePlugin.cjs]: injectRuntimePlugin.esm,
};

/**
 * The federation plugins point `@module-federation/runtime` at the runtime's CommonJS build once
 * all plugins are applied, over the ES module alias above: every build then carried the CommonJS
 * wrapper and its interop helpers beside the ES modules the rest of the runtime comes as (264 B
 * gzip in the shell's entry, 295 B in the lobby's remote entry). Applied after them, this puts the
 * ES module build back.
 */
class FederationRuntimeEsmPlugin {
  apply(compiler) {
    compiler.hooks.afterPlugins.tap({ name: 'khela-federation-runtime-esm', stage: 100 }, () => {
      const alias = { ...compiler.options.resolve.alias };
      for (const key of ['@module-federation/runtime', '@module-federation/runtime$']) if (key in alias) alias[key] = runtime.esm;
      compiler.options.resolve.alias = alias;
    });
  }
}

/**
 * A remote's first view (see deploy/src/first-view.ts): its module (pure TypeScript, no React, no
 * styles) bundled into first-view.js, a script the origin runs in a sandbox to draw the remote's
 * routes into the page before any script of the page runs. Bundled when the config is read (so a
 * watch build keeps the first view it started with).
 */
function firstViewScript(dirname, entry) {
  const { buildSync } = require('esbuild');
  const out = buildSync({
    entryPoints: [path.resolve(dirname, entry)],
    bundle: true,
    format: 'iife',
    globalName: 'khelaFirstView',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
  });
  return out.outputFiles[0].text;
}

/** Files a remote's build writes into its version folder besides its code: name → content. */
class EmitFilesPlugin {
  constructor(files) {
    this.files = files;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('khela-emit-files', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'khela-emit-files', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, content] of Object.entries(this.files))
            compilation.emitAsset(name, new rspack.sources.RawSource(content));
        },
      );
    });
  }
}

/**
 * Writes css-chunks.json: for each CSS file of the build, the key rspack's CSS chunk loader gives
 * the stylesheet it links (`data-rspack`, the build's unique name and the chunk's id). The origin
 * puts that key on the stylesheets it links for a page's first frame: the loader matches a link it
 * finds by the key or by an absolute address, and the origin's addresses are root-relative, so
 * without the key the loader links the same file a second time, and the browser parses it again and
 * restyles and lays out the whole page (about 50 ms on a slow phone for the shell's styles).
 */
class CssChunkKeysPlugin {
  constructor(uniqueName) {
    this.uniqueName = uniqueName;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('khela-css-chunk-keys', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'khela-css-chunk-keys', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const keys = {};
          for (const chunk of compilation.chunks)
            for (const file of chunk.files)
              if (file.endsWith('.css') && chunk.id != null) keys[file] = `${this.uniqueName}:chunk-${chunk.id}`;
          const sorted = Object.fromEntries(Object.entries(keys).sort(([a], [b]) => a.localeCompare(b)));
          compilation.emitAsset('css-chunks.json', new rspack.sources.RawSource(JSON.stringify(sorted, null, 2)));
        },
      );
    });
  }
}

function remoteRspackConfig({ remote, dirname, exposes, devPort, firstView }) {
  const { config, definePlugin } = baseConfig({ name: remote, dirname, uniqueName: federationName(remote) });
  return {
    ...config,
    resolve: { ...config.resolve, alias: { ...config.resolve.alias, ...federationEsmAliases } },
    entry: {},
    plugins: [
      new ModuleFederationPlugin(remoteFederation(remote, exposes)),
      new FederationRuntimeEsmPlugin(),
      definePlugin,
      new CssChunkKeysPlugin(federationName(remote)),
      ...(firstView ? [new EmitFilesPlugin({ 'first-view.js': firstViewScript(dirname, firstView) })] : []),
    ],
    devServer: {
      port: devPort,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: true,
    },
  };
}

module.exports = {
  baseConfig,
  remoteRspackConfig,
  swcRule,
  federationEsmAliases,
  CssChunkKeysPlugin,
  FederationRuntimeEsmPlugin,
};
