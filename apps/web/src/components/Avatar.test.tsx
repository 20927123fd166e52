import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';
import { ErrorState } from './ErrorState';

describe('Avatar', () => {
  it('shows the image with the name as alt text', () => {
    render(<Avatar src="/media/a.webp" name="alice" />);
    expect(screen.getByRole('img', { name: 'alice' })).toHaveAttribute('src', '/media/a.webp');
  });

  it('falls back to the first letter when there is no image or it fails to load', () => {
    const { rerender } = render(<Avatar name="bob" />);
    expect(screen.getByRole('img', { name: 'bob' })).toHaveTextContent('B');
    rerender(<Avatar src="/media/broken.webp" name="carol" />);
    fireEvent.error(screen.getByRole('img', { name: 'carol' }));
    expect(screen.getByRole('img', { name: 'carol' })).toHaveTextContent('C');
  });

  it('is hidden from assistive tech when decorative', () => {
    render(<Avatar name="dave" decorative />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it('announces the message and offers "Try Again"', () => {
    let retried = 0;
    render(<ErrorState message="Failed to load posts. Please try again." onRetry={() => retried++} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load posts. Please try again.');
    screen.getByRole('button', { name: 'Try Again' }).click();
    expect(retried).toBe(1);
  });
});
