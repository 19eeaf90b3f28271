import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The project's lint rules, proven on planted code: each case lints a snippet as if it lived at
 * `filePath` (the file need not exist), through the repository's own eslint.config.js, and
 * compares what one rule says about it. Add a row to `cases` to prove another rule or path.
 */
interface LintCase {
  /** What the case shows; the test's name. */
  name: string;
  /** Where the code pretends to live, from the repository root: it decides which config applies. */
  filePath: string;
  code: string;
  /** The rule the case is about. */
  ruleId: string;
  /** That rule's messages, in order; none when the code must pass. */
  messages: RegExp[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const FEATURE_BOUNDARIES = 'portal/feature-boundaries';
const CROSS_FEATURE = /^Features do not import each other/;
const NESTED_FILE = 'apps/web/src/features/dashboard/document-list/planted.tsx';

const cases: LintCase[] = [
  {
    name: 'a nested feature file may not import another feature',
    filePath: NESTED_FILE,
    code: "import { faqQuery } from '../../faq/faq-queries';\nexport const planted = faqQuery;\n",
    ruleId: FEATURE_BOUNDARIES,
    messages: [CROSS_FEATURE],
  },
  {
    name: 'a detour through the features folder is no way round',
    filePath: NESTED_FILE,
    code: "import { faqQuery } from '../../../features/faq/faq-queries';\nexport const planted = faqQuery;\n",
    ruleId: FEATURE_BOUNDARIES,
    messages: [CROSS_FEATURE],
  },
  {
    name: 're-exports and dynamic imports are imports too',
    filePath: NESTED_FILE,
    code: "export { faqQuery } from '../../faq/faq-queries';\nexport const later = () => import('../../settings/settings-dialog');\n",
    ruleId: FEATURE_BOUNDARIES,
    messages: [CROSS_FEATURE, CROSS_FEATURE],
  },
  {
    name: 'a top-level feature file may not import a sibling feature',
    filePath: 'apps/web/src/features/faq/planted.tsx',
    code: "import { reportsQuery } from '../dashboard/reports-query';\nexport const planted = reportsQuery;\n",
    ruleId: FEATURE_BOUNDARIES,
    messages: [CROSS_FEATURE],
  },
  {
    name: 'a nested file may import its own feature',
    filePath: NESTED_FILE,
    code: "import { reportsQuery } from '../reports-query';\nimport { dashboardKeys } from '../../dashboard/query-keys';\nexport const planted = [reportsQuery, dashboardKeys];\n",
    ruleId: FEATURE_BOUNDARIES,
    messages: [],
  },
  {
    name: 'features may import the shared folders and packages',
    filePath: NESTED_FILE,
    code: "import { useQuery } from '@tanstack/react-query';\nimport { ErrorAlert } from '../../../components/error-alert';\nimport { callApi } from '../../../lib/api-client';\nexport const planted = [useQuery, ErrorAlert, callApi];\n",
    ruleId: FEATURE_BOUNDARIES,
    messages: [],
  },
  {
    name: 'a service may not import anything from kysely, types included',
    filePath: 'apps/server/src/services/planted.service.ts',
    code: "import type { RawBuilder } from 'kysely';\nexport type Planted = RawBuilder<unknown>;\n",
    ruleId: 'no-restricted-imports',
    messages: [/^'kysely' import is restricted.*SQL lives in repositories only/],
  },
  {
    name: 'a route may not write SQL either',
    filePath: 'apps/server/src/routes/planted.routes.ts',
    code: "import { sql } from 'kysely';\nexport const planted = sql`SELECT 1`;\n",
    ruleId: 'no-restricted-imports',
    messages: [/SQL lives in repositories only/],
  },
  {
    name: 'a presenter may not call a service',
    filePath: 'apps/server/src/presenters/planted.presenter.ts',
    code: "import { getMenusForRole } from '../services/permissions.js';\nexport const planted = getMenusForRole;\n",
    ruleId: '@typescript-eslint/no-restricted-imports',
    messages: [/Presenters take values/],
  },
  {
    name: 'a presenter may not call a repository',
    filePath: 'apps/server/src/presenters/planted.presenter.ts',
    code: "import { createUsersRepository } from '../db/repositories/users.repository.js';\nexport const planted = createUsersRepository;\n",
    ruleId: '@typescript-eslint/no-restricted-imports',
    messages: [/Presenters take values/],
  },
  {
    name: 'a presenter may name the types of the values it presents',
    filePath: 'apps/server/src/presenters/planted.presenter.ts',
    code: "import type { SignedInUser } from '../services/signed-in-user.js';\nexport const planted = (user: SignedInUser) => user;\n",
    ruleId: '@typescript-eslint/no-restricted-imports',
    messages: [],
  },
  {
    name: 'a service may not present',
    filePath: 'apps/server/src/services/planted.service.ts',
    code: "import { presentLoggedInUser } from '../presenters/user.presenter.js';\nexport const planted = presentLoggedInUser;\n",
    ruleId: '@typescript-eslint/no-restricted-imports',
    messages: [/./],
  },
];

describe('lint rules', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: repoRoot });
  });

  it.each(cases)('$name', async ({ filePath, code, ruleId, messages }) => {
    // Without the rule switched on for this path, a case expecting silence would prove nothing.
    const config = (await eslint.calculateConfigForFile(filePath)) as { rules?: Record<string, unknown[]> };
    expect(config.rules?.[ruleId]?.[0], `${ruleId} is not an error for ${filePath}`).toBe(2);

    const [result] = await eslint.lintText(code, { filePath });
    expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
    const said = result?.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message) ?? [];
    expect(said).toHaveLength(messages.length);
    said.forEach((text, index) => expect(text).toMatch(messages[index]!));
  });

  it('a module that imports itself back through another is refused', async () => {
    // A cycle needs two real files: these are kept out of the ordinary lint run and read here only.
    const withFixtures = new ESLint({ cwd: repoRoot, ignore: false });
    const results = await withFixtures.lintFiles(['scripts/lint-fixtures/import-cycle/a.ts', 'scripts/lint-fixtures/import-cycle/b.ts']);
    for (const result of results) {
      expect(result.messages.map((message) => [message.ruleId, message.message])).toEqual([
        ['import-x/no-cycle', 'Dependency cycle detected'],
      ]);
    }
    expect(results).toHaveLength(2);
  });
});
