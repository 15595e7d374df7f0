import { GAME_TYPES } from '@khela/api/games';

/** JSON schemas of the game domain: they validate requests, serialise answers and make the OpenAPI document. */

export const gameTypeEnum = [...GAME_TYPES];

const str = { type: 'string' };
const int = { type: 'integer' };
const flag = { type: 'integer', enum: [0, 1] };

export const codeParam = (description: string) => ({ type: 'string', pattern: '^[A-Za-z0-9_]{1,48}$', description });

export const languageQuery = {
  type: 'string',
  enum: ['BN', 'EN', 'bn', 'en'],
  description: 'Names in this language (default: the Language header, else BN)',
};
export const clientTypeQuery = { type: 'integer', minimum: 0, maximum: 9, description: 'Client type (the storefront sends 3)' };
export const platformQuery = {
  type: 'string',
  pattern: '^(flash|html5-desktop|html5)(,(flash|html5-desktop|html5))*$',
  description: 'Comma-separated platforms; games running on any of them are listed',
};
export const vendorQuery = { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$', description: 'Vendor code (ALL: every vendor)' };
export const flagQuery = (description: string) => ({ type: 'string', enum: ['0', '1', 'true', 'false'], description });
export const pageNoQuery = { type: 'integer', minimum: 1, maximum: 100000, default: 1 };

export const gameSchema = {
  type: 'object',
  required: [
    'nodeId',
    'gameCode',
    'gameName',
    'displayName',
    'vassalage',
    'gameType',
    'isGame',
    'isHot',
    'isNew',
    'supportPlay',
    'iconUrl',
    'showIcon',
    'defaultIcon',
    'gameClassify',
    'gameGroupCode',
    'minBet',
    'lineNum',
    'maintenance',
  ],
  properties: {
    nodeId: int,
    gameCode: str,
    gameName: { type: 'string', description: 'The stable English name' },
    displayName: { type: 'string', description: "The name in the request's language" },
    vassalage: { type: 'string', description: 'Vendor code' },
    gameType: { type: 'string', enum: gameTypeEnum },
    isGame: {
      type: 'string',
      enum: ['GAME', 'LOBBY', 'VASSALAGE'],
      description: 'VASSALAGE: the entry opens the vendor popup list',
    },
    isHot: flag,
    isNew: flag,
    supportPlay: { ...flag, description: '0: a free trial is offered; 1: real play only' },
    iconUrl: str,
    showIcon: str,
    defaultIcon: str,
    gameClassify: { type: ['string', 'null'] },
    gameGroupCode: { type: ['string', 'null'], description: 'Lottery group of a lottery game' },
    minBet: { type: 'integer', description: 'Smallest stake in minor units (poisha)' },
    lineNum: { type: 'integer', description: 'Paylines (0 when none)' },
    maintenance: { ...flag, description: '1 while the game is under maintenance' },
  },
} as const;

const paged = (listKey: string, items: object) => ({
  type: 'object',
  required: [listKey, 'pageNum', 'totalPages', 'totalElements'],
  properties: { [listKey]: { type: 'array', items }, pageNum: int, totalPages: int, totalElements: int },
});

export const gameListValue = paged('games', gameSchema);
export const favouriteListValue = paged('content', gameSchema);
export const recentListValue = paged('list', {
  ...gameSchema,
  required: [...gameSchema.required, 'lastPlayedAt'],
  properties: { ...gameSchema.properties, lastPlayedAt: { type: 'string', format: 'date-time' } },
});
export const hotListValue = { type: 'object', required: ['list'], properties: { list: { type: 'array', items: gameSchema } } };

const vendorItem = {
  type: 'object',
  required: ['code', 'displayName', 'lagerIcon', 'gameType', 'gameTypes'],
  properties: {
    code: str,
    displayName: str,
    lagerIcon: { type: 'string', description: "The vendor's large icon (the platform's own spelling)" },
    gameType: { type: 'string', enum: gameTypeEnum, description: 'The category of this card' },
    gameTypes: { type: 'array', items: { type: 'string', enum: gameTypeEnum } },
  },
};

export const lanesValue = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['lanes'],
      properties: {
        lanes: {
          type: 'array',
          items: {
            type: 'object',
            required: ['gameCategory', 'vendors', 'cards', 'gameClassify'],
            properties: {
              gameCategory: { type: 'string', enum: gameTypeEnum },
              vendors: { type: 'array', items: str },
              cards: { type: 'object', additionalProperties: vendorItem },
              gameClassify: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['key', 'displayName', 'vendors'],
                  properties: { key: str, displayName: str, vendors: { type: 'object', additionalProperties: int } },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const vendorGameTypesValue = {
  type: 'object',
  required: ['content'],
  properties: {
    content: {
      type: 'object',
      description: 'game type → vendor code → the classify keys the vendor has in that type',
      additionalProperties: { type: 'object', additionalProperties: { type: 'array', items: str } },
    },
  },
};

export const gameMenusValue = {
  type: 'object',
  required: ['menus'],
  properties: {
    menus: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'page', 'type', 'data'],
        properties: {
          name: str,
          page: str,
          type: { type: 'string', enum: gameTypeEnum },
          data: {
            type: 'object',
            required: ['vendors'],
            properties: {
              vendors: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['code', 'displayName', 'lagerIcon'],
                  properties: { code: str, displayName: str, lagerIcon: str },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const rankListValue = {
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['vo', 'winAmount'],
        properties: {
          vo: {
            type: 'object',
            required: ['customerName', 'gameName', 'iconUrl', 'gameCode', 'gameType', 'vassalage', 'wonAt'],
            properties: {
              customerName: { type: 'string', description: 'Masked' },
              gameName: str,
              iconUrl: str,
              gameCode: str,
              gameType: str,
              vassalage: str,
              wonAt: { type: 'string', format: 'date-time' },
            },
          },
          winAmount: { type: 'integer', description: 'Minor units' },
        },
      },
    },
  },
};

export const launchValue = {
  type: 'object',
  required: ['content'],
  properties: {
    content: {
      type: 'object',
      required: ['game_url', 'ticket'],
      properties: {
        game_url: { type: 'string', description: "The platform's launch page for this launch" },
        ticket: str,
      },
    },
  },
};

export const launchDetailValue = {
  type: 'object',
  required: ['ticket', 'accountType', 'launchMode', 'launchedAt', 'game', 'vendor', 'lotto', 'connected'],
  properties: {
    ticket: str,
    accountType: { type: 'integer', enum: [0, 1] },
    launchMode: str,
    launchedAt: { type: 'string', format: 'date-time' },
    game: gameSchema,
    vendor: {
      type: 'object',
      required: ['code', 'displayName', 'lagerIcon'],
      properties: { code: str, displayName: str, lagerIcon: str },
    },
    lotto: {
      type: ['object', 'null'],
      required: ['area', 'prizeMode', 'view'],
      properties: { area: str, prizeMode: str, view: str },
    },
    connected: { type: 'boolean', description: "The game provider's connection: false until the platform's own games arrive" },
  },
};

const lotteryGame = {
  type: 'object',
  required: [
    'gameCode',
    'nodeId',
    'gameName',
    'displayName',
    'gameGroupCode',
    'vassalage',
    'gameType',
    'iconUrl',
    'drawInterval',
    'prizeModes',
  ],
  properties: {
    gameCode: str,
    nodeId: int,
    gameName: str,
    displayName: str,
    gameGroupCode: str,
    vassalage: str,
    gameType: str,
    iconUrl: str,
    drawInterval: { type: 'integer', description: 'Seconds between draws' },
    prizeModes: { type: 'array', items: str },
  },
};

export const lotteryMenusValue = {
  type: 'object',
  required: ['gameMenus'],
  properties: {
    gameMenus: {
      type: 'array',
      items: {
        type: 'object',
        required: ['gameGroupCode', 'name', 'games'],
        properties: { gameGroupCode: str, name: str, games: { type: 'array', items: lotteryGame } },
      },
    },
  },
};

export const lotteryGamesValue = {
  type: 'object',
  required: ['games'],
  properties: { games: { type: 'array', items: lotteryGame } },
};

const openedDraw = {
  type: 'object',
  required: ['gameCode', 'numero', 'openedNumbers', 'openedAt'],
  properties: {
    gameCode: str,
    numero: { type: 'string', description: 'Draw number' },
    openedNumbers: { type: 'array', items: str },
    openedAt: { type: 'string', format: 'date-time' },
    serverSeed: {
      type: 'string',
      description:
        "The draw's server seed (revealed once drawn): the numbers are drawNumbersFromSeed(serverSeed, gameCode, group, index)",
    },
    serverSeedHash: { type: 'string', description: 'SHA-256 of the server seed, published before the draw' },
  },
};

export const openedNumbersValue = {
  type: 'object',
  required: ['gameCode', 'list', 'nextDrawAt'],
  properties: {
    gameCode: str,
    list: { type: 'array', items: openedDraw },
    nextDrawAt: { type: 'string', format: 'date-time' },
    nextDraw: {
      type: 'object',
      required: ['numero', 'drawAt', 'serverSeedHash'],
      properties: { numero: str, drawAt: { type: 'string', format: 'date-time' }, serverSeedHash: str },
    },
  },
};

export const latestOpenedValue = {
  type: 'object',
  required: ['list'],
  properties: { list: { type: 'array', items: openedDraw } },
};

export const favouriteIdsValue = { type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: int } } };
