import { useCallback, useEffect, useRef, useState } from 'react';
import { validateNewImages } from './image-rules';

export interface SelectedImage {
  id: string;
  file: File;
  /** An object URL for the preview; revoked when the image is removed or the page closes. */
  previewUrl: string;
  altText: string;
}

let nextId = 1;

/** The chosen images, their previews and the picker's error message. */
export function usePostImages() {
  const [images, setImagesState] = useState<SelectedImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The list as of the last change, not the last render: two drops in one tick must both count.
  const latest = useRef<SelectedImage[]>([]);

  const setImages = useCallback((next: SelectedImage[]) => {
    latest.current = next;
    setImagesState(next);
  }, []);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => latest.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  /** Adds a batch if it passes every rule; returns whether it was added. */
  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return false;
      const problem = validateNewImages(
        latest.current.map((image) => image.file),
        files,
      );
      setError(problem);
      if (problem) return false;
      const added = files.map((file) => ({
        id: `image-${nextId++}`,
        file,
        previewUrl: URL.createObjectURL(file),
        altText: '',
      }));
      setImages([...latest.current, ...added]);
      return true;
    },
    [setImages],
  );

  const removeImage = useCallback(
    (id: string) => {
      const image = latest.current.find((item) => item.id === id);
      if (image) URL.revokeObjectURL(image.previewUrl);
      setImages(latest.current.filter((item) => item.id !== id));
      setError(null);
    },
    [setImages],
  );

  const setAltText = useCallback(
    (id: string, altText: string) => {
      setImages(latest.current.map((item) => (item.id === id ? { ...item, altText } : item)));
    },
    [setImages],
  );

  /** Puts back a saved draft's photos (or none), with fresh previews; skips the picker's rules. */
  const replaceImages = useCallback(
    (items: ReadonlyArray<{ file: File; altText: string }>) => {
      latest.current.forEach((image) => URL.revokeObjectURL(image.previewUrl));
      setImages(
        items.map(({ file, altText }) => ({
          id: `image-${nextId++}`,
          file,
          previewUrl: URL.createObjectURL(file),
          altText,
        })),
      );
      setError(null);
    },
    [setImages],
  );

  return { images, error, addFiles, removeImage, setAltText, replaceImages };
}
