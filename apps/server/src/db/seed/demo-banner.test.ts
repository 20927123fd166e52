import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildDemoBanner, localUrl, readDemoCredentials, writeDemoCredentials } from './demo-banner.js';

describe('start banner', () => {
  it('points a person on this machine at localhost unless PUBLIC_ORIGIN says otherwise', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() } as const;
    expect(localUrl(loadConfig({ ...base, PORT: '4321' }))).toBe('http://localhost:4321');
    expect(localUrl(loadConfig({ ...base, PORT: '4321', HOST: '10.1.2.3' }))).toBe('http://10.1.2.3:4321');
    expect(localUrl(loadConfig({ ...base, PUBLIC_ORIGIN: 'https://glimpse.example/' }))).toBe(
      'https://glimpse.example',
    );
  });

  it('lists a few emails and the password file, nothing else', () => {
    const text = buildDemoBanner({
      url: 'http://localhost:4000',
      emails: ['a@gmail.com', 'b@outlook.com', 'c@icloud.com', 'd@yahoo.com'],
      credentialsFile: 'data/demo-credentials.txt',
    });
    expect(text).toContain('http://localhost:4000');
    expect(text).toContain('a@gmail.com');
    expect(text).toContain('c@icloud.com');
    expect(text).not.toContain('d@yahoo.com');
    expect(text).toContain('data/demo-credentials.txt');
  });

  it('keeps the credentials owner-only and reads back what it wrote', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glimpse-creds-'));
    try {
      const file = writeDemoCredentials(dir, {
        password: 'p4ss-word_x',
        emails: ['a@gmail.com', 'b@outlook.com'],
      });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(readDemoCredentials(dir)).toEqual({
        password: 'p4ss-word_x',
        emails: ['a@gmail.com', 'b@outlook.com'],
      });
      // A reseed replaces the file (and its password) rather than appending.
      writeDemoCredentials(dir, { password: 'second', emails: ['c@icloud.com'] });
      expect(readDemoCredentials(dir)).toEqual({ password: 'second', emails: ['c@icloud.com'] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
