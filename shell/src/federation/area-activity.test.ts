import { areaLoadStarted, whenAreasLoaded } from './area-activity';

test('waits until every loading area has arrived or failed; each end counts once', () => {
  const ran = jest.fn();
  const a = areaLoadStarted();
  const b = areaLoadStarted();
  whenAreasLoaded(ran);
  a();
  a(); // counted once
  expect(ran).not.toHaveBeenCalled();
  b();
  expect(ran).toHaveBeenCalledTimes(1);
  // no area loading: at once
  const now = jest.fn();
  whenAreasLoaded(now);
  expect(now).toHaveBeenCalledTimes(1);
});

test('a cancelled wait never runs', () => {
  const ran = jest.fn();
  const end = areaLoadStarted();
  const cancel = whenAreasLoaded(ran);
  cancel();
  end();
  expect(ran).not.toHaveBeenCalled();
});
