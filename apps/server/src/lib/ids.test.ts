import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isValidId } from '@glimpse/shared';
import { newId } from './ids.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('newId', () => {
  it('is 24 lowercase hex characters that start with the Unix seconds', () => {
    const at = new Date('2026-05-04T03:02:01.789Z');
    const id = newId(at);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(isValidId(id)).toBe(true);
    expect(parseInt(id.slice(0, 8), 16)).toBe(Math.floor(at.getTime() / 1000));
    expect(parseInt(id.slice(8, 11), 16)).toBe(789);
  });

  it('sorts in creation order within a process, many per millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sorts ids of two processes by the millisecond they were made in, not by process', () => {
    // Two processes (two app nodes) each make an id at a known instant within the same second.
    const made = (iso: string) => {
      const script = `import { newId } from ${JSON.stringify(path.join(here, 'ids.ts'))}; console.log(newId(new Date(${JSON.stringify(iso)})));`;
      const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      if (out.status !== 0) throw new Error(out.stderr);
      return out.stdout.trim();
    };
    const times = ['2026-05-04T03:02:01.100Z', '2026-05-04T03:02:01.200Z', '2026-05-04T03:02:01.300Z'];
    const ids = times.map(made);
    expect(new Set(ids.map((id) => id.slice(11, 18))).size).toBe(3); // three processes
    expect([...ids].sort()).toEqual(ids);
  });
});
