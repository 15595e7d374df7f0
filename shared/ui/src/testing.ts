// Tests' helpers that several remotes share (not part of the UI the app loads).

/** HTML as an element (its first), as a page would parse it. */
export function parseHtml(html: string): Element {
  const host = document.createElement('div');
  host.innerHTML = html;
  const el = host.firstElementChild;
  if (!el) throw new Error('no element in the HTML');
  return el;
}

export interface ShapeOptions {
  /** the attributes that count (a link, a role, a state, a name…): others, test ids among them, do not */
  attrs: readonly string[];
  /** whether an element's own text counts (default: always) */
  text?: (el: Element) => boolean;
  /** the children that count (default: all) */
  children?: (el: Element) => Element[];
}

/**
 * What an element tree looks like to a player and to the layout, a line per element: its tag, its
 * classes, the attributes that count and its own text. Two trees with the same lines draw the same
 * thing (a first view drawn by the origin, and the component's first render).
 */
export function domShape(root: Element, opts: ShapeOptions): string[] {
  const out: string[] = [];
  const walk = (el: Element) => {
    const attrs = opts.attrs.flatMap((a) => (el.hasAttribute(a) ? [`[${a}=${el.getAttribute(a)}]`] : []));
    const own =
      opts.text && !opts.text(el)
        ? ''
        : [...el.childNodes]
            .filter((n) => n.nodeType === 3)
            .map((n) => n.textContent?.trim())
            .join('');
    const classes = [...el.classList]
      .sort()
      .map((c) => `.${c}`)
      .join('');
    out.push(`${el.tagName.toLowerCase()}${classes}${attrs.join('')}${own ? ` "${own}"` : ''}`);
    for (const child of opts.children ? opts.children(el) : [...el.children]) walk(child);
  };
  walk(root);
  return out;
}
