// Feedback (issue 10): the member writes between the operator's word bounds (feedbackWords) and
// adds at most 3 PNG or JPEG images of at most 5 MB each (checked by their bytes, whatever the
// name or the declared type says); operators read it (GET /ops/feedback, `npm run ops -- feedback`).
import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import {
  countWords,
  FEEDBACK_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_PATH,
  FEEDBACK_WORDS_DEFAULT,
  type FeedbackConfigDto,
} from '@khela/api/member-centre';
import { sniffImage } from '@khela/api/payments';
import { ApiError, ok, replies } from '../../http/envelope';
import { readFilesAndText } from '../../http/multipart';
import { guardOps } from '../../http/ops-auth';
import { requireRealMember } from '../centre/guards';
import { feedbackImage, feedbackPage, insertFeedback } from './feedback.repo';

const tags = ['member centre'];
const security = [{ token: [] }];

const cleanName = (name: string) =>
  name
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f"<>|:*?\\/]/g, '')
    .trim()
    .slice(-120) || 'image';

const memberRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      fileSize: FEEDBACK_MAX_BYTES,
      files: FEEDBACK_MAX_IMAGES,
      fields: 2,
      fieldSize: 200_000,
      parts: FEEDBACK_MAX_IMAGES + 2,
    },
  });
  const config = async (): Promise<FeedbackConfigDto> => {
    const words = (await app.settings.get()).feedbackWords ?? FEEDBACK_WORDS_DEFAULT;
    return { minWords: words.min, maxWords: words.max, maxImages: FEEDBACK_MAX_IMAGES, maxBytes: FEEDBACK_MAX_BYTES };
  };

  app.get(
    FEEDBACK_PATH,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The feedback form's bounds: words, images and their size",
        response: replies({
          type: 'object',
          required: ['minWords', 'maxWords', 'maxImages', 'maxBytes'],
          properties: {
            minWords: { type: 'integer' },
            maxWords: { type: 'integer' },
            maxImages: { type: 'integer' },
            maxBytes: { type: 'integer' },
          },
        }),
      },
    },
    async () => ok(await config()),
  );

  app.put(
    FEEDBACK_PATH,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Sends feedback, with up to 3 images',
        description:
          "multipart/form-data: content (text between the operator's feedbackWords bounds, counted as runs between " +
          `spaces) and 0 to ${FEEDBACK_MAX_IMAGES} files "files" (PNG or JPEG by their bytes, at most 5 MB each). ` +
          '400 FEEDBACK_WORDS (value.min, value.max, value.words), FEEDBACK_NOT_IMAGE; 413 FEEDBACK_TOO_LARGE, ' +
          'FEEDBACK_TOO_MANY; 415 without multipart. Nothing is kept from a refused request. 401; 403 NEED_REAL_ACCOUNT.',
        consumes: ['multipart/form-data'],
        response: replies({ type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const me = request.member!;
      const { files, text: content } = await readFilesAndText(request, {
        textField: 'content',
        fallbackName: 'image',
        maxFiles: FEEDBACK_MAX_IMAGES,
        tooLarge: 'FEEDBACK_TOO_LARGE',
        tooMany: 'FEEDBACK_TOO_MANY',
      });
      const { minWords, maxWords } = await config();
      const text = content.trim();
      const words = countWords(text);
      if (words < minWords || words > maxWords || text.length > 20_000)
        throw new ApiError(400, 'FEEDBACK_WORDS', `Write between ${minWords} and ${maxWords} words`, {
          min: minWords,
          max: maxWords,
          words,
          fields: { content: 'FEEDBACK_WORDS' },
        });
      const images = files.map((f) => {
        const contentType = sniffImage(f.data.subarray(0, 8));
        if (!contentType || f.data.length < 16)
          throw new ApiError(400, 'FEEDBACK_NOT_IMAGE', 'Only PNG or JPG images', {
            fileName: cleanName(f.fileName),
            fields: { files: 'FEEDBACK_NOT_IMAGE' },
          });
        return { ...f, fileName: cleanName(f.fileName), contentType };
      });
      const id = await app.db.tx((q) => insertFeedback(q, me.id, text, images));
      return ok({ id }, 'Thank you for your feedback');
    },
  );
};

const opsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);
  app.get<{ Querystring: { limit?: number; before?: number } }>(
    '/',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 200 }, before: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const rows = await feedbackPage(app.db, request.query.limit ?? 50, request.query.before ?? null);
      return ok(
        rows.map((r) => ({
          id: Number(r.id),
          account: r.account,
          content: r.content,
          createdAt: new Date(r.created_at).toISOString(),
          images: (r.images ?? []).map((i) => ({ ...i, id: Number(i.id) })),
        })),
      );
    },
  );
  app.get<{ Params: { id: number } }>(
    '/images/:id',
    {
      schema: {
        hide: true,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (request, reply) => {
      const img = await feedbackImage(app.db, request.params.id);
      if (!img) throw new ApiError(404, 'NOT_FOUND', 'No such image');
      return reply.type(img.content_type).header('X-Content-Type-Options', 'nosniff').send(img.data);
    },
  );
};

/** Feedback: the member's form and the operators' list. Needs the centre domain (its guard). */
export const feedbackDomain = fp(
  async (app) => {
    await app.register(memberRoutes);
    await app.register(opsRoutes, { prefix: '/ops/feedback' });
  },
  { name: 'feedback', dependencies: ['centre'] },
);
