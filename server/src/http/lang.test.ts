import type { FastifyRequest } from 'fastify';
import { requestLang } from './lang';

const req = (query: Record<string, unknown> | undefined, language?: string) =>
  ({ query, headers: language === undefined ? {} : { language } }) as unknown as FastifyRequest;

describe('the request language, one parser for every route', () => {
  it('takes the lang query, then the language query, then the Language header', () => {
    expect(requestLang(req({ lang: 'EN', language: 'BN' }, 'BN'))).toBe('EN');
    expect(requestLang(req({ language: 'en' }, 'BN'))).toBe('EN');
    expect(requestLang(req({}, 'EN-GB'))).toBe('EN');
    expect(requestLang(req({ lang: ' ' }, 'en'))).toBe('EN');
  });

  it('is Bengali by default and for anything that is not English', () => {
    expect(requestLang(req(undefined))).toBe('BN');
    expect(requestLang(req({ lang: 'FR' }, 'EN'))).toBe('BN');
    expect(requestLang(req({ lang: ['EN'] }))).toBe('BN');
    expect(requestLang(req({}, 'bn'))).toBe('BN');
  });
});
