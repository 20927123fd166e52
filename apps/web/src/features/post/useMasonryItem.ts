import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Row unit of the masonry grid (CSS grid-auto-rows); the gap is padding inside each item. */
export const MASONRY_ROW_PX = 4;

/** Set on the grid once script sizes its items: the masonry rows apply from then on. */
export const MASONRY_READY_ATTRIBUTE = 'data-masonry-ready';

/** Marks a masonry grid in the HTML, for the sizing script below. */
export const MASONRY_GRID_ATTRIBUTE = 'data-masonry';

/**
 * The server-rendered page's first sizing, inline right after the rendered root (the server adds
 * it with the page's nonce when the HTML holds a masonry grid): it waits on the page's stylesheets
 * like any parser-blocking script and runs before the browser first paints, so the first frame
 * already shows the masonry, not plain rows that close up once the app hydrates (a layout shift of
 * every card below the first row). The same steps as sizeMounted; the hydrated grid measures the
 * same heights and changes nothing.
 */
export const MASONRY_SIZING_SCRIPT =
  `if(window.ResizeObserver)for(const g of document.querySelectorAll('ul[${MASONRY_GRID_ATTRIBUTE}]')){` +
  `const items=[...g.children];g.setAttribute('${MASONRY_READY_ATTRIBUTE}','');` +
  `const h=items.map((i)=>i.firstElementChild?i.firstElementChild.getBoundingClientRect().height:0);` +
  `items.forEach((i,n)=>{if(h[n]>0)i.style.gridRowEnd='span '+Math.ceil(h[n]/${MASONRY_ROW_PX})})}`;

/** The grid item each observed content box sizes. */
const itemOf = new WeakMap<Element, HTMLElement>();
let sharedObserver: ResizeObserver | null = null;

function span(height: number): string {
  return `span ${Math.ceil(height / MASONRY_ROW_PX)}`;
}

/** Items mounted in the current task, sized together before it ends (sizeMounted). */
const mounted = new Set<HTMLElement>();

/**
 * Sizes every item mounted in this task at once: all heights read (one layout), then all spans
 * written (one more before paint). Measuring each card as it mounted forced a layout per card,
 * each span written undoing the next card's layout: ~340 ms of a phone's first feed render at 4x
 * CPU. Run as a microtask, so before the browser paints anything.
 */
function sizeMounted(): void {
  const items = [...mounted].filter((item) => item.isConnected && item.firstElementChild);
  mounted.clear();
  // The grid turns masonry here, with its first spans (PostGrid.module.css): until then it is a
  // plain grid, which is also how a server-rendered page shows before (or without) JavaScript.
  for (const item of items) item.parentElement?.setAttribute(MASONRY_READY_ATTRIBUTE, '');
  const heights = items.map((item) => item.firstElementChild!.getBoundingClientRect().height);
  items.forEach((item, i) => {
    if (heights[i]! > 0) item.style.gridRowEnd = span(heights[i]!);
  });
}

/**
 * One observer for every item, for later changes (text rewrapping at a new width): the browser
 * reports every box that changed in one callback, after layout, with its size.
 */
function observer(): ResizeObserver {
  sharedObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) {
      const item = itemOf.get(entry.target);
      if (!item) continue;
      // The border box, as laid out; older engines without borderBoxSize measure it.
      const height = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
      if (height > 0) item.style.gridRowEnd = span(height);
    }
  });
  return sharedObserver;
}

/**
 * Masonry in a CSS grid: each item spans as many small rows as its height needs. Unlike CSS
 * columns, the DOM (and so the reading and tab order) stays row by row, and appending a page
 * never moves the cards above it. Heights are re-measured when an item resizes (text rewrapping
 * at a new width); image boxes are reserved by aspect-ratio, so an image load changes nothing.
 * Items are first sized together, before the browser paints them (sizeMounted): no frame ever
 * shows a card unsized.
 */
export function useMasonryItem<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T | null>(null);

  useLayoutEffect(() => {
    const item = ref.current;
    const content = item?.firstElementChild;
    if (!item || !(content instanceof HTMLElement) || typeof ResizeObserver === 'undefined') return;
    itemOf.set(content, item);
    if (mounted.size === 0) queueMicrotask(sizeMounted);
    mounted.add(item);
    const shared = observer();
    shared.observe(content);
    return () => {
      shared.unobserve(content);
      itemOf.delete(content);
      mounted.delete(item);
    };
  }, []);

  return ref;
}

/** Masonry needs ResizeObserver; without it (old browsers, jsdom) the grid stays a plain grid. */
export function isMasonrySupported(): boolean {
  return typeof window === 'undefined' || typeof ResizeObserver !== 'undefined';
}
