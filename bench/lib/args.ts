/** Tiny `--name value` / `--flag` parser: the bench scripts need nothing more. */
export type Args = { _: string[]; get(name: string): string | undefined; has(name: string): boolean };

export function parseArgs(argv: string[] = process.argv.slice(2)): Args {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith('--')) {
      positional.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    if (eq > 0) {
      named.set(token.slice(2, eq), token.slice(eq + 1));
    } else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) {
      named.set(token.slice(2), argv[++i]!);
    } else {
      named.set(token.slice(2), 'true');
    }
  }
  return { _: positional, get: (name) => named.get(name), has: (name) => named.has(name) };
}

export function intArg(args: Args, name: string, fallback: number, min = 0): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be an integer >= ${min} (got ${raw})`);
    process.exit(2);
  }
  return n;
}

export function numArg(args: Args, name: string, fallback: number, min = 0): number {
  const raw = args.get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) {
    console.error(`--${name} must be a number >= ${min} (got ${raw})`);
    process.exit(2);
  }
  return n;
}
