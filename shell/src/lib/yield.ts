/**
 * Ends the current task and goes on in a new one, so the browser can paint and answer input in
 * between: the start-up is a row of short tasks instead of one that holds the main thread (on a
 * slow phone, every task over 50 ms is time a tap waits). `scheduler.yield()` where the browser has
 * it (the continuation keeps its place ahead of other queued work), else a message-channel task,
 * which has no timer's 4 ms clamp.
 */
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
