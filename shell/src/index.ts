// Async boundary: shared singletons are negotiated before any of them is imported. The bootstrap is
// asked for in a task after this one: evaluating the federation runtime (this file's task) and
// negotiating the shared libraries of the bootstrap chunk are each about 20 ms on a fast machine,
// too long together for a slow phone's main thread. The chunks are already on their way (the origin
// preloads them), so the wait costs no network time.
import { yieldToMain } from './lib/yield';

void yieldToMain().then(() => import('./bootstrap'));
