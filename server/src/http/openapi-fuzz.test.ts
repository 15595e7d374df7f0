// The OpenAPI fuzz test (issues 15 and 18): every operation of the API document, the operators' (tag
// `ops`) and the RUM beacon included, is sent generated bad and hostile input: values drawn from the
// operation's own schemas by fast-check and then broken (a wrong type, a missing or unknown field, a
// value outside the enum or the length), numbers past 2^53 and non-finite ones, control characters,
// oversized strings, bad JSON, unreadable multipart and wrong content types; with no credentials, the
// operator key, a player's and an agent's session. Every answer must be a 4xx in the error envelope
// (never a 5xx, never a stack), and the database must be exactly as it was (a digest of every table
// before and after each operation). Each operation has its own seed (FUZZ_SEED changes them all), so a
// failure names the operation, the seed and the fast-check path that reproduce it.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createAuthTestApi, type AuthTestApi } from '../domains/auth/auth.test-support';
import { opsCall, TEST_OPS_KEY } from '../test-support/test-db';

/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is walked as plain JSON */
type Schema = Record<string, any>;
interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  params: Param[];
  body?: Schema;
  contentTypes: string[];
  tags: string[];
  responses: Record<string, any>;
}
interface Probe {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const BASE_SEED = Number(process.env.FUZZ_SEED ?? 0x6b68656c);
/** runs of each kind of bad input on each operation */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);

let t: AuthTestApi & { app: FastifyInstance };
let doc: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };
let player = '';
let agent = '';

beforeAll(async () => {
  t = await createAuthTestApi();
  const session = async (account: string, type: number) => {
    expect((await opsCall(t.app, 'POST', '/ops/members', { account, type })).status).toBe(201);
    return (await opsCall(t.app, 'POST', '/ops/sessions', { account })).body.value.token as string;
  };
  player = await session('fuzzplayer', 0);
  agent = await session('fuzzagent', 4);
  doc = (t.app as unknown as { swagger(): typeof doc }).swagger();
}, 60_000);
afterAll(() => t.dispose());

// ---------------------------------------------------------------------------------------------------
// The document

function resolve(s: Schema | undefined): Schema {
  let out = s ?? {};
  for (let i = 0; i < 8 && typeof out.$ref === 'string'; i++) {
    const name = out.$ref.split('/').pop()!;
    out = doc.components?.schemas?.[name] ?? {};
  }
  return out;
}

function operations(): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content: Record<string, { schema?: Schema }> = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).map((p: Param) => ({ ...p, schema: resolve(p.schema) })),
        body: content['application/json']?.schema ? resolve(content['application/json'].schema) : undefined,
        contentTypes: Object.keys(content),
        tags: op.tags ?? [],
        responses: op.responses ?? {},
      });
    }
  }
  return ops;
}

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type);

// ---------------------------------------------------------------------------------------------------
// Valid-looking values from a schema (what the mutations then break)

function arb(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(raw);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts) && alts.length) return fc.oneof(...alts.map((x: Schema) => arb(x, depth + 1)));
  switch (typeOf(s)) {
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, -1e9);
      const max = Math.min(s.maximum ?? 1e6, 1e9);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'number': {
      const min = s.minimum ?? -1000;
      return fc.double({ min, max: Math.max(min, s.maximum ?? 1e6), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'email') return fc.emailAddress();
      const maxLength = Math.min(s.maxLength ?? 24, 24);
      const minLength = Math.min(s.minLength ?? 0, maxLength);
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200));
        } catch {
          /* a pattern fast-check can't read: plain strings */
        }
      }
      return fc.string({ minLength, maxLength });
    }
    case 'array':
      if (depth > 3) return fc.constant([]);
      return fc.array(arb(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'object': {
      const props: Record<string, Schema> = s.properties ?? {};
      if (depth > 3 || !Object.keys(props).length) return fc.constant({});
      const required: string[] = (s.required ?? []).filter((k: string) => k in props);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arb(v, depth + 1)])), {
        requiredKeys: required,
      }) as fc.Arbitrary<unknown>;
    }
    default:
      return fc.constantFrom('x', 1, true);
  }
}

// ---------------------------------------------------------------------------------------------------
// Bad input: each mutation makes the request invalid by the operation's own schema, or hostile
// (what the request guards refuse whatever the schema: control characters, non-finite numbers and
// integers past 2^53).

/** JSON numbers no JavaScript number holds: they reach the server as text. */
const RAW_NUMBERS = ['1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '-18446744073709551617'];
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f'];
const rawMarker = (i: number) => `__raw_${i}__`;
const toJson = (value: unknown): string =>
  JSON.stringify(value).replace(/"__raw_(\d)__"/g, (_m, i: string) => RAW_NUMBERS[Number(i)]);

/** A value no schema of type `type` accepts, even with Fastify's type coercion. */
function wrongTypeFor(type: string | undefined): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
      return fc.constantFrom('x1', { n: 1 }, '1.5.2', 1.5);
    case 'number':
      return fc.constantFrom('x1', { n: 1 }, 'NaN');
    case 'boolean':
      return fc.constantFrom('maybe', { b: true }, 7);
    case 'string':
      return fc.constantFrom({ s: 'x' }, [{ a: 1 }], [1, 2]);
    case 'object':
      return fc.constantFrom('x', 12, true);
    default:
      return fc.constant(undefined);
  }
}

type BodyMutation = (base: Record<string, unknown>) => fc.Arbitrary<{ kind: string; body: unknown }>;

/** The mutations that apply to a JSON body of schema `s` (an object's top-level properties). */
function bodyMutations(s: Schema): BodyMutation[] {
  const out: BodyMutation[] = [];
  const props: Record<string, Schema> = Object.fromEntries(
    Object.entries((s.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [k, resolve(v)]),
  );
  const names = Object.keys(props);
  const required: string[] = (s.required ?? []).filter((k: string) => k in props && props[k].default === undefined);
  const typed = names.filter((k) => {
    const p = props[k];
    return !p.anyOf && !p.oneOf && ['integer', 'number', 'boolean', 'string', 'object'].includes(typeOf(p) ?? '');
  });
  if (typed.length)
    out.push((base) =>
      fc
        .constantFrom(...typed)
        .chain((k) => wrongTypeFor(typeOf(props[k])).map((v) => ({ kind: `wrong type of ${k}`, body: { ...base, [k]: v } }))),
    );
  if (required.length)
    out.push((base) =>
      fc.constantFrom(...required).map((k) => {
        const body = { ...base };
        delete body[k];
        return { kind: `missing ${k}`, body };
      }),
    );
  if (s.additionalProperties === false)
    out.push((base) => fc.constant({ kind: 'unknown field', body: { ...base, fuzzExtra: 1 } }));
  const numeric = names.filter((k) => ['integer', 'number'].includes(typeOf(props[k]) ?? ''));
  if (numeric.length)
    out.push((base) =>
      fc
        .tuple(fc.constantFrom(...numeric), fc.integer({ min: 0, max: RAW_NUMBERS.length - 1 }))
        .map(([k, i]) => ({ kind: `${RAW_NUMBERS[i]} in ${k}`, body: { ...base, [k]: rawMarker(i) } })),
    );
  const strings = names.filter((k) => typeOf(props[k]) === 'string');
  if (strings.length) {
    out.push((base) =>
      fc
        .tuple(fc.constantFrom(...strings), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
        .map(([k, c, rest]) => ({ kind: `control character in ${k}`, body: { ...base, [k]: `a${c}${rest}` } })),
    );
  }
  const bounded = names.filter((k) => typeOf(props[k]) === 'string' && typeof props[k].maxLength === 'number');
  if (bounded.length)
    out.push((base) =>
      fc
        .tuple(fc.constantFrom(...bounded), fc.integer({ min: 1, max: 5000 }))
        .map(([k, extra]) => ({ kind: `oversized ${k}`, body: { ...base, [k]: 'ক'.repeat(props[k].maxLength + extra) } })),
    );
  const enums = names.filter((k) => Array.isArray(props[k].enum) && typeOf(props[k]) === 'string');
  if (enums.length)
    out.push((base) =>
      fc.constantFrom(...enums).map((k) => ({ kind: `${k} outside its enum`, body: { ...base, [k]: 'NOT-IN-ENUM-ফাজ' } })),
    );
  if (typeOf(s) === 'object')
    out.push(() => fc.constantFrom(['array'], 'text', 42, null).map((body) => ({ kind: 'body of the wrong type', body })));
  return out;
}

/** A query or path value that parameter `p` refuses, or that the guards refuse. */
function badParamValue(p: Param): fc.Arbitrary<{ kind: string; value: string }> {
  const s = p.schema ?? {};
  const type = typeOf(s);
  const options: fc.Arbitrary<{ kind: string; value: string }>[] = [
    fc.constantFrom(...CONTROL).map((c) => ({ kind: `control character in ${p.name}`, value: `a${c}b` })),
  ];
  if (type === 'integer' || type === 'number') {
    options.push(
      fc.constantFrom('abc', '1x', '0x1g', '--1').map((value) => ({ kind: `${p.name} not a number`, value })),
      fc
        .constantFrom('1e400', 'Infinity', '-Infinity', '9007199254740993', '123456789012345678901234567890')
        .map((value) => ({ kind: `${p.name}=${value}`, value })),
    );
  }
  if (type === 'boolean') options.push(fc.constant({ kind: `${p.name} not a boolean`, value: 'maybe' }));
  if (Array.isArray(s.enum) && type === 'string')
    options.push(fc.constant({ kind: `${p.name} outside its enum`, value: 'zz-fuzz' }));
  if (type === 'string' && typeof s.maxLength === 'number')
    options.push(fc.constant({ kind: `oversized ${p.name}`, value: 'x'.repeat(s.maxLength + 1) }));
  return fc.oneof(...options);
}

const credentials: { who: string; headers: () => Record<string, string> }[] = [
  { who: 'nobody', headers: () => ({}) },
  { who: 'the operator', headers: () => ({ 'x-ops-key': TEST_OPS_KEY }) },
  { who: 'a player', headers: () => ({ authorization: player, 'x-ops-key': TEST_OPS_KEY }) },
  { who: 'an agent', headers: () => ({ authorization: agent, 'x-ops-key': TEST_OPS_KEY }) },
];

const fill = (path: string, values: Record<string, string>) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? '1'));

/** Generated bad requests for one operation, one arbitrary per kind of bad input. */
function probes(op: Operation): fc.Arbitrary<Probe>[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const validPath = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, arb(p.schema).map((v) => String(v))])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const validQuery = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, arb(p.schema).map((v) => String(v))])) as Record<
      string,
      fc.Arbitrary<string>
    >,
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  );
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  const validBody: fc.Arbitrary<unknown> = op.body ? arb(op.body) : fc.constant(undefined);
  const mutations: fc.Arbitrary<{
    kind: string;
    path: Record<string, string>;
    query: Record<string, string>;
    body?: string;
    type?: string;
  }>[] = [];
  const parts = fc.tuple(validPath, validQuery, validBody);

  for (const p of [...pathParams, ...queryParams]) {
    mutations.push(
      fc.tuple(parts, badParamValue(p)).map(([[path, query, body], bad]) => ({
        kind: bad.kind,
        path: p.in === 'path' ? { ...path, [p.name]: bad.value } : path,
        query: p.in === 'query' ? { ...query, [p.name]: bad.value } : query,
        body: body === undefined ? undefined : toJson(body),
      })),
    );
  }
  const requiredQuery = queryParams.filter((p) => p.required);
  if (requiredQuery.length)
    mutations.push(
      fc.tuple(parts, fc.constantFrom(...requiredQuery)).map(([[path, query, body], p]) => {
        const q = { ...query };
        delete q[p.name];
        return { kind: `missing ${p.name}`, path, query: q, body: body === undefined ? undefined : toJson(body) };
      }),
    );
  // an undeclared query parameter with a control character: refused on every operation
  mutations.push(
    fc.tuple(parts, fc.constantFrom(...CONTROL)).map(([[path, query, body], c]) => ({
      kind: 'control character in an unknown query parameter',
      path,
      query: { ...query, fuzz: `x${c}` },
      body: body === undefined ? undefined : toJson(body),
    })),
  );
  if (hasBody) {
    const bodySchema = op.body ?? {};
    for (const m of bodyMutations(bodySchema)) {
      mutations.push(
        fc.tuple(validPath, validQuery, validBody).chain(([path, query, body]) =>
          m(body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}).map((r) => ({
            kind: r.kind,
            path,
            query,
            body: toJson(r.body),
          })),
        ),
      );
    }
    // hostile bodies whatever the schema: bad JSON, non-finite and oversized numbers, control characters in keys
    mutations.push(
      fc
        .tuple(
          validPath,
          validQuery,
          fc.constantFrom(
            '{"a":',
            '{"a":1}}',
            "{'a':1}",
            '[1,2',
            '{"a":1e400}',
            '{"n":123456789012345678901234567890}',
            '{"k\\u0000":1}',
            `{"s":"${'x'.repeat(300 * 1024)}"}`,
          ),
        )
        .map(([path, query, body]) => ({ kind: `hostile JSON ${body.slice(0, 24)}`, path, query, body })),
      fc
        .tuple(
          validPath,
          validQuery,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/octet-stream',
            'multipart/form-data',
            'multipart/form-data; boundary=zz',
          ),
        )
        .map(([path, query, type]) => ({
          kind: `unreadable ${type}`,
          path,
          query,
          type,
          body: '--zz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n\u0089PNG truncated',
        })),
    );
  }

  return mutations.map((mutation) =>
    fc.tuple(mutation, fc.constantFrom(...credentials)).map(([m, c]): Probe => {
      const query = new URLSearchParams(m.query).toString();
      return {
        kind: `${m.kind} as ${c.who}`,
        method: op.method,
        url: fill(op.path, m.path) + (query ? `?${query}` : ''),
        headers: { ...c.headers(), ...(m.body !== undefined ? { 'content-type': m.type ?? 'application/json' } : {}) },
        payload: m.body,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The database, as a digest per table

/** Columns that change when nothing did: a session's last use (any authenticated call touches it). */
const VOLATILE: Record<string, string[]> = { sessions: ['last_seen_at'] };
/** Tables whose rows record the calls themselves (the operators' audit of /ops calls). */
const RECORDS_CALLS = new Set(['ops_audit']);

let digestSql = '';
async function digest(): Promise<Map<string, string>> {
  if (!digestSql) {
    const cols = await t.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name IN
              (SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE')
        ORDER BY table_name, ordinal_position`,
    );
    const byTable = new Map<string, string[]>();
    for (const c of cols) {
      if (RECORDS_CALLS.has(c.table_name) || VOLATILE[c.table_name]?.includes(c.column_name)) continue;
      byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), `"${c.column_name}"`]);
    }
    digestSql = [...byTable.entries()]
      .map(
        ([table, columns]) =>
          `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS h
             FROM (SELECT ${columns.join(', ')} FROM "${table}") x`,
      )
      .join(' UNION ALL ');
  }
  const rows = await t.db.query<{ t: string; h: string }>(digestSql);
  return new Map(rows.map((r) => [r.t, r.h]));
}

const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));

/** A seed per operation, so one operation's failure reproduces alone. */
const seedOf = (op: Operation) => createHash('sha256').update(`${BASE_SEED}:${op.method} ${op.path}`).digest().readInt32LE(0);

/** The schema the document gives the answer of `status` (its exact code, else its class), if any. */
function documentedAnswer(op: Operation, status: number): Schema | undefined {
  const r = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses[`${String(status)[0]}xx`];
  const schema = r?.content?.['application/json']?.schema;
  return schema ? resolve(schema) : undefined;
}

/** Whether `body` has the documented error shape: the envelope, or the operation's own (the wallet API's { status, balance }). */
function shapeProblem(op: Operation, status: number, body: any): string | null {
  const schema = documentedAnswer(op, status);
  if (schema && !('errorCode' in (schema.properties ?? {}))) {
    for (const k of schema.required ?? []) if (!(k in (body ?? {}))) return `no ${k}`;
    for (const [k, p] of Object.entries<Schema>(schema.properties ?? {})) {
      const v = resolve(p);
      if (k in body && Array.isArray(v.enum) && !v.enum.includes(body[k])) return `${k} ${body[k]} outside its enum`;
    }
    return null;
  }
  const shaped =
    body &&
    body.success === false &&
    typeof body.message === 'string' &&
    typeof body.errorCode === 'string' &&
    (body.value === null || (typeof body.value === 'object' && !Array.isArray(body.value)));
  return shaped ? null : 'not the error envelope';
}

function checkAnswer(
  op: Operation,
  probe: Probe,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
): string | null {
  const where = `${probe.method} ${probe.url.slice(0, 120)} (${probe.kind}): ${res.statusCode}`;
  if (res.statusCode >= 500) return `${where} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return `${where}: bad input was accepted`;
  if (/\n\s+at |node_modules|\.ts:\d+/.test(res.body)) return `${where}: the answer leaks a stack`;
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${where}: not JSON (${String(res.headers['content-type'])})`;
  }
  const problem = shapeProblem(op, res.statusCode, body);
  return problem ? `${where}: ${problem}: ${res.body.slice(0, 200)}` : null;
}

it('sends every operation of the API document bad and hostile input: a 4xx in the error envelope, and the database unchanged', async () => {
  const ops = operations();
  const problems: string[] = [];
  let sent = 0;
  let digestMs = 0;
  const t0 = Date.now();
  let before = await digest();
  for (const op of ops) {
    const seed = seedOf(op);
    for (const [i, arbitrary] of probes(op).entries()) {
      try {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (probe) => {
            const res = await t.app.inject({
              method: probe.method as 'GET',
              url: probe.url,
              headers: probe.headers,
              payload: probe.payload,
            });
            sent++;
            const problem = checkAnswer(op, probe, res);
            if (problem) throw new Error(problem);
          }),
          { seed: seed + i, numRuns: RUNS, endOnFailure: true },
        );
      } catch (err) {
        const cause = (err as { cause?: Error }).cause?.message ?? (err as Error).message.split('\n').slice(0, 3).join(' | ');
        problems.push(`${op.method} ${op.path} [seed ${seed + i}]: ${cause}`);
      }
    }
    const d0 = Date.now();
    const after = await digest();
    digestMs += Date.now() - d0;
    const changed = changedTables(before, after);
    if (changed.length) problems.push(`${op.method} ${op.path} [seed ${seed}]: bad input changed ${changed.join(', ')}`);
    before = after;
  }
  // the document is whole: the operators' routes and the RUM beacon are in it, and every request was sent
  expect(ops.some((o) => o.tags.includes('ops'))).toBe(true);
  expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(expect.arrayContaining(['POST /rum/v1/beacon', 'POST /ops/members']));
  if (process.env.FUZZ_TIMES) console.log({ sent, ms: Date.now() - t0, digestMs });
  expect(problems).toEqual([]);
  expect(sent).toBeGreaterThan(ops.length * RUNS * 3);
}, 120_000);
