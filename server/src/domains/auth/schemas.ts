// The answers of the sign-in and verification-code routes (session, social, member, centre, verification).

export const memberInfoSchema = {
  type: 'object',
  required: ['id', 'account', 'nickname', 'type'],
  properties: {
    id: { type: 'integer' },
    account: { type: 'string' },
    nickname: { type: 'string' },
    type: { type: 'integer', description: '0 player, 4 trial, 1/2/41/42 agents' },
  },
};

export const loginValueSchema = {
  type: 'object',
  required: ['token', 'firstTimeLogin', 'passwordExpired', 'defaultPassword', 'member'],
  properties: {
    token: { type: 'string', description: 'the session token: send it raw in the Authorization header' },
    firstTimeLogin: { type: 'boolean' },
    passwordExpired: {
      type: 'boolean',
      description: 'the password policy (setting passwordPolicy) is on and the password is older than passwordMaxAgeDays',
    },
    defaultPassword: {
      type: 'boolean',
      description: 'the password is an initial one (set by an operator, generated, or e-mailed): change it',
    },
    passwordSetup: {
      type: 'boolean',
      description:
        'the member knows no password (generated at mobile registration): this session may set one with an empty oldPassword',
    },
    member: memberInfoSchema,
    rememberToken: {
      type: 'string',
      description: 'when remember was asked (and always for type remember): a new single-use, device-bound token valid 1 day',
    },
  },
};

export const smsSentSchema = {
  type: 'object',
  required: ['expiredMinutes'],
  properties: {
    expiredMinutes: {
      type: 'integer',
      description: 'the code expires after this many minutes (the send button counts down 60 s per minute)',
    },
  },
};
