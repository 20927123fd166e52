import type { CSSProperties, ReactNode } from 'react';
import { cx } from '../lib/cx';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  /** CSS width (e.g. '60%', 120); defaults to the full width. */
  width?: CSSProperties['width'];
  /** CSS height; a text line's height by default. */
  height?: CSSProperties['height'];
  /** 'text' (a rounded line), 'block' (an image area), 'circle' (an avatar). */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
  style?: CSSProperties;
}

/** One grey placeholder shape with a soft shine; purely decorative. */
export function Skeleton({ width, height, shape = 'text', className, style }: SkeletonProps) {
  return (
    <span
      className={cx(styles.bone, styles[shape], className)}
      style={{ width, height, ...style }}
      aria-hidden="true"
    />
  );
}

export interface SkeletonScreenProps {
  /** What is loading, in words ("Loading posts..."): announced politely, not shown. */
  label: string;
  children: ReactNode;
  className?: string;
}

/**
 * The shape of content that is on its way, instead of a spinner: the layout does not jump when
 * it arrives. Assistive technology hears the label once; the shapes are hidden from it.
 */
export function SkeletonScreen({ label, children, className }: SkeletonScreenProps) {
  return (
    <div className={cx(styles.screen, className)} role="status" aria-busy="true" data-skeleton="">
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}
