// The one place that declares what all eight builds share at run time. Every rspack.config.ts
// (shell and remotes) calls these helpers, so a singleton can never be declared in one build and
// forgotten in another. Versions come from the installed packages, so the requirement a remote is
// built with is exactly what it was tested against.
'use strict';
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..', '..');

function installedVersion(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`, { paths: [repoRoot] });
  return require(manifest).version;
}

/** Packages that must exist once per page. The trailing-slash keys share every subpath
 * (react-dom/client, react/jsx-runtime); without them react-dom/client is bundled twice. */
const SINGLETONS = {
  react: 'react',
  'react/': 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/': 'react-dom',
  'react-router-dom': 'react-router-dom',
  jotai: 'jotai',
  'jotai/': 'jotai',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
  '@khela/session': '@khela/session',
  '@khela/i18n': '@khela/i18n',
  // the browser's API client holds the page's configuration (language, merchant) and its inlined first
  // data: one copy per page
  '@khela/api-client': '@khela/api-client',
  // the validator locale is module state: one copy per page, loaded only by the forms that use it
  '@khela/validation': '@khela/validation',
  // not @khela/api (the contract) nor @khela/games-math: types, constants and pure functions, no module
  // state; each build bundles what it uses of them (a shared module could not be tree-shaken)
};

/** The subsets of the router and of react-i18next the platform uses (see their .mjs files). */
const ROUTER_SUBSET = path.join(__dirname, 'react-router-dom.mjs');
const I18NEXT_REACT_SUBSET = path.join(__dirname, 'react-i18next.mjs');
const SUBSETS = { 'react-router-dom': ROUTER_SUBSET, 'react-i18next': I18NEXT_REACT_SUBSET };

/**
 * Aliases the subsets need: react-i18next's own entry under a private name (the subset cannot
 * import 'react-i18next', which is the shared key it provides), and react-router's production
 * build (its exports map names only the development build, which keeps its dev-only checks).
 */
function subsetAliases(isDev) {
  const rrPkg = require.resolve('react-router/package.json', { paths: [repoRoot] });
  const ri18nPkg = require.resolve('react-i18next/package.json', { paths: [repoRoot] });
  return {
    'khela-react-i18next-impl$': path.join(path.dirname(ri18nPkg), 'dist/es/index.js'),
    ...(isDev ? {} : { 'react-router$': path.join(path.dirname(rrPkg), 'dist/production/index.mjs') }),
  };
}

function majorRange(version) {
  return `^${version.split('.')[0]}.0.0`;
}

/** The shared map for ModuleFederationPlugin. */
function sharedSingletons() {
  const shared = {};
  for (const [key, pkg] of Object.entries(SINGLETONS)) {
    const version = installedVersion(pkg);
    shared[key] = {
      ...(SUBSETS[key] ? { import: SUBSETS[key] } : {}),
      singleton: true,
      requiredVersion: pkg.startsWith('@khela/') ? `^${version}` : majorRange(version),
      version,
      strictVersion: false,
    };
  }
  return shared;
}

/** Federation name of a remote: identifiers cannot hold dashes. */
function federationName(remote) {
  return `khela_${remote.replace(/-/g, '_')}`;
}

/** Options for a remote's ModuleFederationPlugin. */
function remoteFederation(remote, exposes) {
  return {
    name: federationName(remote),
    filename: 'remoteEntry.js',
    exposes,
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
    // a remote consumes no other remote: its entry leaves out the bundler runtime's remote loading
    experiments: { externalRuntime: true, optimization: { disableRemote: true } },
  };
}

/** Options for the shell's ModuleFederationPlugin: no remotes at build time, ever. */
function hostFederation(runtimePlugins) {
  return {
    name: 'khela_shell',
    remotes: {},
    shared: sharedSingletons(),
    shareStrategy: 'loaded-first',
    runtimePlugins,
    // lists the shared versions this shell provides: the release tool checks remotes against it
    manifest: { fileName: 'mf-manifest.json' },
    dts: false,
    experiments: { provideExternalRuntime: true },
  };
}

module.exports = {
  SINGLETONS,
  ROUTER_SUBSET,
  I18NEXT_REACT_SUBSET,
  subsetAliases,
  sharedSingletons,
  remoteFederation,
  hostFederation,
  federationName,
};
