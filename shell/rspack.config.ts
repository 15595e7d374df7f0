import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { hostFederation } from '@khela/mf-config';

const require = createRequire(import.meta.url);
const dirname = path.dirname(new URL(import.meta.url).pathname);
const isDev = process.env.NODE_ENV === 'development';

// The retry plugin ships its own, older @module-federation/sdk for one logger; point it at the
// runtime's own copy so the page does not carry two SDKs.
const runtimeSdkEsm = require
  .resolve('@module-federation/sdk', { paths: [require.resolve('@module-federation/enhanced')] })
  .replace(/index\.cjs$/, 'index.js');

const config: Configuration = {
  name: 'shell',
  context: dirname,
  mode: isDev ? 'development' : 'production',
  devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
  entry: { main: './src/index.ts' },
  output: {
    path: path.join(dirname, 'dist'),
    publicPath: 'auto',
    filename: '[name].[contenthash:10].js',
    chunkFilename: '[name].[contenthash:10].js',
    cssFilename: '[name].[contenthash:10].css',
    cssChunkFilename: '[name].[contenthash:10].css',
    uniqueName: 'khela_shell',
    clean: true,
  },
  resolve: {
    extensions: ['.tsx', '.ts', '.js'],
    alias: { '@module-federation/sdk$': runtimeSdkEsm },
  },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: isDev } },
          },
          env: { targets: 'chrome >= 100, safari >= 15, firefox >= 100' },
        },
      },
      { test: /\.css$/, type: 'css/auto' },
    ],
  },
  plugins: [
    new ModuleFederationPlugin(hostFederation([require.resolve('./src/federation/runtime-plugins/fallback.ts')])),
    new rspack.HtmlRspackPlugin({
      template: './index.html',
      // The origin replaces this placeholder with the published version's folder at serve time,
      // so the same build can be served from any version path.
      publicPath: '/__KHELA_SHELL_BASE__/',
      scriptLoading: 'defer',
      minify: false, // keeps the origin's <!--KHELA_BOOT--> placeholder
    }),
    new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production') }),
  ],
  optimization: { splitChunks: { chunks: 'async' } },
  performance: false,
  devServer: {
    port: 3001,
    historyApiFallback: true,
    hot: true,
  },
};

export default config;
