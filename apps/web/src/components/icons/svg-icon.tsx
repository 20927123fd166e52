import type { ReactNode, SVGProps } from 'react';

/** How every glyph of the icon set (../icons.tsx) is drawn. */

export interface IconProps {
  /** Width and height in px; each icon has the default its most common use needs. */
  size?: number;
  className?: string;
  /** Names the icon (role="img"); without it the icon is hidden from assistive technology. */
  title?: string;
  /** Stroke width of line glyphs, in viewBox units (24 = full size). Default 2. */
  strokeWidth?: number;
}

export type Paint = Pick<
  SVGProps<SVGSVGElement>,
  'fill' | 'stroke' | 'strokeWidth' | 'strokeLinecap' | 'strokeLinejoin'
>;

interface SvgIconProps {
  props: IconProps;
  defaultSize: number;
  viewBox?: string;
  paint?: Paint;
  children: ReactNode;
}

export function SvgIcon({ props, defaultSize, viewBox = '0 0 24 24', paint, children }: SvgIconProps) {
  const { size = defaultSize, className, title } = props;
  const a11y = title ? ({ role: 'img', 'aria-label': title } as const) : ({ 'aria-hidden': true } as const);
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      className={className}
      focusable="false"
      {...a11y}
      {...paint}
    >
      {title && <title>{title}</title>}
      {children}
    </svg>
  );
}

/** Line glyphs: a 2-unit round stroke in the current text colour, no fill. */
export function line({ strokeWidth = 2 }: IconProps, fill = 'none'): Paint {
  return { fill, stroke: 'currentColor', strokeWidth, strokeLinecap: 'round', strokeLinejoin: 'round' };
}
