/**
 * Every drawn glyph of the app, each once. Icons are decorative by default (`aria-hidden`): the
 * control's `aria-label` or the text beside the icon carries the meaning. Pass `title` only when
 * the icon itself is the only carrier of that meaning (the verified badge); it then becomes a
 * named image.
 */
//
// The set is split by where the icons are drawn, so a screen's code carries only the glyphs it
// draws: a visitor's first page loads only ./icons/app (the bundler follows these re-exports).
export type { IconProps } from './icons/svg-icon';
export * from './icons/app';
export * from './icons/details';
