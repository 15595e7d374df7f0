import { call, CliError, option, type Command, type CommandSet } from './kit';

interface Connection {
  code: string;
  displayName: string;
  gameTypes: string[];
  walletMode: string;
  connected: boolean;
  launchUrlTemplate: string | null;
  playedBy: string;
}

const PLAYED_BY: Record<string, string> = {
  VENDOR: 'connected',
  STUDIO: 'played by the platform studio',
  PARTLY_STUDIO: 'partly played by the platform studio',
  NOT_CONNECTED: 'not connected',
};

const describe = (v: Connection) =>
  `${v.code.padEnd(14)} ${v.gameTypes.join(',').padEnd(12)} ${v.walletMode.padEnd(9)} ${PLAYED_BY[v.playedBy] ?? v.playedBy}` +
  (v.launchUrlTemplate ? `  ${v.launchUrlTemplate}` : '');

const commands: Record<string, Command> = {
  'vendor-connect': async (ctx, rest) => {
    const launchUrl = option(rest, '--launch-url');
    if (rest.length !== 1 || !launchUrl) {
      throw new CliError(
        'vendor-connect needs a vendor code and --launch-url "<https address with {token}; also {gameCode}, {lang}, {currency}, {mode}>"',
      );
    }
    const code = rest[0].toUpperCase();
    const v = await call<Connection>(ctx, 'POST', `/ops/studio/vendors/${encodeURIComponent(code)}/connect`, { launchUrl });
    ctx.print(`vendor ${v.code} connected: its games launch at ${v.launchUrlTemplate}`);
    ctx.print(`give the vendor its wallet-API secret (npm run ops -- vendor-secret ${v.code}) if it has not got one`);
  },
  'vendor-disconnect': async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('vendor-disconnect needs exactly one vendor code');
    const v = await call<Connection>(ctx, 'POST', `/ops/studio/vendors/${encodeURIComponent(rest[0].toUpperCase())}/disconnect`);
    ctx.print(`vendor ${v.code} disconnected: ${PLAYED_BY[v.playedBy] ?? v.playedBy}`);
  },
  'vendor-connections': async (ctx) => {
    for (const v of await call<Connection[]>(ctx, 'GET', '/ops/studio/vendors')) ctx.print(describe(v));
  },
  'studio-settle': async (ctx) => {
    const r = await call<{ settled: number; rolledBack: number; left: number }>(ctx, 'POST', '/ops/studio/settle');
    ctx.print(`settled ${r.settled} round(s), rolled back ${r.rolledBack}, ${r.left} still waiting for the wallet`);
  },
};

/** The platform's own games: connecting real vendors, and the studio's settler. */
export const studioCommands: CommandSet = {
  usage: `  vendor-connect <CODE> --launch-url <template>
                                      a real vendor: its games launch at the template ({token} required;
                                      {gameCode}, {lang}, {currency}, {mode} filled in too)
  vendor-disconnect <CODE>            forget it: its games play on the studio's engines again, or show "not connected"
  vendor-connections                  every vendor: wallet mode, who plays its games, launch address
  studio-settle                       deliver pending wins and roll back unanswered bets now`,
  commands,
};
