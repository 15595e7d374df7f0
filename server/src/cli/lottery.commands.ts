import { call, CliError, option, type Command, type CommandSet } from './kit';

const commands: Record<string, Command> = {
  'lottery-void': async (ctx, rest) => {
    const reason = option(rest, '--reason') ?? 'voided by an operator';
    const game = option(rest, '--game');
    if (rest.length !== 1 || !game) {
      throw new CliError(
        'lottery-void needs the draw (its numero, e.g. 20261123-0042, or --index form "#12345") and --game <CODE>',
      );
    }
    const draw = rest[0];
    const body = draw.startsWith('#')
      ? { gameCode: game.toUpperCase(), drawIndex: Number(draw.slice(1)), reason }
      : { gameCode: game.toUpperCase(), numero: draw, reason };
    const r = await call<{ gameCode: string; numero: string; refunded: number; left: number }>(
      ctx,
      'POST',
      '/ops/lottery/draws/void',
      body,
    );
    ctx.print(
      `draw ${r.numero} of ${r.gameCode} voided: ${r.refunded} bet(s) refunded` +
        (r.left ? `, ${r.left} still to refund (the settler retries)` : ''),
    );
  },
  'lottery-settle': async (ctx) => {
    const r = await call<{ won: number; lost: number; voided: number; rolledBack: number; left: number }>(
      ctx,
      'POST',
      '/ops/lottery/settle',
    );
    ctx.print(
      `settled ${r.won} winning and ${r.lost} losing bet(s), refunded ${r.voided + r.rolledBack}, ${r.left} still waiting for the wallet`,
    );
  },
};

/** The platform's own lottery: voiding a draw, running the settler now. */
export const lotteryCommands: CommandSet = {
  usage: `  lottery-void <numero|#index> --game <CODE> [--reason <text>]
                                      void a draw that is not settled: its bets are refunded, later bets refused
  lottery-settle                      settle every bet whose draw has run, now`,
  commands,
};
