import { typeMismatch } from './strict-body';

describe('strict body types', () => {
  const schema = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      n: { type: 'integer' },
      flag: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  test.each([
    [{ name: 'a', n: 1, flag: true, tags: ['x'] }, null],
    [{}, null],
    [{ name: 12 }, 'body/name must be string'],
    [{ n: '1' }, 'body/n must be integer'],
    [{ n: 1.5 }, 'body/n must be integer'],
    [{ flag: 'true' }, 'body/flag must be boolean'],
    [{ name: null }, 'body/name must be string'],
    [{ tags: [1] }, 'body/tags/0 must be string'],
    [{ other: 1 }, 'body/other is not allowed'],
    [[1], 'body must be object'],
    ['text', 'body must be object'],
  ])('%j → %s', (body, problem) => {
    expect(typeMismatch(schema, body)).toBe(problem);
  });
});
