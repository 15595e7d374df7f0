import { call, CliError, flagOn, onOff, option, type Command, type CommandSet, type OpsContext } from './kit';

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

const commands: Record<string, Command> = {
  status: async (ctx) => {
    return printStatus(ctx);
  },
  maintenance: async (ctx, rest) => {
    const on = onOff(rest[0], 'maintenance');
    await setSetting(ctx, 'maintenance', on);
    return ctx.print(`maintenance ${on ? 'ON' : 'off'}`);
  },
  region: async (ctx, rest) => {
    if (rest[0] === 'allow' || rest[0] === 'disallow') return changeAllowList(ctx, rest[0] === 'allow', rest.slice(1));
    {
      const on = onOff(rest[0], 'region');
      await setSetting(ctx, 'regionRestriction', on);
      return ctx.print(`region restriction ${on ? 'ON' : 'off'}`);
    }
  },
  'create-member': async (ctx, rest) => {
    const type = option(rest, '--type');
    const nickname = option(rest, '--nickname');
    const password = option(rest, '--password');
    const mobile = option(rest, '--mobile');
    const email = option(rest, '--email');
    const upline = option(rest, '--upline');
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
      ...(upline ? { upline } : {}),
    });
    ctx.print(`member ${m.account} created (id ${m.id}, type ${m.type})${upline ? ` in the team of ${upline}` : ''}`);
    if (m.affiliateCode) ctx.print(`invitation (affiliate) code: ${m.affiliateCode}`);
    return;
  },
  outbox: async (ctx, rest) => {
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
  },
  setting: async (ctx, rest) => {
    const [key, raw] = rest;
    const all = await call<Record<string, unknown>>(ctx, 'GET', '/ops/settings');
    if (!key) {
      for (const [k, v] of Object.entries(all)) ctx.print(`${k.padEnd(24)} ${JSON.stringify(v)}`);
      return;
    }
    if (raw === undefined) return ctx.print(`${key} ${JSON.stringify(all[key] ?? null)}`);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      value = raw; // a bare word is a string
    }
    await setSetting(ctx, key, value);
    ctx.print(`${key} ${JSON.stringify(value)}`);
  },
  'rotate-seal-key': async (ctx) => {
    const r = await call<{ kid: string }>(ctx, 'POST', '/ops/crypto/rotate');
    return ctx.print(`sealing key rotated: ${r.kid} (the previous key opens bodies for one more day)`);
  },
  'set-upline': async (ctx, rest) => {
    if (rest.length !== 2) throw new CliError('set-upline needs an account and an agent (or none)');
    await call(ctx, 'PUT', `/ops/agents/${encodeURIComponent(rest[0])}/upline`, { upline: rest[1] === 'none' ? null : rest[1] });
    return ctx.print(rest[1] === 'none' ? `${rest[0]} has no upline now` : `${rest[0]} is in the team of ${rest[1]} now`);
  },
  'create-session': async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('create-session needs exactly one account name');
    const s = await call<{ token: string; expiresAt: string; loginCode: string }>(ctx, 'POST', '/ops/sessions', {
      account: rest[0],
    });
    ctx.print(s.token);
    ctx.print(`(expires ${s.expiresAt}; send it as the Authorization header)`);
    // the browser gets a one-time code, never the token: a link with a token would sign in whoever opens it
    ctx.print(`${ctx.baseUrl}/?login=${s.loginCode}`);
    return ctx.print('(open it within a minute, once; a tab that is already signed in keeps its own session)');
  },
};

/** Status, maintenance, region, members and sessions, and the sign-in outbox and sealing key. */
export const systemCommands: CommandSet = {
  usage: `  status                              show maintenance, region restriction and the allow list
  maintenance on|off                  switch the maintenance page
  region on|off                       switch the region restriction
  region allow <ip-or-cidr...>        add addresses (IPv4, IPv4 CIDR, IPv6) to the allow list
  region disallow <ip-or-cidr...>     remove addresses from the allow list
  create-member <account> [--type N] [--nickname NAME] [--password P [--default-password]] [--mobile N] [--email E]
                [--upline AGENT]      create a member (type 0 player, 4 trial, 1/2/41/42 agent); --default-password:
                                      the member must change the password at the first login; an agent gets an
                                      invitation (affiliate) code; --upline: the agent whose team it joins
  set-upline <account> <agent|none>   move a member (and its team) under another agent, or to the top
  outbox [recipient]                  the latest SMS and e-mails of the development outbox
  setting [<key> [<json value>]]      show every setting, one, or set one (validated by the server),
                                      e.g. setting rumSampleRate 0.25
  rotate-seal-key                     a new key for sealed login bodies (the old one works one more day)
  create-session <account>            issue a session token for a member, and a one-time browser link`,
  commands,
};
