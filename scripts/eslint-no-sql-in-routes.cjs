// No SQL text in a route handler (issue 15, "server domains untangled"): a domain's routes call its
// repository (`<domain>.repo.ts`) or a service, which take the database or a transaction's handle.
// ESLint's no-restricted-syntax refuses a call of `.query(`, `.one(`, `.many(` or `.exec(` whose
// first argument is a string or template literal holding SQL, in the files that register routes
// (eslint.config.mjs wires it; no domain is an exception).
// scripts/eslint-no-sql-in-routes.test.ts lints a handler of each kind and expects the refusal.
'use strict';

const CALL = 'CallExpression[callee.property.name=/^(query|one|many|exec)$/]';
// upper-case keywords, as the code base writes its SQL
const SQL = '/\\b(SELECT|INSERT|UPDATE|DELETE|WITH|FROM|WHERE|ORDER BY)\\b/';
const message = "No SQL in a route handler: move the statement to the domain's repository (<domain>.repo.ts) and call it";

/** The no-restricted-syntax entries (selector and message). */
const noSqlInRoutes = [
  { selector: `${CALL} > Literal.arguments:first-child[value=${SQL}]`, message },
  { selector: `${CALL} > TemplateLiteral.arguments:first-child > TemplateElement[value.raw=${SQL}]`, message },
];

/** The files that register routes, under server/src/domains. */
const routeFiles = [
  'server/src/domains/**/*.routes.ts',
  'server/src/domains/**/*.plugin.ts',
  'server/src/domains/**/*.ops.ts',
  'server/src/domains/promotions/{missions,raffles,red-envelopes}.ts',
];

module.exports = { noSqlInRoutes, routeFiles };
