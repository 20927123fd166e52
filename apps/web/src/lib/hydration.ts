/**
 * Whether React is hydrating HTML the server rendered (main.tsx sets it before `hydrateRoot`; the
 * app clears it once the first commit is done). A component whose first render depends on the
 * browser (the window's width, say) renders what the server rendered while this is true, or React
 * finds different markup and throws the page away.
 */
let hydrating = false;

export function isHydrating(): boolean {
  return hydrating;
}

export function setHydrating(value: boolean): void {
  hydrating = value;
}
