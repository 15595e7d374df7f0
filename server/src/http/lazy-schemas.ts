import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's validators (Ajv) and response serializers (fast-json-stringify)
 * when the instance becomes ready: for this API, about 2 s of one core. A server pays it once at
 * start, and should: a schema that does not compile fails the start, not a player's request. A test
 * file that builds an API to call a handful of routes paid it every time (a hundred files, a hundred
 * times). With these compilers a route's schemas compile on the first request that needs them.
 *
 * They are Fastify's own compilers (the versions it resolves itself), wrapped; only the time of
 * the compilation changes. Fastify treats any compilersFactory validator as "custom" and then
 * leaves a headers schema's property names as written instead of lower-casing them: this API's
 * header names are lower case already (x-khela-signature, x-game-token).
 */
type Fn = ((...args: unknown[]) => unknown) & { errors?: unknown };
type Compile = (route: unknown) => Fn;
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

const fastifyRequire = createRequire(require.resolve('fastify'));
const defaultValidator = () => (fastifyRequire('@fastify/ajv-compiler') as () => Factory)();
const defaultSerializer = () => (fastifyRequire('@fastify/fast-json-stringify-compiler') as () => Factory)();

/** A function compiled on its first call; a validator's `errors` is copied after every call (Fastify reads it). */
function onFirstCall(compile: () => Fn): Fn {
  let fn: Fn | undefined;
  const lazy: Fn = function (this: unknown, ...args: unknown[]) {
    fn ??= compile();
    const result = fn.apply(this, args);
    lazy.errors = fn.errors;
    return result;
  };
  return lazy;
}

function lazyFactory(make: () => Factory): Factory {
  let factory: Factory | undefined;
  return (externalSchemas, options) => {
    let compiler: Compile | undefined;
    return (route) => onFirstCall(() => (compiler ??= (factory ??= make())(externalSchemas, options))(route));
  };
}

/** Fastify's `schemaController.compilersFactory` that compiles each schema when first used. */
export function lazyCompilersFactory(): CompilersFactory {
  // Fastify's types name each compiler's own signature; these wrappers pass any call through
  return {
    buildValidator: lazyFactory(defaultValidator) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: lazyFactory(defaultSerializer) as unknown as CompilersFactory['buildSerializer'],
  };
}
