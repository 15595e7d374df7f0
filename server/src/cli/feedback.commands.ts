import { call, CliError, option, type Command, type CommandSet } from './kit';

interface FeedbackRow {
  id: number;
  account: string;
  content: string;
  createdAt: string;
  images: { id: number; contentType: string; fileName: string; bytes: number }[];
}

const commands: Record<string, Command> = {
  feedback: async (ctx, rest) => {
    const args = [...rest];
    const limit = option(args, '--limit');
    const before = option(args, '--before');
    if (args.length) throw new CliError('feedback takes [--limit N] [--before ID]');
    const q = new URLSearchParams({ ...(limit ? { limit } : {}), ...(before ? { before } : {}) }).toString();
    const rows = await call<FeedbackRow[]>(ctx, 'GET', `/ops/feedback${q ? `?${q}` : ''}`);
    if (!rows.length) return ctx.print('no feedback');
    for (const r of rows) {
      ctx.print(`#${r.id}  ${r.createdAt}  ${r.account}`);
      ctx.print(`  ${r.content.replace(/\s*\n\s*/g, ' ')}`);
      for (const i of r.images)
        ctx.print(
          `  image ${i.id}: ${i.fileName} (${i.contentType}, ${Math.ceil(i.bytes / 1024)} KB) -> GET /ops/feedback/images/${i.id}`,
        );
    }
  },
};

/** Feedback: operators read what members sent (newest first). */
export const feedbackCommands: CommandSet = {
  usage: `  feedback [--limit N] [--before ID]     lists the members' feedback, newest first, with its images`,
  commands,
};
