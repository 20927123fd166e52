import { describe, expect, it } from 'vitest';
import { socketOrigin } from './socket';

describe('socketOrigin', () => {
  it('dials the page origin when the API is same-origin, the API host when VITE_API_URL is absolute', () => {
    expect(socketOrigin('/api')).toBeUndefined();
    expect(socketOrigin('https://api.example.com/api')).toBe('https://api.example.com');
    expect(socketOrigin('http://localhost:4000/api')).toBe('http://localhost:4000');
  });
});
