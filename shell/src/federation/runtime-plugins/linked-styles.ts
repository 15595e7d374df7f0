import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Whether the document already applies the stylesheet at `url`. The runtime's addresses are
 * absolute, as a link's resolved `href` is; any other address is never taken for a linked one.
 */
export function isLinkedStylesheet(url: string, doc: Document = document): boolean {
  return [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === url);
}

/**
 * Keeps the federation runtime from linking a remote's stylesheet the page already links. The
 * origin links the styles of the area a page's first frame shows (root-relative addresses); when
 * the area's module loads, the runtime links the module's styles (absolute addresses) and, not
 * recognising the origin's link, would link the same file again: the browser then parses it again
 * and restyles and lays out the whole page. The runtime's own test only knows exact addresses.
 * Scripts are left alone (no stylesheet has a script's address): what the runtime loads, the
 * remote's chunk loader recognises.
 */
export default function linkedStylesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'khela-linked-styles',
    beforePreloadRemote({ preloadOps }) {
      if (typeof document === 'undefined') return;
      for (const op of preloadOps) {
        const previous = op.filter;
        op.filter = (url: string) => (!previous || previous(url)) && !isLinkedStylesheet(url);
      }
    },
  };
}
