import { vi } from 'vitest';

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Replaces XMLHttpRequest (used for the avatar's upload progress) with a double that answers
 * through the same handler as the stubbed fetch, and reports one half-way progress event.
 */
export function stubXhr(handle: FetchLike) {
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    send(body: unknown) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      handle(this.url, { method: this.method, body: body as BodyInit, headers: this.headers }).then(
        async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
