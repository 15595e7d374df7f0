import { call, CliError, option, type Command, type CommandSet } from './kit';

const commands: Record<string, Command> = {
  message: async (ctx, rest) => {
    const args = [...rest];
    const title = option(args, '--title');
    const content = option(args, '--content');
    const category = option(args, '--category');
    if (!title || !content || args.length === 0) {
      throw new CliError('message needs <account...|--all> --title TEXT --content HTML [--category SYSTEM|PROMOTION|ACCOUNT]');
    }
    const all = args.length === 1 && args[0] === '--all';
    const target = all ? { all: true } : args.length === 1 ? { account: args[0] } : { accounts: args };
    const r = await call<{ sent: number }>(ctx, 'POST', '/ops/messages', {
      ...target,
      title,
      content,
      ...(category ? { category } : {}),
    });
    ctx.print(`message sent to ${r.sent} member${r.sent === 1 ? '' : 's'}`);
  },
};

/** The member's messages: operators send one to some accounts or to every real member. */
export const messageCommands: CommandSet = {
  usage: `  message <account...|--all> --title TEXT --content HTML [--category SYSTEM|PROMOTION|ACCOUNT]
                                      sends a message to the members' inboxes (content sanitised; trial accounts get none)`,
  commands,
};
