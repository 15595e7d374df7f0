/**
 * A thenable that is already resolved. React.lazy reads a value its factory's thenable hands over
 * synchronously and renders the component without suspending; a promise (an async function's
 * included) always hands it over later, so the component suspends on its first render even when its
 * module is there: its Suspense boundary shows the fallback, and React reveals what the boundary
 * held back no sooner than 300 ms after that.
 */
export function resolvedThenable<T>(value: T): Promise<T> {
  const thenable = { then: (resolve: (v: T) => unknown) => void resolve(value) };
  return thenable as unknown as Promise<T>;
}
