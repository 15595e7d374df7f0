/** Response schemas of the system domain (also the OpenAPI components). */
export const whitelabelNodeSchema = {
  $id: 'WhitelabelNode',
  type: 'object',
  required: ['modId', 'enabled', 'childrenNodes'],
  properties: {
    modId: { type: 'string' },
    enabled: { type: 'boolean' },
    childrenNodes: { type: 'array', items: { $ref: 'WhitelabelNode#' } },
  },
} as const;

export const registrationFieldRuleSchema = {
  $id: 'RegistrationFieldRule',
  type: 'object',
  required: ['field', 'enabled', 'required', 'patternId', 'acceptedPattern', 'minLength', 'maxLength'],
  properties: {
    field: { type: 'string' },
    enabled: { type: 'boolean' },
    required: { type: 'boolean' },
    patternId: { type: 'string', description: 'Selects the client message family for this rule' },
    acceptedPattern: { type: 'string', description: "A regular expression, or '*' for anything" },
    minLength: { type: 'integer' },
    maxLength: { type: 'integer' },
  },
} as const;

export const systemSchemas = [whitelabelNodeSchema, registrationFieldRuleSchema];

const strings = { type: 'array', items: { type: 'string' } };

export const whitelabelTree = { type: 'array', items: { $ref: 'WhitelabelNode#' } };
export const registrationRules = { type: 'array', items: { $ref: 'RegistrationFieldRule#' } };

export const domainRouteValue = {
  type: 'object',
  required: ['mainDomain', 'domains', 'apiBase'],
  properties: {
    mainDomain: { type: 'string', description: 'The canonical storefront host' },
    domains: { ...strings, description: 'Every host the storefront is served on' },
    apiBase: { type: 'string', description: 'Path prefix of the platform API on any of those hosts' },
  },
};

export const statusValue = {
  type: 'object',
  required: ['status', 'ip', 'maintenance', 'regionRestriction'],
  properties: {
    status: { type: 'integer', enum: [0, 1, 2], description: '0 normal, 1 maintenance, 2 region restricted' },
    ip: { type: 'string', description: "The visitor's address as the server sees it" },
    maintenance: { type: 'boolean' },
    regionRestriction: { type: 'boolean' },
  },
};

export const permissionValue = {
  type: 'object',
  required: [
    'customerService',
    'domainRoute',
    'resources',
    'whitelabel',
    'registrationFieldRules',
    'mainDomain',
    'gtagId',
    'location',
    'imageCDNs',
    'launchGameCDNs',
    'maintenance',
    'regionRestriction',
  ],
  properties: {
    registrationAge: { type: 'integer', enum: [0, 18, 21], description: 'the age the register form asks to confirm; 0: none' },
    dialingCodes: { type: 'array', items: { type: 'string' }, description: "COUNTRYCODE3 on: the operator's codes; off: +880" },
    customerService: {
      type: 'array',
      items: {
        type: 'object',
        required: ['csType', 'path'],
        properties: {
          csType: { type: 'string', enum: ['whatsapp', 'livechat', 'telegram', 'link'] },
          path: { type: 'string', description: 'Encrypted: AES-256-GCM, the last 8 characters are the key' },
        },
      },
    },
    domainRoute: domainRouteValue,
    resources: {
      type: 'object',
      description: 'Resource entries grouped by resourceType',
      additionalProperties: {
        type: 'array',
        items: {
          type: 'object',
          required: ['labelNameEn', 'url'],
          properties: { labelNameEn: { type: 'string' }, url: { type: 'string' } },
        },
      },
    },
    whitelabel: whitelabelTree,
    registrationFieldRules: registrationRules,
    mainDomain: { type: 'string' },
    gtagId: { type: ['string', 'null'] },
    location: { type: 'object', required: ['ip'], properties: { ip: { type: 'string' } } },
    imageCDNs: strings,
    launchGameCDNs: strings,
    maintenance: { type: 'boolean' },
    regionRestriction: { type: 'boolean' },
    supportHours: { type: 'string' },
  },
};
