import { useCallback, useEffect, useRef, useState } from 'react';
import { checkNewImages, readImageHead, type ImageProblem } from './image-rules';

export interface SelectedImage {
  id: string;
  file: File;
  /** An object URL for the preview; revoked when the image is removed or the page closes. */
  previewUrl: string;
  altText: string;
}

let nextId = 1;

const NO_PROBLEMS: readonly ImageProblem[] = [];

/** The chosen images, their previews and the files of the last pick that were left out. */
export function usePostImages() {
  const [images, setImagesState] = useState<SelectedImage[]>([]);
  const [problems, setProblems] = useState<readonly ImageProblem[]>(NO_PROBLEMS);
  // The list as of the last change, not the last render: two drops in one tick must both count.
  const latest = useRef<SelectedImage[]>([]);

  const setImages = useCallback((next: SelectedImage[]) => {
    latest.current = next;
    setImagesState(next);
  }, []);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => latest.current.forEach((image) => URL.revokeObjectURL(image.previewUrl)), []);

  /**
   * Checks each file on its own (its first bytes, its size, duplicates, the count), adds the good
   * ones and names the others; resolves with how many were added.
   */
  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return 0;
      const heads = await Promise.all(files.map(readImageHead));
      // Judged against the list as it is now, after the reads: a second pick may have landed.
      const { accepted, problems: left } = checkNewImages(
        latest.current.map((image) => image.file),
        files,
        heads,
      );
      setProblems(left.length > 0 ? left : NO_PROBLEMS);
      if (accepted.length === 0) return 0;
      const added = accepted.map((file) => ({
        id: `image-${nextId++}`,
        file,
        previewUrl: URL.createObjectURL(file),
        altText: '',
      }));
      setImages([...latest.current, ...added]);
      return added.length;
    },
    [setImages],
  );

  const removeImage = useCallback(
    (id: string) => {
      const image = latest.current.find((item) => item.id === id);
      if (image) URL.revokeObjectURL(image.previewUrl);
      setImages(latest.current.filter((item) => item.id !== id));
      setProblems(NO_PROBLEMS);
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
      setProblems(NO_PROBLEMS);
    },
    [setImages],
  );

  return { images, problems, addFiles, removeImage, setAltText, replaceImages };
}
