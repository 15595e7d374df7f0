import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { hostFederation } from '@khela/mf-config';
import { baseConfig, federationEsmAliases } from '@khela/mf-config/rspack';

const require = createRequire(import.meta.url);
const dirname = path.dirname(new URL(import.meta.url).pathname);
const { config: base, definePlugin } = baseConfig({ name: 'shell', dirname, uniqueName: 'khela_shell' });

// The retry plugin ships its own, older @module-federation/sdk for one logger; point it at the
// runtime's own copy so the page does not carry two SDKs.
const runtimeSdkEsm = require
  .resolve('@module-federation/sdk', { paths: [require.resolve('@module-federation/enhanced')] })
  .replace(/index\.cjs$/, 'index.js');

const config: Configuration = {
  ...base,
  entry: { main: './src/index.ts' },
  // the federation runtime's ES module builds (tree-shakeable; see @khela/mf-config/rspack)
  resolve: {
    ...base.resolve,
    alias: { ...base.resolve.alias, ...federationEsmAliases, '@module-federation/sdk$': runtimeSdkEsm },
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
    definePlugin,
  ],
  optimization: { splitChunks: { chunks: 'async' } },
  devServer: { port: 3001, historyApiFallback: true, hot: true },
};

export default config;
