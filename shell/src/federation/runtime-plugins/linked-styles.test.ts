import linkedStylesPlugin, { isLinkedStylesheet } from './linked-styles';

type Op = { filter?: (url: string) => boolean };
const run = (ops: Op[]) => {
  const hook = linkedStylesPlugin().beforePreloadRemote as unknown as (args: { preloadOps: Op[] }) => unknown;
  hook({ preloadOps: ops });
  return ops;
};

beforeEach(() => {
  document.head.innerHTML =
    '<link rel="stylesheet" href="/remotes/lobby/v1/244.css">' +
    '<link rel="preload" as="style" href="/remotes/lobby/v1/900.css">';
});

test('a stylesheet the page links is recognised by its absolute address', () => {
  expect(isLinkedStylesheet(`${location.origin}/remotes/lobby/v1/244.css`)).toBe(true);
  // the runtime's addresses are absolute: another form is never taken for a linked one
  expect(isLinkedStylesheet('/remotes/lobby/v1/244.css')).toBe(false);
  // another version, a file only preloaded (not applied), another host
  expect(isLinkedStylesheet(`${location.origin}/remotes/lobby/v2/244.css`)).toBe(false);
  expect(isLinkedStylesheet(`${location.origin}/remotes/lobby/v1/900.css`)).toBe(false);
  expect(isLinkedStylesheet('https://cdn.example/remotes/lobby/v1/244.css')).toBe(false);
});

test("the runtime's preload skips the linked stylesheets and keeps everything else", () => {
  const [op] = run([{}]);
  const filter = op!.filter!;
  expect(filter(`${location.origin}/remotes/lobby/v1/244.css`)).toBe(false);
  expect(filter(`${location.origin}/remotes/lobby/v1/900.css`)).toBe(true);
  // scripts are never skipped, even at a linked address
  expect(filter(`${location.origin}/remotes/lobby/v1/244.js`)).toBe(true);
});

test('a filter the preload already had still applies', () => {
  const [op] = run([{ filter: (url) => !url.includes('635') }]);
  expect(op!.filter!(`${location.origin}/remotes/lobby/v1/635.js`)).toBe(false);
  expect(op!.filter!(`${location.origin}/remotes/lobby/v1/244.css`)).toBe(false);
  expect(op!.filter!(`${location.origin}/remotes/lobby/v1/1.js`)).toBe(true);
});
