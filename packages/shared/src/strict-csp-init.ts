import { z } from 'zod';

/**
 * Imported for its effect, first thing in the web app (apps/web/src/main.tsx): zod validates
 * without compiling code at run time. Zod 4 probes `new Function('')` when it builds an object
 * schema, to decide whether it may generate fast parsers; under the web app's CSP (`script-src
 * 'self'`, no 'unsafe-eval') that probe is a CSP violation. Schemas are built when their modules
 * load, so this must run before any of them: it imports nothing but zod. The server does not load
 * it (it serves the CSP, it is not subject to it, and keeps the faster parsers).
 */
z.config({ jitless: true });
