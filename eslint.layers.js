/**
 * The layer rule, as import-x/no-restricted-paths zones: files under `target` may not import from
 * `from`. Paths are relative to the repository root. docs/ARCHITECTURE.md explains each line.
 *
 *   web:    app -> features -> api | lib | components -> @glimpse/shared
 *   server: main/app -> plugins | realtime | *.routes -> *.service -> *.repo -> db -> lib
 *           (mappers sit beside services: a service maps repo rows with them)
 */
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;
/** A folder as a glob (a zone's `from` must be all globs or all plain paths). */
const all = (dir) => `${dir}/**`;

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
export const LAYER_ZONES = [
  // ---- web ----
  {
    target: [`${WEB}/api`, `${WEB}/lib`, `${WEB}/components`],
    from: [all(`${WEB}/features`), all(`${WEB}/app`)],
    message: 'api/, lib/ and components/ sit below features/ and app/: move the shared piece down instead.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'features/ sit below app/ (providers, router): pass what you need down instead.',
  },
  {
    target: WEB,
    from: 'apps/server',
    message: 'The web app talks to the server over HTTP only; wire types come from @glimpse/shared.',
  },

  // ---- server ----
  {
    target: MODULES,
    from: `${SERVER}/realtime`,
    message: 'Modules never import realtime/: call ctx.events (ChatEvents), which realtime implements.',
  },
  {
    target: [`${MODULES}/**/*.service.ts`, `${MODULES}/**/*.mapper.ts`, `${MODULES}/**/*.repo.ts`],
    from: [`${MODULES}/**/*.routes.ts`, all(`${SERVER}/plugins`), `${SERVER}/{app,main}.ts`],
    message: 'Services, mappers and repos sit below routes and plugins: take what you need as arguments.',
  },
  {
    target: [`${MODULES}/**/*.repo.ts`, `${MODULES}/**/*.mapper.ts`],
    from: `${MODULES}/**/*.service.ts`,
    message: 'Repos and mappers sit below services: a service calls them, never the other way round.',
  },
  {
    target: `${MODULES}/**/*.repo.ts`,
    from: `${MODULES}/**/*.mapper.ts`,
    message: 'Repos return rows; mappers turn rows into wire objects. Row types live in the repo.',
  },
  {
    target: [
      `${MODULES}/**/*.routes.ts`,
      `${MODULES}/**/*.service.ts`,
      `${MODULES}/**/*.mapper.ts`,
      `${SERVER}/realtime`,
      `${SERVER}/plugins`,
    ],
    from: `${SERVER}/db`,
    message: 'Only repos (and the SQL helpers beside them) touch the database: go through a repo.',
  },
  {
    target: [`${SERVER}/realtime`, `${SERVER}/plugins`],
    from: `${MODULES}/**/*.repo.ts`,
    message: 'Sockets and plugins call services, not repos.',
  },
  {
    target: `${MODULES}/users`,
    from: `${MODULES}/auth`,
    // Ending sessions (password change) is the one piece users needs; it builds on users.repo only.
    except: ['./sessions.ts'],
    message:
      'auth builds on users, not the other way round (that was a cycle): move the shared piece to lib/.',
  },
  {
    target: [`${SERVER}/db/client.ts`, `${SERVER}/db/schema`, `${SERVER}/db/migrations`],
    from: [
      all(`${SERVER}/db/seed`),
      all(MODULES),
      all(`${SERVER}/realtime`),
      all(`${SERVER}/plugins`),
      `${SERVER}/{app,main}.ts`,
    ],
    message: 'db/ is the bottom: schema and client import nothing above them (seeders sit above db/).',
  },
  {
    target: `${SERVER}/lib`,
    from: [
      all(MODULES),
      all(`${SERVER}/realtime`),
      all(`${SERVER}/plugins`),
      all(`${SERVER}/db`),
      `${SERVER}/{app,main}.ts`,
    ],
    message: 'lib/ holds leaf helpers: it imports nothing of the app above it.',
  },
];
