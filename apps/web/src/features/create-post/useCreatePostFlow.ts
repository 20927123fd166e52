import {
  POST_CREATE_REDIRECT_MS,
  POST_SUCCESS_TOAST_MS,
  splitTags,
  type PostLocation,
  type TaggedUser,
  type UploadedMedia,
} from '@glimpse/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/http';
import { useCreatePostMutation } from '../../api/queries/posts';
import { uploadImages } from '../../api/queries/uploads';
import { useToast } from '../../components/useToast';
import type { PostFormFields } from '../../lib/post-draft-store';
import type { SelectedImage } from './usePostImages';
import { CREATE_POST_MSG } from '../../lib/text';

/** SPEC §4: idle → uploading images → posting → (toast, then /home). */
export type CreatePostStatus = 'idle' | 'uploading' | 'posting' | 'success';

export interface CreatePostValues extends PostFormFields {
  images: readonly SelectedImage[];
  /** Members to tag ("Tag people"). */
  taggedUsers: readonly TaggedUser[];
}

/** The server's reason when it gave one, else our default text. */
function messageOf(error: unknown, fallback: string): string {
  return (isApiError(error) && error.serverMessage) || fallback;
}

function cleanLocation(location: PostLocation | null): PostLocation | null {
  if (!location) return null;
  const name = location.name.trim();
  if (!name) return null;
  return { ...location, name, address: { ...location.address, city: location.address.city.trim() } };
}

/**
 * Runs a post submission: checks the required fields, uploads the images (each with its own
 * progress), creates the post, then shows "Post created successfully!" for 2 s and goes home
 * after 2 s. Images already uploaded are remembered, so a retry after a failed create does not
 * upload them again.
 */
export function useCreatePostFlow() {
  const [status, setStatus] = useState<CreatePostStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const uploaded = useRef(new Map<string, UploadedMedia>());
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const createPost = useCreatePostMutation();
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const submit = useCallback(
    async (values: CreatePostValues) => {
      if (status !== 'idle') return;
      if (!values.title.trim() || !values.content.trim() || !values.category) {
        setError(CREATE_POST_MSG.required);
        return;
      }
      setError(null);

      const pending = values.images.filter((image) => !uploaded.current.has(image.id));
      if (pending.length > 0) {
        setStatus('uploading');
        setProgress(Object.fromEntries(pending.map((image) => [image.id, 0])));
        try {
          const media = await uploadImages(
            pending.map((image) => image.file),
            {
              onProgress: ({ index, fraction }) => {
                const id = pending[index]?.id;
                if (id) setProgress((p) => ({ ...p, [id]: fraction }));
              },
            },
          );
          media.forEach((item, index) => uploaded.current.set(pending[index]!.id, item));
        } catch (caught) {
          console.error('Image upload failed', caught);
          setStatus('idle');
          setProgress({});
          setError(messageOf(caught, CREATE_POST_MSG.uploadFailed));
          return;
        }
      }

      setStatus('posting');
      setProgress({});
      try {
        await createPost.mutateAsync({
          title: values.title.trim(),
          content: values.content.trim(),
          tags: splitTags(values.tags),
          category: values.category,
          privacy: values.privacy,
          media: {
            images: values.images.map((image) => ({
              url: uploaded.current.get(image.id)!.url,
              altText: image.altText.trim(),
            })),
          },
          location: cleanLocation(values.location),
          taggedUserIds: values.taggedUsers.map((u) => u.id),
        });
      } catch (caught) {
        console.error('Creating the post failed', caught);
        setStatus('idle');
        setError(messageOf(caught, CREATE_POST_MSG.createFailed));
        return;
      }

      setStatus('success');
      toast.show(CREATE_POST_MSG.success, { type: 'success', durationMs: POST_SUCCESS_TOAST_MS });
      redirectTimer.current = setTimeout(() => void navigate('/home'), POST_CREATE_REDIRECT_MS);
    },
    [status, createPost, toast, navigate],
  );

  return { status, error, progress, submit, clearError: () => setError(null) };
}
