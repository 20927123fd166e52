import { IMAGE_ALT_TEXT_MAX_LENGTH, MAX_IMAGES_PER_POST } from '@glimpse/shared';
import { useId, useRef, useState, type DragEvent } from 'react';
import { CloseIcon, PhotosIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import { IMAGE_MSG } from '../../lib/text';
import styles from './ImagePicker.module.css';
import type { ImageProblem } from './image-rules';
import type { SelectedImage } from './usePostImages';

export interface ImagePickerProps {
  images: readonly SelectedImage[];
  /** The files of the last pick that were left out, each with its rule (SPEC §5 words). */
  problems: readonly ImageProblem[];
  onAddFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
  onAltTextChange: (id: string, altText: string) => void;
  /** Upload progress per image id, 0 to 1, while uploading. */
  progress?: Readonly<Record<string, number>>;
  disabled?: boolean;
}

/**
 * Choose up to 5 photos by the file dialog or by dropping them, see previews, give each one alt
 * text, remove any; while uploading, each preview shows its own progress bar.
 */
export function ImagePicker({
  images,
  problems,
  onAddFiles,
  onRemove,
  onAltTextChange,
  progress,
  disabled = false,
}: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const errorId = useId();
  const isFull = images.length >= MAX_IMAGES_PER_POST;
  const hasProblems = problems.length > 0;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (disabled) return;
    onAddFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className={styles.picker}>
      <div
        className={cx(styles.dropzone, isDragging && styles.dragging)}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        <PhotosIcon size={32} />
        <p className={styles.hint}>Drag photos here, or</p>
        <button
          type="button"
          className={styles.add}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || isFull}
          aria-describedby={hasProblems ? errorId : undefined}
        >
          Add photos
        </button>
        <p className={styles.limits}>
          Up to {MAX_IMAGES_PER_POST} images, each less than 10MB ({images.length} / {MAX_IMAGES_PER_POST})
        </p>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          multiple
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Choose images"
          disabled={disabled}
          onChange={(event) => {
            onAddFiles(Array.from(event.target.files ?? []));
            // Reset, so choosing the same file again still fires a change (and its duplicate message).
            event.target.value = '';
          }}
        />
      </div>

      {hasProblems && (
        <div id={errorId} className={styles.error} role="alert">
          <ul role="list" className={styles.problems}>
            {problems.map((problem, index) => (
              <li key={`${problem.name}-${index}`}>{IMAGE_MSG.leftOut(problem.name, problem.reason)}</li>
            ))}
          </ul>
        </div>
      )}

      {images.length > 0 && (
        <ul role="list" className={styles.previews} aria-label="Selected images">
          {images.map((image, index) => {
            const fraction = progress?.[image.id];
            const percent = fraction === undefined ? undefined : Math.round(fraction * 100);
            return (
              <li key={image.id} className={styles.preview}>
                <div className={styles.thumb}>
                  <img
                    src={image.previewUrl}
                    alt={image.altText || `Selected image ${index + 1}: ${image.file.name}`}
                  />
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove image ${index + 1}`}
                    onClick={() => onRemove(image.id)}
                    disabled={disabled}
                  >
                    <CloseIcon size={16} />
                  </button>
                  {percent !== undefined && (
                    <div
                      className={styles.progress}
                      role="progressbar"
                      aria-label={`Uploading image ${index + 1}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                    >
                      <span className={styles.bar} style={{ width: `${percent}%` }} />
                    </div>
                  )}
                </div>
                <label className="visually-hidden" htmlFor={`${image.id}-alt`}>
                  Alt text for image {index + 1}
                </label>
                <input
                  id={`${image.id}-alt`}
                  className={styles.alt}
                  placeholder="Describe this photo"
                  value={image.altText}
                  maxLength={IMAGE_ALT_TEXT_MAX_LENGTH}
                  disabled={disabled}
                  onChange={(event) => onAltTextChange(image.id, event.target.value)}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
