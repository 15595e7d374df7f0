// The Rspack configuration every remote builds with: its own rspack.config.ts only names the
// remote and its exposed modules. Hashed file names and publicPath 'auto', so a version folder
// can be served from any path and cached for a year.
'use strict';
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { remoteFederation, federationName } = require('./index.js');

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
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: { rules: [swcRule(isDev), { test: /\.css$/, type: 'css/auto' }] },
      performance: false,
    },
    definePlugin: new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production') }),
  };
}

function remoteRspackConfig({ remote, dirname, exposes, devPort }) {
  const { config, definePlugin } = baseConfig({ name: remote, dirname, uniqueName: federationName(remote) });
  return {
    ...config,
    entry: {},
    plugins: [new ModuleFederationPlugin(remoteFederation(remote, exposes)), definePlugin],
    devServer: {
      port: devPort,
      headers: { 'Access-Control-Allow-Origin': '*' },
      hot: true,
    },
  };
}

module.exports = { baseConfig, remoteRspackConfig, swcRule };
