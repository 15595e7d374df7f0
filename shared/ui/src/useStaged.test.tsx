import { act, renderHook } from '@testing-library/react';
import { STAGE_TIMEOUT_MS, useStaged } from './useStaged';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('draws nothing below the fold in the first render, the first part after the paint, then one per step', async () => {
  const { result } = renderHook(() => useStaged(3));
  expect(result.current).toBe(0);
  // a frame (the paint), then the task after it
  await act(async () => {
    jest.advanceTimersByTime(20);
  });
  expect(result.current).toBe(1);
  // then one per idle step (jsdom has no idle callbacks: a task each), and no further than the total
  await act(async () => {
    jest.advanceTimersByTime(STAGE_TIMEOUT_MS);
  });
  await act(async () => {
    jest.advanceTimersByTime(STAGE_TIMEOUT_MS);
  });
  await act(async () => {
    jest.advanceTimersByTime(STAGE_TIMEOUT_MS);
  });
  expect(result.current).toBe(3);
});
