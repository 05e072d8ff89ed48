// One lint configuration for the whole tree: server, domain, web app, browser journeys and scripts.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const featuresDir = 'src/web/features';
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Unused names fail the type check already; names starting with _ are deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // French text uses narrow no-break spaces before ; : ! ? inside its template strings.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true }],
    },
  },
  {
    // Test replies are JSON of whatever shape the call returns, and migrations must not depend on today's
    // table types (Kysely's advice: migrations take Kysely<any>).
    files: ['**/*.test.ts', 'src/server/testing/**', 'src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // A feature folder uses only itself and the shared layers (components, lib, domain); what two features share moves there.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((name) => ({
            target: path.join(featuresDir, name),
            from: featuresDir,
            except: [`./${name}`],
            message: 'Feature folders do not import each other: move the shared part to src/web/components, src/web/lib or src/domain.',
          })),
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
