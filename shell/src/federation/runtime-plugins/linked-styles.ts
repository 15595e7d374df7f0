import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Whether the document already applies the stylesheet at `url` (compared as absolute addresses). */
export function isLinkedStylesheet(url: string, doc: Document = document): boolean {
  let href: string;
  try {
    href = new URL(url, doc.baseURI).href;
  } catch {
    return false;
  }
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) if (link.href === href) return true;
  return false;
}

/**
 * Keeps the federation runtime from linking a remote's stylesheet the page already links. The
 * origin links the styles of the area a page's first frame shows (root-relative addresses); when
 * the area's module loads, the runtime links the module's styles (absolute addresses) and, not
 * recognising the origin's link, would link the same file again: the browser then parses it again
 * and restyles and lays out the whole page. The runtime's own test only knows exact addresses.
 * Scripts are left alone: what the runtime loads, the remote's chunk loader recognises.
 */
export default function linkedStylesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'khela-linked-styles',
    beforePreloadRemote(args) {
      if (typeof document === 'undefined') return;
      for (const op of args.preloadOps) {
        const previous = op.filter;
        op.filter = (url: string) => (!previous || previous(url)) && !(/\.css(?:$|[?#])/.test(url) && isLinkedStylesheet(url));
      }
    },
  };
}
