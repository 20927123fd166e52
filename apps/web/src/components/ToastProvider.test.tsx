import { TOAST_DURATION_MS } from '@glimpse/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './ToastProvider';
import { useToast } from './useToast';

function Trigger({ durationMs }: { durationMs?: number }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => toast.show('Post created successfully!', { type: 'success', durationMs })}
    >
      Show
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ToastProvider', () => {
  it('announces a toast in a status region and removes it after 5 s by default', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('Post created successfully!');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    });
    expect(screen.getByText('Post created successfully!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Post created successfully!')).not.toBeInTheDocument();
  });

  it('honours a custom duration and can be dismissed by hand', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger durationMs={2000} />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Post created successfully!')).not.toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Show' }).click());
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(screen.queryByText('Post created successfully!')).not.toBeInTheDocument();
  });
});
