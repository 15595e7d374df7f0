import type { FastifyError, FastifyInstance } from 'fastify';

/** The answer to every call: `{ success, message, value }`, plus `errorCode` on failure. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  value: T;
  errorCode?: string;
}

export function ok<T>(value: T, message = 'OK'): Envelope<T> {
  return { success: true, message, value };
}

/**
 * A refusal the client is meant to see: an HTTP status, a stable errorCode the client translates,
 * and an English message.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: string,
    message: string,
    /** details for the client (e.g. { captcha: true }, { fields }); null when absent */
    readonly value: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const errorEnvelopeRef = { $ref: 'ErrorEnvelope#' };

/** The response schema of a route whose `value` has the given schema, with the error answers. */
export function replies(value: object, description?: string) {
  return {
    '2xx': {
      description,
      type: 'object',
      required: ['success', 'message', 'value'],
      properties: { success: { type: 'boolean' }, message: { type: 'string' }, value },
    },
    '4xx': errorEnvelopeRef,
    '5xx': errorEnvelopeRef,
  };
}

function fail(
  errorCode: string,
  message: string,
  value: Record<string, unknown> | null = null,
): Envelope<Record<string, unknown> | null> {
  return { success: false, message, value, errorCode };
}

const clientErrorCodes: Record<number, string> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** Shared schemas plus the error and not-found handlers that keep every answer in the envelope. */
export function installEnvelope(app: FastifyInstance): void {
  app.addSchema({
    $id: 'ErrorEnvelope',
    type: 'object',
    required: ['success', 'message', 'value', 'errorCode'],
    properties: {
      success: { type: 'boolean', const: false },
      message: { type: 'string' },
      value: {
        anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: true }],
        description: 'null, or details of the refusal (e.g. { captcha: true, retryAfterSeconds }, { fields })',
      },
      errorCode: { type: 'string' },
    },
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(fail('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === 429 || error.statusCode === 503) {
        const seconds = error.value?.retryAfterSeconds;
        if (typeof seconds === 'number') reply.header('retry-after', String(seconds));
      }
      return reply.code(error.statusCode).send(fail(error.errorCode, error.message, error.value));
    }
    if ('validation' in error && error.validation?.length) {
      // The first failure, naming the field: "body/language must be equal to one of the allowed values"
      const [first] = error.validation;
      const message = `${error.validationContext ?? 'request'}${first.instancePath} ${first.message ?? 'is invalid'}`;
      return reply.code(400).send(fail('VALIDATION_ERROR', message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, wrong content type, body too large): safe messages.
      return reply.code(status).send(fail(clientErrorCodes[status] ?? 'BAD_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail('INTERNAL_ERROR', 'Internal server error'));
  });
}
