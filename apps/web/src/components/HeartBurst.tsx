import { useState } from 'react';
import type { TapPoint } from './usePhotoGestures';
import styles from './HeartBurst.module.css';
import { HeartIcon } from './icons';

interface Burst {
  id: number;
  point: TapPoint | null;
}

/**
 * The heart that pops where a photo was double-tapped. `show(point)` starts one (several may
 * overlap); each removes itself when its animation ends. Decorative: the Like button's pressed
 * state is what assistive technology hears.
 */
export function useHeartBurst() {
  const [bursts, setBursts] = useState<Burst[]>([]);
  const show = (point: TapPoint | null = null) =>
    setBursts((list) => [...list, { id: (list.at(-1)?.id ?? 0) + 1, point }]);
  const remove = (id: number) => setBursts((list) => list.filter((b) => b.id !== id));

  const element = (
    <span className={styles.layer} aria-hidden="true">
      {bursts.map((burst) => (
        <span
          key={burst.id}
          className={styles.heart}
          data-heart-burst=""
          style={burst.point ? { left: burst.point.x, top: burst.point.y } : undefined}
          onAnimationEnd={() => remove(burst.id)}
        >
          <HeartIcon size={88} filled strokeWidth={1} />
        </span>
      ))}
    </span>
  );
  return { show, element };
}
