import { POST_CREATE_REDIRECT_MS } from '@glimpse/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, renderWithProviders } from '../../test/render';
import { callsTo, stubApi } from '../post/post-fixtures';
import { CreatePostPage } from './CreatePostPage';

/** Stands in for XMLHttpRequest so a test can drive upload progress and answers. */
class FakeXHR {
  static instances: FakeXHR[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  withCredentials = false;
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXHR.instances.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

/** A PNG signature then filler: the picker reads the first bytes, not the name. */
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);

function image(name: string, size = 2048, type = 'image/png', content: BlobPart = PNG_HEAD) {
  const file = new File([content], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pick(files: File[]) {
  fireEvent.change(screen.getByLabelText('Choose images'), { target: { files } });
}

/** Picks and waits until the picker has read and kept the files (it reads their first bytes). */
async function pickAndWait(files: File[]) {
  const before = screen.queryAllByRole('button', { name: /^Remove image/ }).length;
  pick(files);
  expect(await screen.findAllByRole('button', { name: /^Remove image/ })).toHaveLength(before + files.length);
}

function media(n: number) {
  return { media: [{ url: `/media/up-${n}.webp`, width: 10, height: 10, placeholder: null, variants: [] }] };
}

beforeEach(() => {
  FakeXHR.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  window.localStorage.setItem('token', makeToken());
});

afterEach(() => {
  vi.useRealTimers();
});

function renderPage(handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi(handlers);
  return { ...renderWithProviders(<CreatePostPage />, { path: '/create-post' }), fetchMock };
}

async function fillRequired(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText('Title'), 'Weekend in Irvine');
  await user.type(screen.getByLabelText('Description'), 'Tacos, sun and a long walk.');
  await user.selectOptions(screen.getByLabelText('Category'), 'Travel');
}

describe('CreatePostPage form', () => {
  it('requires title, description and category', async () => {
    const { user, fetchMock } = renderPage();
    await user.type(screen.getByLabelText('Title'), 'Only a title');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Title, Description and Category are required');
    expect(callsTo(fetchMock, 'POST /api/posts')).toHaveLength(0);
  });

  it('offers the categories and the privacy levels, public first', () => {
    renderPage();
    const privacy = screen.getByLabelText('Privacy');
    expect(privacy).toHaveValue('public');
    expect(Array.from((privacy as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Public',
      'Followers',
      'Friends',
      'Private',
    ]);
    expect(screen.getByRole('option', { name: 'Technology' })).toBeInTheDocument();
  });

  it('checks each file on its own: keeps the good ones and names each bad one with its reason', async () => {
    const { user } = renderPage();
    pick([image('a.png'), image('b.png')]);
    expect(await screen.findAllByRole('button', { name: /^Remove image/ })).toHaveLength(2);
    expect(screen.getByLabelText('Alt text for image 1')).toBeInTheDocument();

    pick([
      image('c.png'),
      image('notes.jpg', 100, 'image/jpeg', 'plain text renamed'),
      image('huge.jpg', 19 * 1024 * 1024, 'image/jpeg'),
      image('a.png'),
    ]);
    expect(await screen.findByText('notes.jpg: Please select only image files')).toBeInTheDocument();
    expect(screen.getByText('huge.jpg: Each image should be less than 10MB')).toBeInTheDocument();
    expect(screen.getByText('File "a.png" is already selected')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove image/ })).toHaveLength(3);

    pick([image('d.png'), image('e.png'), image('f.png')]);
    expect(
      await screen.findByText(
        'f.png: You can upload maximum 5 images per post. Currently have 3, trying to add 3 more.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove image/ })).toHaveLength(5);

    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getAllByRole('button', { name: /^Remove image/ })).toHaveLength(4);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('accepts dropped files by the same rules', async () => {
    renderPage();
    const zone = screen.getByText('Drag photos here, or').parentElement!;
    fireEvent.drop(zone, { dataTransfer: { files: [image('drop.png')] } });
    expect(await screen.findAllByRole('button', { name: /^Remove image/ })).toHaveLength(1);
    fireEvent.drop(zone, { dataTransfer: { files: [image('drop.png')] } });
    expect(await screen.findByText('File "drop.png" is already selected')).toBeInTheDocument();
  });
});

describe('CreatePostPage submission', () => {
  it('uploads with per-image progress, posts, toasts for 2 s and goes home after 2 s', async () => {
    let resolveCreate: (r: Response) => void = () => {};
    const { user, router, fetchMock } = renderPage({
      'POST /api/posts': () =>
        new Promise((resolve) => {
          resolveCreate = resolve;
        }),
    });
    await pickAndWait([image('a.png'), image('b.png')]);
    await user.type(screen.getByLabelText('Alt text for image 1'), 'Tacos');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Tags'), ' food, travel,, sun ');
    await user.selectOptions(screen.getByLabelText('Privacy'), 'friends');
    await user.type(screen.getByLabelText('Location'), 'Irvine');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(screen.getByRole('button', { name: 'Uploading images...' })).toBeDisabled();
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '0');
    expect(FakeXHR.instances).toHaveLength(2);
    expect(FakeXHR.instances[0]!.url).toBe('/api/posts/upload-media');
    expect(FakeXHR.instances[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect((FakeXHR.instances[0]!.body!.get('media') as File).name).toBe('a.png');

    FakeXHR.instances[0]!.progress(50, 100);
    expect(screen.getByRole('progressbar', { name: 'Uploading image 1' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.getByRole('progressbar', { name: 'Uploading image 2' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    FakeXHR.instances[0]!.respond(200, media(1));
    FakeXHR.instances[1]!.respond(200, media(2));

    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
    const [, init] = callsTo(fetchMock, 'POST /api/posts')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Weekend in Irvine',
      content: 'Tacos, sun and a long walk.',
      tags: ['food', 'travel', 'sun'],
      category: 'Travel',
      privacy: 'friends',
      media: {
        images: [
          { url: '/media/up-1.webp', altText: 'Tacos' },
          { url: '/media/up-2.webp', altText: '' },
        ],
      },
      location: {
        name: 'Irvine',
        coordinates: null,
        address: { street: '', city: 'Irvine', state: '', country: '', zipCode: '' },
      },
      taggedUserIds: [],
    });

    vi.useFakeTimers({ shouldAdvanceTime: false });
    await act(async () => {
      resolveCreate(jsonResponse({ message: 'Post created successfully', post: {} }, 201));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Post created successfully!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-post');

    await act(() => vi.advanceTimersByTimeAsync(POST_CREATE_REDIRECT_MS - 1));
    expect(router.state.location.pathname).toBe('/create-post');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByText('Post created successfully!')).not.toBeInTheDocument();
  });

  it('shows "Failed to upload images" (or the server’s reason) and stays editable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, fetchMock } = renderPage();
    await pickAndWait([image('a.png')]);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    act(() => FakeXHR.instances[0]!.onerror?.());
    expect(await screen.findByText('Failed to upload images')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
    expect(callsTo(fetchMock, 'POST /api/posts')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    FakeXHR.instances[1]!.respond(400, { message: 'Please select only image files', code: 'VALIDATION' });
    expect(await screen.findByText('Please select only image files')).toBeInTheDocument();
  });

  it('shows "Failed to create post" and does not upload again on retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    const { user } = renderPage({
      'POST /api/posts': () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new TypeError('offline'))
          : jsonResponse(
              { message: 'Title, Description and Category are required', code: 'VALIDATION' },
              400,
            );
      },
    });
    await pickAndWait([image('a.png')]);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    FakeXHR.instances[0]!.respond(200, media(1));
    expect(await screen.findByText('Failed to create post')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Title, Description and Category are required')).toBeInTheDocument();
    expect(FakeXHR.instances).toHaveLength(1);
  });
});
