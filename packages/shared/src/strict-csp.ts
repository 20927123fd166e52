import { z } from 'zod';

/**
 * Makes zod validate without compiling code at run time. Zod 4 probes `new Function('')` once to
 * decide whether it may generate fast parsers; under the web app's CSP (`script-src 'self'`, no
 * 'unsafe-eval') that probe is a CSP violation. The web app calls this before anything parses; the
 * server does not (it serves the CSP, it is not subject to it, and keeps the faster parsers).
 */
export function configureStrictCspValidation(): void {
  z.config({ jitless: true });
}
