// Development only, first module of the shell's page. React Fast Refresh finds React DOM through
// __REACT_DEVTOOLS_GLOBAL_HOOK__; the stand-in hook react-refresh installs does not remember
// renderers, so a runtime that hooks in after React DOM started (every remote's) would find none
// and could never re-render. This stand-in remembers them. A real DevTools hook is left alone.
if (typeof window !== 'undefined' && !window.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  const renderers = new Map();
  let nextId = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject(renderer) {
      nextId += 1;
      renderers.set(nextId, renderer);
      return nextId;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}
