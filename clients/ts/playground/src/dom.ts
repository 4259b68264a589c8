/**
 * A few lines of DOM building, so the page needs no framework: h() makes an
 * element with attributes, listeners and children; svg() the same in the SVG
 * namespace. Styles go through the CSSOM (never a style attribute), which the
 * page's Content-Security-Policy allows.
 */

export type Child = Node | string | number | null | undefined | false | readonly Child[];

type Listener = (event: Event) => void;
export type Attrs = {
  [name: string]: string | number | boolean | null | undefined | Listener | Partial<CSSStyleDeclaration>;
};

function apply(el: Element, attrs: Attrs | null | undefined): void {
  if (!attrs) return;
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === "style" && typeof value === "object") {
      Object.assign((el as HTMLElement).style, value);
    } else if (name === "class") {
      el.setAttribute("class", String(value));
    } else if (value === true) {
      el.setAttribute(name, "");
    } else if (typeof value !== "function" && typeof value !== "object") {
      el.setAttribute(name, String(value));
    }
  }
}

function append(el: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** Replaces the children of `el`. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

/** The element with this id; throws when the page lacks it (a bug in index.html). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`index.html has no #${id}`);
  return el as T;
}
