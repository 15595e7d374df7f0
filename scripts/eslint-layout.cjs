// The layout's one-way doors as an ESLint rule (khela/layout), so that a wrong import fails `npm run lint`.
// Rooms: the shell, each remote, each shared package, the server, the release tool (deploy) and e2e.
//   - a remote imports neither another remote nor the shell (they meet only through module federation);
//   - the shell imports no remote's code (it loads remotes at run time);
//   - a feature (src/features/<name>) imports no other feature of its package;
//   - shared packages import neither the shell nor a remote;
//   - the contract (@khela/api) imports no other workspace package and no browser library, and the session
//     imports the contract but not the API client (which imports the session): no two packages form a cycle;
//   - the server and the release tool import only the shared contract (never browser code: React, the
//     UI kit, the session atoms, the API client @khela/api-client) and browser code imports neither of them;
//   - no package is reached through its src folder (`@khela/api/src/x`): its exports say what it offers;
//   - no relative import crosses from one package into another.
// CommonJS, so that Jest loads it as it is (scripts/eslint-layout.test.ts).
const { dirname, relative, resolve, sep } = require('node:path');

const root = resolve(__dirname, '..');

/** The room a file (absolute path) lives in: { kind, name, feature } or null outside the rooms. */
function roomOf(file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === '..') return null;
  const feature = (start) =>
    parts[start] === 'src' && parts[start + 1] === 'features' && parts.length > start + 3 ? parts[start + 2] : null;
  if (parts[0] === 'shell') return { kind: 'shell', name: 'shell', feature: feature(1) };
  if (parts[0] === 'remotes' && parts.length > 2) return { kind: 'remote', name: parts[1], feature: feature(2) };
  if (parts[0] === 'shared' && parts.length > 2) return { kind: 'shared', name: parts[1], feature: null };
  if (parts[0] === 'server') return { kind: 'server', name: 'server', feature: null };
  if (parts[0] === 'deploy') return { kind: 'deploy', name: 'deploy', feature: null };
  if (parts[0] === 'e2e') return { kind: 'e2e', name: 'e2e', feature: null };
  return null;
}

/** The room a workspace package name stands for. */
function roomOfPackage(pkg) {
  if (pkg === '@khela/shell') return { kind: 'shell', name: 'shell' };
  if (pkg.startsWith('@khela/remote-')) return { kind: 'remote', name: pkg.slice('@khela/remote-'.length) };
  if (pkg === '@khela/server') return { kind: 'server', name: 'server' };
  if (pkg === '@khela/deploy') return { kind: 'deploy', name: 'deploy' };
  if (pkg === '@khela/e2e') return { kind: 'e2e', name: 'e2e' };
  return { kind: 'shared', name: pkg.slice('@khela/'.length) };
}

// What the server and the release tool may import of the shared packages: the contract. All of @khela/api
// (its client is the package @khela/api-client, which is not listed here).
const NODE_SIDE_SHARED = {
  api: () => true,
  'games-math': () => true,
  validation: () => true,
  i18n: (sub) => sub === 'seo',
};
const BROWSER_ONLY_MODULES = /^(react|react-dom|react-router|react-router-dom|react-i18next|jotai|axios)(\/|$)/;
// The workspace packages a shared package may not import (besides the shell and the remotes): the
// contract none at all, the session not the client that is built on it.
const SHARED_REFUSES = {
  api: () => true,
  session: (pkg) => pkg === 'api-client',
};
const NODE_SIDE = new Set(['server', 'deploy']);
const BROWSER_SIDE = new Set(['shell', 'remote']);

// code that runs in the browser: a browser package's src, less its tests (Jest runs them on Node.js)
const runsInBrowser = (fileAbs) =>
  /[\\/]src[\\/]/.test(fileAbs) && !/\.test\.tsx?$|[\\/]test[\\/]|[\\/]jest\.[^\\/]+$/.test(fileAbs);

function check(from, spec, fileAbs) {
  let to;
  let sub = '';
  if (spec.startsWith('.')) {
    to = roomOf(resolve(dirname(fileAbs), spec));
    if (!to) return null;
    // the end-to-end tests drive the release tool and the server from Node.js
    if (from.kind === 'e2e' && NODE_SIDE.has(to.kind)) return null;
    if (to.kind !== from.kind || to.name !== from.name) {
      return `a relative import leaves its package (${from.name} → ${to.name}): import the package by name, if the layout allows it at all`;
    }
    if (from.feature && to.feature && from.feature !== to.feature) {
      return `the feature '${from.feature}' imports the feature '${to.feature}': features do not import each other (move what both need to a shared folder such as lib/ or components/)`;
    }
    return null;
  }
  if (spec.startsWith('@khela/')) {
    const [scope, name, ...rest] = spec.split('/');
    const pkg = `${scope}/${name}`;
    sub = rest.join('/');
    if (rest[0] === 'src')
      return `'${spec}' reaches into the package's src folder: import what its exports offer ('${pkg}/${rest.slice(1).join('/')}')`;
    to = roomOfPackage(pkg);
  } else if (BROWSER_ONLY_MODULES.test(spec)) {
    if (from.kind === 'shared' && from.name === 'api')
      return `the contract (@khela/api) imports '${spec}', browser code: the contract is what the server may import too`;
    if (NODE_SIDE.has(from.kind))
      return `the ${from.name} imports '${spec}', browser code: the server and the release tool import only the shared contract`;
    return null;
  } else {
    const browserPackage = BROWSER_SIDE.has(from.kind) || (from.kind === 'shared' && from.name !== 'games-math');
    if (spec.startsWith('node:') && browserPackage && runsInBrowser(fileAbs)) {
      return `browser code imports '${spec}', a Node.js module`;
    }
    return null;
  }
  if (to.kind === from.kind && to.name === from.name) return null;
  if (from.kind === 'remote' && to.kind === 'remote')
    return `the remote '${from.name}' imports the remote '${to.name}': remotes meet only through the shell (module federation)`;
  if (from.kind === 'remote' && to.kind === 'shell')
    return `the remote '${from.name}' imports the shell: a remote depends only on shared packages`;
  if (from.kind === 'shell' && to.kind === 'remote')
    return `the shell imports the remote '${to.name}': it loads remotes through module federation only`;
  if (from.kind === 'shared' && (to.kind === 'shell' || to.kind === 'remote'))
    return `the shared package '${from.name}' imports the ${to.kind === 'shell' ? 'shell' : `remote '${to.name}'`}`;
  if (from.kind === 'shared' && to.kind === 'shared' && SHARED_REFUSES[from.name]?.(to.name))
    return from.name === 'api'
      ? `the contract (@khela/api) imports '${spec}': it imports no other package (the server imports all of it)`
      : `the ${from.name} package imports '${spec}', which imports the ${from.name}: packages must not form a cycle`;
  if (NODE_SIDE.has(from.kind) && to.kind === 'shared') {
    const allowed = NODE_SIDE_SHARED[to.name];
    if (!allowed || !allowed(sub)) {
      return `the ${from.name} imports '${spec}', browser code: the server and the release tool import only the shared contract`;
    }
  }
  if (NODE_SIDE.has(from.kind) && (to.kind === 'shell' || to.kind === 'remote'))
    return `the ${from.name} imports browser code ('${spec}')`;
  if ((BROWSER_SIDE.has(from.kind) || from.kind === 'shared') && NODE_SIDE.has(to.kind))
    return `browser code imports the ${to.name} ('${spec}')`;
  return null;
}

const layout = {
  meta: {
    type: 'problem',
    docs: {
      description: "the layout's one-way doors between the shell, the remotes, the features, the shared packages and the server",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = roomOf(resolve(file));
    if (!from) return {};
    const visit = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = check(from, source.value, resolve(file));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: visit,
      ExportNamedDeclaration: visit,
      ExportAllDeclaration: visit,
      ImportExpression: visit,
      'CallExpression[callee.object.name="jest"][callee.property.name=/^(mock|requireActual)$/]'(node) {
        const arg = node.arguments[0];
        if (arg && arg.type === 'Literal' && typeof arg.value === 'string') {
          const message = check(from, arg.value, resolve(file));
          if (message) context.report({ node: arg, message });
        }
      },
    };
  },
};

module.exports = { meta: { name: 'khela' }, rules: { layout }, roomOf };
