import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestLang } from '../../http/lang';
import type { HelpCentreValue, HelpDevice } from '@khela/api/content';
import { ok, replies } from '../../http/envelope';
import { sanitizeRichText } from './sanitize';
import { helpArticles } from './content.repo';

const tags = ['content'];

const helpValue = {
  type: 'object',
  required: ['lang', 'device', 'articles'],
  properties: {
    lang: { type: 'string', enum: ['BN', 'EN'] },
    device: { type: 'string', enum: ['ALL', 'WEB', 'MOBILE'] },
    articles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'section', 'title', 'content'],
        properties: {
          id: { type: 'integer' },
          section: { type: 'string' },
          title: { type: 'string' },
          content: { type: 'string' },
        },
      },
    },
  },
};

interface HelpQuery {
  lang?: string;
  language?: string;
  device?: string;
}

const querystring = {
  type: 'object',
  properties: {
    lang: { type: 'string', enum: ['BN', 'EN', 'bn', 'en'] },
    language: { type: 'string', enum: ['BN', 'EN', 'bn', 'en'] },
    device: { type: 'string', enum: ['WEB', 'MOBILE', 'web', 'mobile', 'H5', 'h5'] },
  },
};

const langOf = requestLang;

/**
 * The help centre (/helpmc and the help modal): the operators' articles in the language asked for,
 * each section once: the device's own version (WEB or MOBILE) wins over the one for ALL, and a
 * section missing in Bengali falls back to its English text.
 */
export const helpRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (request: FastifyRequest<{ Querystring: HelpQuery }>) => {
    const lang = langOf(request);
    const device: HelpDevice = /^(mobile|h5)$/i.test(request.query.device ?? '') ? 'MOBILE' : 'WEB';
    const rows = await helpArticles(app.db, lang, device);
    const articles = (rows as Array<{ id: number; section: string; title: string; content: string; sort?: number }>)
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || Number(a.id) - Number(b.id))
      .map((r) => ({ id: Number(r.id), section: r.section, title: r.title, content: sanitizeRichText(r.content) }));
    const value: HelpCentreValue = { lang, device, articles };
    return ok(value);
  };
  for (const url of ['/wps/system/helpCenter', '/wps/system/getHelpV2']) {
    app.get<{ Querystring: HelpQuery }>(
      url,
      {
        schema: {
          tags,
          summary: 'Help centre',
          description:
            'The help articles in lang (BN or EN; the Language header otherwise; BN by default), for device WEB or MOBILE. ' +
            "Each section once, in the operators' order; a section missing in Bengali comes in English. content is " +
            'sanitised rich text (formatting, lists, links, images).',
          querystring,
          response: replies(helpValue),
        },
      },
      handler,
    );
  }
};
