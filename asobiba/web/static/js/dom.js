// @ts-check
// A tiny element builder: h("button", {class: "x", onclick}, "text", child, ...).

/** @typedef {Node | string | number | boolean | null | undefined | Child[]} Child */

/**
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(el.dataset, value);
    } else if (value === true) {
      el.setAttribute(key, "");
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * @template {Node} T
 * @param {T} el
 * @returns {T}
 */
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

/**
 * A clickable link handled by the page router (no reload).
 * @param {string} href
 * @param {...Child} children
 * @returns {HTMLElement}
 */
export function link(href, ...children) {
  return h("a", { href, "data-link": "" }, ...children);
}
