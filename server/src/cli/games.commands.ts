import { formatTaka, MoneyFormatError, parseTaka } from '@khela/api/money';
import type { OpsRoom } from '@khela/api/rooms';
import { call, CliError, flagOn, onOff, option, type Command, type CommandSet } from './kit';

/** A room's minimum entry typed in taka (e.g. 10 or 12.50), in poisha. */
function entryOf(text: string): number {
  try {
    const minor = parseTaka(text);
    if (minor <= BigInt(0)) throw new MoneyFormatError(text);
    return Number(minor);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new CliError(`"${text}" is not an amount of taka (e.g. 10 or 12.50)`);
    throw err;
  }
}
const count = (text: string, name: string) => {
  if (!/^\d{1,7}$/.test(text)) throw new CliError(`${name} needs a whole number`);
  return Number(text);
};

const commands: Record<string, Command> = {
  vendors: async (ctx) => {
    const vendors = await call<
      { code: string; displayName: string; gameTypes: string[]; sort: number; hidden: boolean; games: number }[]
    >(ctx, 'GET', '/ops/games/vendors');
    for (const v of vendors) {
      ctx.print(
        `${v.code.padEnd(14)} ${v.displayName.padEnd(22)} ${v.gameTypes.join(',').padEnd(16)} sort ${String(v.sort).padStart(5)}  ${v.games} games${v.hidden ? '  HIDDEN' : ''}`,
      );
    }
    return;
  },
  'vendor-add': async (ctx, rest) => {
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
  },
  'vendor-hide': async (ctx, rest, command) => {
    if (rest.length !== 1) throw new CliError(`${command} needs exactly one vendor code`);
    await call(ctx, 'PATCH', `/ops/games/vendors/${rest[0].toUpperCase()}`, { hidden: command === 'vendor-hide' });
    return ctx.print(`vendor ${rest[0].toUpperCase()} ${command === 'vendor-hide' ? 'hidden' : 'shown'}`);
  },
  'vendor-show': (ctx, rest, command) => commands['vendor-hide'](ctx, rest, command),
  'vendor-order': async (ctx, rest) => {
    if (!rest.length) throw new CliError('vendor-order needs at least one vendor code');
    const vendors = await call<{ code: string }[]>(ctx, 'PUT', '/ops/games/vendors/order', {
      codes: rest.map((c) => c.toUpperCase()),
    });
    return ctx.print(`order: ${vendors.map((v) => v.code).join(', ')}`);
  },
  games: async (ctx, rest) => {
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
  },
  'game-add': async (ctx, rest) => {
    const vendor = option(rest, '--vendor');
    const type = option(rest, '--type');
    const name = option(rest, '--name');
    const bn = option(rest, '--bn');
    const classify = option(rest, '--classify');
    const hot = option(rest, '--hot');
    const isNew = flagOn(rest, '--new');
    const trial = flagOn(rest, '--trial');
    if (rest.length !== 1 || !vendor || !type || !name) throw new CliError('game-add needs a code, --vendor, --type and --name');
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
  },
  'game-hide': async (ctx, rest, command) => {
    if (rest.length !== 1) throw new CliError(`${command} needs exactly one game code`);
    await call(ctx, 'PATCH', `/ops/games/${rest[0].toUpperCase()}`, { hidden: command === 'game-hide' });
    return ctx.print(`game ${rest[0].toUpperCase()} ${command === 'game-hide' ? 'hidden' : 'shown'}`);
  },
  'game-show': (ctx, rest, command) => commands['game-hide'](ctx, rest, command),
  'game-order': async (ctx, rest) => {
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
  },
  'game-hot': async (ctx, rest) => {
    if (rest.length !== 2 || !(rest[1] === 'off' || /^\d+$/.test(rest[1])))
      throw new CliError('game-hot needs a game code and a rank or "off"');
    await call(ctx, 'PATCH', `/ops/games/${rest[0].toUpperCase()}`, { hotRank: rest[1] === 'off' ? null : Number(rest[1]) });
    return ctx.print(`game ${rest[0].toUpperCase()} ${rest[1] === 'off' ? 'off the hot list' : `hot #${rest[1]}`}`);
  },
  'game-new': async (ctx, rest, command) => {
    if (rest.length !== 2) throw new CliError(`${command} needs a game code and on|off`);
    const on = onOff(rest[1], command);
    await call(ctx, 'PATCH', `/ops/games/${rest[0].toUpperCase()}`, command === 'game-new' ? { isNew: on } : { maintenance: on });
    return ctx.print(`game ${rest[0].toUpperCase()} ${command === 'game-new' ? 'new' : 'maintenance'} ${on ? 'ON' : 'off'}`);
  },
  'game-maintenance': (ctx, rest, command) => commands['game-new'](ctx, rest, command),
  rooms: async (ctx) => {
    const rooms = await call<OpsRoom[]>(ctx, 'GET', '/ops/rooms');
    for (const r of rooms) {
      ctx.print(
        `${r.roomCode.padEnd(22)} ${r.gameCode.padEnd(18)} ${r.nameEn.padEnd(20)} from ${formatTaka(BigInt(r.minEntry), 'EN')}  ${r.seats} seats  ${r.playersOnline} online${r.hidden ? '  HIDDEN' : ''}`,
      );
    }
    return;
  },
  'room-add': async (ctx, rest) => {
    const game = option(rest, '--game');
    const entry = option(rest, '--min-entry');
    const seats = option(rest, '--seats');
    const bn = option(rest, '--bn');
    if (rest.length < 2 || !game || !entry || !seats)
      throw new CliError('room-add needs a code, a name, --game CODE, --min-entry TAKA and --seats N');
    const r = await call<OpsRoom>(ctx, 'POST', '/ops/rooms', {
      roomCode: rest[0].toUpperCase(),
      gameCode: game.toUpperCase(),
      nameEn: rest.slice(1).join(' '),
      minEntry: entryOf(entry),
      seats: count(seats, '--seats'),
      ...(bn ? { nameBn: bn } : {}),
    });
    return ctx.print(`room ${r.roomCode} added on ${r.gameCode}`);
  },
  'room-set': async (ctx, rest) => {
    const entry = option(rest, '--min-entry');
    const seats = option(rest, '--seats');
    const online = option(rest, '--online');
    if (rest.length !== 1 || (!entry && !seats && !online))
      throw new CliError('room-set needs a room code and --min-entry TAKA, --seats N or --online N');
    const r = await call<OpsRoom>(ctx, 'PATCH', `/ops/rooms/${rest[0].toUpperCase()}`, {
      ...(entry ? { minEntry: entryOf(entry) } : {}),
      ...(seats ? { seats: count(seats, '--seats') } : {}),
      ...(online ? { playersOnline: count(online, '--online') } : {}),
    });
    return ctx.print(
      `room ${r.roomCode}: from ${formatTaka(BigInt(r.minEntry), 'EN')}, ${r.seats} seats, ${r.playersOnline} online`,
    );
  },
  'room-hide': async (ctx, rest, command) => {
    if (rest.length !== 1) throw new CliError(`${command} needs exactly one room code`);
    await call(ctx, 'PATCH', `/ops/rooms/${rest[0].toUpperCase()}`, { hidden: command === 'room-hide' });
    return ctx.print(`room ${rest[0].toUpperCase()} ${command === 'room-hide' ? 'hidden' : 'shown'}`);
  },
  'room-show': (ctx, rest, command) => commands['room-hide'](ctx, rest, command),
  'room-remove': async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('room-remove needs exactly one room code');
    await call(ctx, 'DELETE', `/ops/rooms/${rest[0].toUpperCase()}`);
    return ctx.print(`room ${rest[0].toUpperCase()} removed`);
  },
};

/** The game catalogue: vendors and games. */
export const gameCommands: CommandSet = {
  usage: `  vendors                             list the game vendors (code, categories, order, hidden)
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
  rooms                               list the PvP rooms (code, game, name, minimum entry, seats, players)
  room-add <CODE> <name> --game GAME --min-entry TAKA --seats N [--bn NAME]
                                      add a PvP room on a PvP game
  room-set <CODE> [--min-entry TAKA] [--seats N] [--online N]
                                      change a room's entry, seats or players online
  room-hide|room-show <CODE>          hide a room from the PvP page, or show it again
  room-remove <CODE>                  remove a room`,
  commands,
};
