/** Types of build.mjs for TypeScript callers (the bench). */
export const SERVER_ENTRY: string;
export function bundleForNode(opts: {
  entry: string;
  outfile: string;
  inline: (specifier: string) => boolean;
}): Promise<void>;
export function build(opts?: { force?: boolean; only?: string }): Promise<string[]>;
