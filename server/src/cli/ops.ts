/**
 * Operator CLI. It talks to the running server over HTTP (PGlite's data folder can be opened by one
 * process only), authenticated by the operator key from KHELA_OPS_KEY or `.data/ops-key`.
 *
 *   tsx src/cli/ops.ts status | maintenance on|off | region on|off | region allow|disallow <ip-or-cidr...>
 *                      create-member <account> [--type N] [--nickname NAME] | create-session <account>
 */
import { readConfig, readOpsKeyFile } from '../config';

export const USAGE = `Usage: ops <command>
  status                              show maintenance, region restriction and the allow list
  maintenance on|off                  switch the maintenance page
  region on|off                       switch the region restriction
  region allow <ip-or-cidr...>        add addresses (IPv4, IPv4 CIDR, IPv6) to the allow list
  region disallow <ip-or-cidr...>     remove addresses from the allow list
  create-member <account> [--type N] [--nickname NAME]
                                      create a member (type 0 player, 4 trial, 1/2/41/42 agent)
  create-session <account>            issue a session token for a member
Environment: KHELA_API_URL (default http://127.0.0.1:$PORT or :8080), KHELA_OPS_KEY (default: .data/ops-key)`;

export interface OpsContext {
  baseUrl: string;
  opsKey: string;
  print: (line: string) => void;
}

class CliError extends Error {}

async function call<T>(ctx: OpsContext, method: string, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(ctx.baseUrl + path, {
      method,
      headers: { 'X-Ops-Key': ctx.opsKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new CliError(`cannot reach the server at ${ctx.baseUrl} (${(err as Error).message}); is it running? Set KHELA_API_URL otherwise.`);
  }
  const answer = (await res.json().catch(() => null)) as { success?: boolean; value?: T; message?: string; errorCode?: string } | null;
  if (!answer?.success) {
    throw new CliError(`${method} ${path} failed: HTTP ${res.status} ${answer?.errorCode ?? ''} ${answer?.message ?? ''}`.trim());
  }
  return answer.value as T;
}

function onOff(word: string | undefined, what: string): boolean {
  if (word === 'on' || word === 'off') return word === 'on';
  throw new CliError(`${what}: expected "on" or "off"`);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (value === undefined) throw new CliError(`${name} needs a value`);
  args.splice(i, 2);
  return value;
}

interface Settings {
  maintenance: boolean;
  regionRestriction: boolean;
  regionAllowList: string[];
}

const setSetting = (ctx: OpsContext, key: string, value: unknown) => call(ctx, 'PUT', `/ops/settings/${key}`, { value });

async function printStatus(ctx: OpsContext): Promise<void> {
  const s = await call<Settings>(ctx, 'GET', '/ops/settings');
  ctx.print(`maintenance:        ${s.maintenance ? 'ON' : 'off'}`);
  ctx.print(`region restriction: ${s.regionRestriction ? 'ON' : 'off'}`);
  ctx.print(`allow list:         ${s.regionAllowList.length ? s.regionAllowList.join(', ') : '(empty)'}`);
}

async function changeAllowList(ctx: OpsContext, add: boolean, entries: string[]): Promise<void> {
  if (!entries.length) throw new CliError('give at least one IP address or CIDR');
  const { regionAllowList } = await call<Settings>(ctx, 'GET', '/ops/settings');
  const next = add ? [...new Set([...regionAllowList, ...entries])] : regionAllowList.filter((e) => !entries.includes(e));
  await setSetting(ctx, 'regionAllowList', next);
  ctx.print(`allow list: ${next.length ? next.join(', ') : '(empty)'}`);
}

/** Runs one command; throws with a helpful message on failure. */
export async function runOps(argv: string[], ctx: OpsContext): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'status':
      return printStatus(ctx);
    case 'maintenance': {
      const on = onOff(rest[0], 'maintenance');
      await setSetting(ctx, 'maintenance', on);
      return ctx.print(`maintenance ${on ? 'ON' : 'off'}`);
    }
    case 'region':
      if (rest[0] === 'allow' || rest[0] === 'disallow') return changeAllowList(ctx, rest[0] === 'allow', rest.slice(1));
      {
        const on = onOff(rest[0], 'region');
        await setSetting(ctx, 'regionRestriction', on);
        return ctx.print(`region restriction ${on ? 'ON' : 'off'}`);
      }
    case 'create-member': {
      const type = option(rest, '--type');
      const nickname = option(rest, '--nickname');
      if (rest.length !== 1) throw new CliError('create-member needs exactly one account name');
      if (type !== undefined && !/^\d+$/.test(type)) throw new CliError('--type must be a number');
      const m = await call<{ id: number; account: string; type: number }>(ctx, 'POST', '/ops/members', {
        account: rest[0],
        ...(nickname ? { nickname } : {}),
        ...(type !== undefined ? { type: Number(type) } : {}),
      });
      return ctx.print(`member ${m.account} created (id ${m.id}, type ${m.type})`);
    }
    case 'create-session': {
      if (rest.length !== 1) throw new CliError('create-session needs exactly one account name');
      const s = await call<{ token: string; expiresAt: string }>(ctx, 'POST', '/ops/sessions', { account: rest[0] });
      ctx.print(s.token);
      return ctx.print(`(expires ${s.expiresAt}; send it as the Authorization header)`);
    }
    default:
      throw new CliError(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
  }
}

export function contextFromEnv(env: NodeJS.ProcessEnv = process.env): OpsContext {
  const config = readConfig(env);
  const opsKey = config.opsKey ?? readOpsKeyFile(config.opsKeyFile);
  if (!opsKey) {
    throw new CliError(`no operator key: set KHELA_OPS_KEY or start the server once so it writes ${config.opsKeyFile}`);
  }
  const baseUrl = (env.KHELA_API_URL || `http://127.0.0.1:${env.PORT || 8080}`).replace(/\/+$/, '');
  return { baseUrl, opsKey, print: (line) => console.log(line) };
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runOps(process.argv.slice(2), contextFromEnv()))
    .catch((err: Error) => {
      console.error(err instanceof CliError ? `ops: ${err.message}` : err);
      process.exit(1);
    });
}
