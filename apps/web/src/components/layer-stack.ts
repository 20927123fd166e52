/** The element holding `node` that is a direct child of `<body>` (where every portal mounts), if any. */
function portalRootOf(node: Node): Element | null {
  let current: Node | null = node;
  while (current && current.parentNode !== current.ownerDocument?.body) current = current.parentNode;
  return current instanceof Element ? current : null;
}

/**
 * True when `target` lies in a portal mounted after the one holding `layer`: a dialog, its overlay
 * or a menu stacked above it (opened from it or over it).
 *
 * Radix decides "outside" through React's event bubbling, which follows the component tree through
 * portals: a press in a dialog opened from another dialog is inside both. Preact's events bubble
 * through the DOM only, so the dialog below sees that press as outside; it normally ignores it (the
 * one on top disables outside pointer events), but only once its effects have seen the new layer,
 * which Preact runs a frame late: a quick press in a just-opened photo viewer closed the post under
 * it too. Under React a press here is only ever seen as outside when the later portal was opened
 * from outside the dialog's tree while it was open, which nothing in the app does (the toast region
 * mounts with the app, before any dialog).
 */
export function isOnLayerAbove(layer: Element | null, target: EventTarget | null): boolean {
  if (!layer || !(target instanceof Node)) return false;
  const own = portalRootOf(layer);
  const other = portalRootOf(target);
  if (!own || !other || own === other) return false;
  return (own.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
}
