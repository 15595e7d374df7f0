import fc from 'fast-check';
import type { Announcement } from '@khela/api/games';
import { CLOSED_FLAG, closeFlag, closedIds, pagerState, popupAudience, popupsToShow, type Execution } from './rules';

const popup = (id: number, execution: Execution | null, type: Announcement['type'] = 'PU'): Announcement => ({
  id,
  type,
  title: `t${id}`,
  content: '',
  promotionType: null,
  execution,
});

const arbPopup = fc.record({
  id: fc.integer({ min: 1, max: 40 }),
  type: fc.constantFrom<Announcement['type']>('PU', 'PU', 'PU', 'PR', 'PL'),
  title: fc.constant('t'),
  content: fc.constant(''),
  promotionType: fc.constant(null),
  execution: fc.constantFrom<string | null>('A', 'B', 'F', null),
});
const arbLogin = fc.record({ isLogin: fc.boolean(), firstTimeLogin: fc.boolean() });

describe('announcement popup rules', () => {
  it('a visitor gets the A set under its own flag; a member the B set, after the F set only at a first login', () => {
    expect(popupAudience({ isLogin: false, firstTimeLogin: false })).toEqual({ flag: CLOSED_FLAG.anonymous, executions: ['A'] });
    expect(popupAudience({ isLogin: true, firstTimeLogin: false })).toEqual({ flag: CLOSED_FLAG.member, executions: ['B'] });
    expect(popupAudience({ isLogin: true, firstTimeLogin: true })).toEqual({ flag: CLOSED_FLAG.member, executions: ['F', 'B'] });
    expect(CLOSED_FLAG.anonymous).not.toBe(CLOSED_FLAG.member);
  });

  it('shows the F popups first, then the B ones, each once', () => {
    const audience = popupAudience({ isLogin: true, firstTimeLogin: true });
    const shown = popupsToShow([[popup(3, 'F')], [popup(1, 'B'), popup(3, 'F'), popup(2, 'B'), popup(1, 'B')]], audience, null);
    expect(shown.map((a) => a.id)).toEqual([3, 1, 2]);
  });

  it('only popups of a code asked for, never one closed in this session, never twice, and none once all are closed', () => {
    fc.assert(
      fc.property(
        arbLogin,
        fc.array(fc.array(arbPopup, { maxLength: 8 }), { minLength: 2, maxLength: 2 }),
        fc.array(fc.integer({ min: 1, max: 40 })),
        (login, lists, closedBefore) => {
          const audience = popupAudience(login);
          const flag = closeFlag(null, closedBefore);
          const shown = popupsToShow(lists, audience, flag);
          const ids = shown.map((a) => a.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const a of shown) {
            expect(a.type).toBe('PU');
            expect(audience.executions).toContain(a.execution);
            expect(closedBefore).not.toContain(a.id);
            if (!login.isLogin) expect(a.execution).toBe('A');
            if (a.execution === 'F') expect(login.firstTimeLogin).toBe(true);
          }
          // closing them: the same lists show nothing more in this session
          expect(popupsToShow(lists, audience, closeFlag(flag, ids))).toEqual([]);
        },
      ),
    );
  });

  it('the flag reads back what was closed, and ignores what it does not understand', () => {
    fc.assert(
      fc.property(fc.array(fc.nat()), fc.array(fc.nat()), (a, b) => {
        expect([...closedIds(closeFlag(closeFlag(null, a), b))].sort((x, y) => x - y)).toEqual(
          [...new Set([...a, ...b])].sort((x, y) => x - y),
        );
      }),
    );
    expect([...closedIds('4,x,<script>,,7')]).toEqual([4, 7]);
  });

  it('previous is disabled at the first popup and next at the last', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }).chain((n) => fc.tuple(fc.constant(n), fc.nat({ max: n - 1 }))),
        ([count, index]) => {
          const s = pagerState(index, count);
          expect(s.prev).toBe(index !== 0);
          expect(s.next).toBe(index !== count - 1);
        },
      ),
    );
  });
});
