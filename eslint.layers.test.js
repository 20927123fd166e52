import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rule is enforced by `npm run lint` (eslint.layers.js). These snippets are linted as if
 * they lived at the given paths: every wrong-way import must fail, and the right-way ones pass.
 */
const eslint = new ESLint({
  cwd: import.meta.dirname,
  // Only the layer rule, and no type information: the snippets' files do not exist on disk.
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(import.meta.dirname, file) });
  const fatal = result.messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the layer rule', { timeout: 60_000 }, () => {
  it.each([
    [
      'apps/web/src/api/queries/x.ts',
      "import { ChatPage } from '../../features/chat/ChatPage';",
      'sit below features',
    ],
    ['apps/web/src/api/x.ts', "import { router } from '../app/routes';", 'sit below features'],
    [
      'apps/web/src/components/X.tsx',
      "import { PostCard } from '../features/post/PostCard';",
      'sit below features',
    ],
    ['apps/web/src/lib/x.ts', "import { HomePage } from '../features/feed/HomePage';", 'sit below features'],
    ['apps/web/src/features/feed/x.ts', "import { AppLayout } from '../../app/AppLayout';", 'below app/'],
    [
      'apps/server/src/modules/chats/x.service.ts',
      "import { createChatEvents } from '../../realtime/chat-events.js';",
      'never import realtime',
    ],
    [
      'apps/server/src/modules/posts/x.service.ts',
      "import { postsRoutes } from './posts.routes.js';",
      'below routes',
    ],
    [
      'apps/server/src/modules/posts/x.service.ts',
      "import { posts } from '../../db/schema/index.js';",
      'go through a repo',
    ],
    [
      'apps/server/src/modules/posts/x.repo.ts',
      "import { listFeed } from './posts.service.js';",
      'below services',
    ],
    [
      'apps/server/src/modules/posts/x.repo.ts',
      "import { toPost } from './posts.mapper.js';",
      'Row types live in the repo',
    ],
    [
      'apps/server/src/modules/users/x.service.ts',
      "import { loginUser } from '../auth/auth.service.js';",
      'cycle',
    ],
    [
      'apps/server/src/plugins/x.ts',
      "import { findUserById } from '../modules/users/users.repo.js';",
      'call services',
    ],
    [
      'apps/server/src/realtime/x.ts',
      "import { findChatUser } from '../modules/chats/chats.repo.js';",
      'call services',
    ],
    ['apps/server/src/db/client.ts', "import { seedDemo } from './seed/demo.js';", 'db/ is the bottom'],
    ['apps/server/src/lib/x.ts', "import { buildApp } from '../app.js';", 'leaf helpers'],
  ])('%s: %s fails', async (file, code, reason) => {
    const errors = await layerErrors(file, `${code}\nexport const used = [${code.match(/\{ (\w+)/)[1]}];\n`);
    expect(errors.join('\n')).toContain(reason);
  });

  it.each([
    ['apps/web/src/features/chat/x.ts', "import { chatStore } from '../../api/chat/chat-store';"],
    ['apps/web/src/app/x.ts', "import { HomePage } from '../features/feed/HomePage';"],
    ['apps/web/src/components/X.tsx', "import { http } from '../api/http';"],
    ['apps/server/src/modules/posts/x.routes.ts', "import { listFeed } from './posts.service.js';"],
    ['apps/server/src/modules/auth/x.service.ts', "import { findUserById } from '../users/users.repo.js';"],
    [
      'apps/server/src/realtime/x.ts',
      "import { sendChatMessage } from '../modules/chats/messages.service.js';",
    ],
    ['apps/server/src/db/seed/x.ts', "import { processImage } from '../../modules/media/media.pipeline.js';"],
  ])('%s: %s passes', async (file, code) => {
    const errors = await layerErrors(file, `${code}\nexport const used = [${code.match(/\{ (\w+)/)[1]}];\n`);
    expect(errors).toEqual([]);
  });
});
