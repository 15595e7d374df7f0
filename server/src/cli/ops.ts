/**
 * Operator CLI. It talks to the running server over HTTP (PGlite's data folder can be opened by one
 * process only), authenticated by the operator key from KHELA_OPS_KEY or `.data/ops-key`.
 *
 *   tsx src/cli/ops.ts status | maintenance on|off | region on|off | region allow|disallow <ip-or-cidr...>
 *                      create-member <account> [--type N] [--nickname NAME] [--password P [--default-password]]
 *                        [--mobile N] [--email E] | create-session <account> | outbox [to] | rotate-seal-key
 *                      vendors | vendor-add | vendor-hide | vendor-show | vendor-order
 *                      games | game-add | game-hide | game-show | game-order | game-hot | game-new | game-maintenance
 */
import { readConfig, readOpsKeyFile } from '../config';

export const USAGE = `Usage: ops <command>
  status                              show maintenance, region restriction and the allow list
  maintenance on|off                  switch the maintenance page
  region on|off                       switch the region restriction
  region allow <ip-or-cidr...>        add addresses (IPv4, IPv4 CIDR, IPv6) to the allow list
  region disallow <ip-or-cidr...>     remove addresses from the allow list
  create-member <account> [--type N] [--nickname NAME] [--password P [--default-password]] [--mobile N] [--email E]
                                      create a member (type 0 player, 4 trial, 1/2/41/42 agent); --default-password:
                                      the member must change the password at the first login; an agent gets an
                                      invitation (affiliate) code
  outbox [recipient]                  the latest SMS and e-mails of the development outbox
  rotate-seal-key                     a new key for sealed login bodies (the old one works one more day)
  create-session <account>            issue a session token for a member
  vendors                             list the game vendors (code, categories, order, hidden)
  vendor-add <CODE> <name> --types RNG,FISH [--bn NAME]
                                      add a vendor serving those categories
  vendor-hide|vendor-show <CODE>      hide a vendor (and its games) from the storefront, or show it again
  vendor-order <CODE...>              put these vendors first, in this order
  games [--vendor CODE] [--type TYPE] [--hidden] [--limit N]
                                      list games (code, node id, name, flags)
  game-add <CODE> --vendor V --type T --name NAME [--bn NAME] [--classify KEY] [--new] [--hot RANK] [--trial]
                                      add a game (--trial: it offers a free trial)
  game-hide|game-show <CODE>          hide a game from the storefront, or show it again
  game-order <TYPE> <CODE...>         put these games first in their category, in this order
  game-hot <CODE> <RANK|off>          rank a game among the hot games, or take it off the hot list
  game-new <CODE> on|off              flag a game as new
  game-maintenance <CODE> on|off      put a game under maintenance (launching it is refused)
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
    throw new CliError(
      `cannot reach the server at ${ctx.baseUrl} (${(err as Error).message}); is it running? Set KHELA_API_URL otherwise.`,
    );
  }
  const answer = (await res.json().catch(() => null)) as {
    success?: boolean;
    value?: T;
    message?: string;
    errorCode?: string;
  } | null;
  if (!answer?.success) {
    throw new CliError(`${method} ${path} failed: HTTP ${res.status} ${answer?.errorCode ?? ''} ${answer?.message ?? ''}`.trim());
  }
  return answer.value as T;
}

function flagOn(args: string[], name: string): boolean {
  const i = args.indexOf(name);
  if (i < 0) return false;
  args.splice(i, 1);
  return true;
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
      const password = option(rest, '--password');
      const mobile = option(rest, '--mobile');
      const email = option(rest, '--email');
      const defaultPassword = flagOn(rest, '--default-password');
      if (rest.length !== 1) throw new CliError('create-member needs exactly one account name');
      if (type !== undefined && !/^\d+$/.test(type)) throw new CliError('--type must be a number');
      if (defaultPassword && password === undefined) throw new CliError('--default-password needs --password');
      const m = await call<{ id: number; account: string; type: number; affiliateCode?: string }>(ctx, 'POST', '/ops/members', {
        account: rest[0],
        ...(nickname ? { nickname } : {}),
        ...(type !== undefined ? { type: Number(type) } : {}),
        ...(password !== undefined ? { password, ...(defaultPassword ? { defaultPassword: true } : {}) } : {}),
        ...(mobile ? { mobileNum: mobile } : {}),
        ...(email ? { email } : {}),
      });
      ctx.print(`member ${m.account} created (id ${m.id}, type ${m.type})`);
      if (m.affiliateCode) ctx.print(`invitation (affiliate) code: ${m.affiliateCode}`);
      return;
    }
    case 'outbox': {
      if (rest.length > 1) throw new CliError('outbox takes at most one recipient');
      const query = rest[0] ? `?to=${encodeURIComponent(rest[0])}` : '';
      const messages = await call<
        { createdAt: string; channel: string; recipient: string; subject: string | null; body: string }[]
      >(ctx, 'GET', `/ops/outbox${query}`);
      if (!messages.length) return ctx.print('(no messages)');
      for (const m of messages) {
        ctx.print(`${m.createdAt}  ${m.channel.padEnd(5)} ${m.recipient}${m.subject ? `  [${m.subject}]` : ''}`);
        ctx.print(`  ${m.body.replace(/\n/g, '\n  ')}`);
      }
      return;
    }
    case 'rotate-seal-key': {
      const r = await call<{ kid: string }>(ctx, 'POST', '/ops/crypto/rotate');
      return ctx.print(`sealing key rotated: ${r.kid} (the previous key opens bodies for one more day)`);
    }
    case 'create-session': {
      if (rest.length !== 1) throw new CliError('create-session needs exactly one account name');
      const s = await call<{ token: string; expiresAt: string }>(ctx, 'POST', '/ops/sessions', { account: rest[0] });
      ctx.print(s.token);
      return ctx.print(`(expires ${s.expiresAt}; send it as the Authorization header)`);
    }
    case 'vendors': {
      const vendors = await call<
        { code: string; displayName: string; gameTypes: string[]; sort: number; hidden: boolean; games: number }[]
      >(ctx, 'GET', '/ops/games/vendors');
      for (const v of vendors) {
        ctx.print(
          `${v.code.padEnd(14)} ${v.displayName.padEnd(22)} ${v.gameTypes.join(',').padEnd(16)} sort ${String(v.sort).padStart(5)}  ${v.games} games${v.hidden ? '  HIDDEN' : ''}`,
        );
      }
      return;
    }
    case 'vendor-add': {
      const types = option(rest, '--types');
      const bn = option(rest, '--bn');
      if (rest.length < 2 || !types) throw new CliError('vendor-add needs a code, a name and --types');
      const v = await call<{ code: string }>(ctx, 'POST', '/ops/games/vendors', {
        code: rest[0].toUpperCase(),
        displayName: rest.slice(1).join(' '),
        gameTypes: types.toUpperCase().split(','),
        ...(bn ? { displayNameBn: bn } : {}),
      });
      return ctx.print(`vendor ${v.code} added`);
    }
    case 'vendor-hide':
    case 'vendor-show': {
      if (rest.length !== 1) throw new CliError(`${command} needs exactly one vendor code`);
      await call(ctx, 'PATCH', `/ops/games/vendors/${rest[0].toUpperCase()}`, { hidden: command === 'vendor-hide' });
      return ctx.print(`vendor ${rest[0].toUpperCase()} ${command === 'vendor-hide' ? 'hidden' : 'shown'}`);
    }
    case 'vendor-order': {
      if (!rest.length) throw new CliError('vendor-order needs at least one vendor code');
      const vendors = await call<{ code: string }[]>(ctx, 'PUT', '/ops/games/vendors/order', {
        codes: rest.map((c) => c.toUpperCase()),
      });
      return ctx.print(`order: ${vendors.map((v) => v.code).join(', ')}`);
    }
    case 'games': {
      const query = new URLSearchParams();
      const vendor = option(rest, '--vendor');
      const type = option(rest, '--type');
      const limit = option(rest, '--limit');
      if (vendor) query.set('vendor', vendor.toUpperCase());
      if (type) query.set('gameType', type.toUpperCase());
      if (limit) query.set('limit', limit);
      if (flagOn(rest, '--hidden')) query.set('hidden', 'true');
      const games = await call<
        {
          gameCode: string;
          nodeId: number;
          gameType: string;
          nameEn: string;
          hotRank: number | null;
          isNew: boolean;
          hidden: boolean;
          maintenance: boolean;
          sort: number;
        }[]
      >(ctx, 'GET', `/ops/games?${query}`);
      for (const g of games) {
        const flags = [
          g.hotRank ? `hot#${g.hotRank}` : '',
          g.isNew ? 'new' : '',
          g.hidden ? 'HIDDEN' : '',
          g.maintenance ? 'MAINTENANCE' : '',
        ]
          .filter(Boolean)
          .join(' ');
        ctx.print(
          `${g.gameCode.padEnd(18)} ${String(g.nodeId).padStart(6)} ${g.gameType.padEnd(9)} sort ${String(g.sort).padStart(6)}  ${g.nameEn}${flags ? `  [${flags}]` : ''}`,
        );
      }
      return;
    }
    case 'game-add': {
      const vendor = option(rest, '--vendor');
      const type = option(rest, '--type');
      const name = option(rest, '--name');
      const bn = option(rest, '--bn');
      const classify = option(rest, '--classify');
      const hot = option(rest, '--hot');
      const isNew = flagOn(rest, '--new');
      const trial = flagOn(rest, '--trial');
      if (rest.length !== 1 || !vendor || !type || !name)
        throw new CliError('game-add needs a code, --vendor, --type and --name');
      if (hot !== undefined && !/^\d+$/.test(hot)) throw new CliError('--hot must be a number');
      const g = await call<{ gameCode: string; nodeId: number }>(ctx, 'POST', '/ops/games', {
        gameCode: rest[0].toUpperCase(),
        vendor: vendor.toUpperCase(),
        gameType: type.toUpperCase(),
        nameEn: name,
        ...(bn ? { nameBn: bn } : {}),
        ...(classify ? { classify: classify.toUpperCase() } : {}),
        ...(hot ? { hotRank: Number(hot) } : {}),
        isNew,
        supportPlay: trial ? 0 : 1,
      });
      return ctx.print(`game ${g.gameCode} added (node ${g.nodeId})`);
    }
    case 'game-hide':
    case 'game-show': {
      if (rest.length !== 1) throw new CliError(`${command} needs exactly one game code`);
      await call(ctx, 'PATCH', `/ops/games/${rest[0].toUpperCase()}`, { hidden: command === 'game-hide' });
      return ctx.print(`game ${rest[0].toUpperCase()} ${command === 'game-hide' ? 'hidden' : 'shown'}`);
    }
    case 'game-order': {
      if (rest.length < 2) throw new CliError('game-order needs a category and at least one game code');
      await call(ctx, 'PUT', '/ops/games/order', {
        gameType: rest[0].toUpperCase(),
        codes: rest.slice(1).map((c) => c.toUpperCase()),
      });
      return ctx.print(
        `${rest[0].toUpperCase()}: ${rest
          .slice(1)
          .map((c) => c.toUpperCase())
          .join(', ')} first`,
      );
    }
    case 'game-hot': {
      if (rest.length !== 2 || !(rest[1] === 'off' || /^\d+$/.test(rest[1])))
        throw new CliError('game-hot needs a game code and a rank or "off"');
      await call(ctx, 'PATCH', `/ops/games/${rest[0].toUpperCase()}`, { hotRank: rest[1] === 'off' ? null : Number(rest[1]) });
      return ctx.print(`game ${rest[0].toUpperCase()} ${rest[1] === 'off' ? 'off the hot list' : `hot #${rest[1]}`}`);
    }
    case 'game-new':
    case 'game-maintenance': {
      if (rest.length !== 2) throw new CliError(`${command} needs a game code and on|off`);
      const on = onOff(rest[1], command);
      await call(
        ctx,
        'PATCH',
        `/ops/games/${rest[0].toUpperCase()}`,
        command === 'game-new' ? { isNew: on } : { maintenance: on },
      );
      return ctx.print(`game ${rest[0].toUpperCase()} ${command === 'game-new' ? 'new' : 'maintenance'} ${on ? 'ON' : 'off'}`);
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
