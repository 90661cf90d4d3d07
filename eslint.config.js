// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const pureLayers = [
  'src/core/**',
  'src/math/**',
  'src/games/**',
  'src/quiz/**',
  'src/play/**',
  'src/render/**',
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'reports/**', '.stryker-tmp*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: pureLayers,
    // The quiz's and play's storage adapters sit beside them but are not pure.
    ignores: ['src/quiz/storage/**', 'src/play/storage/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'discord.js',
            'bullmq',
            'ioredis',
            'pino',
            'prom-client',
            'node:fs',
            'node:http',
            'node:net',
          ],
          patterns: [
            {
              group: ['**/bot/**', '**/jobs/**', '**/http/**'],
              message: 'Pure layers know nothing of transports.',
            },
            {
              group: ['discord.js/*', '@discordjs/*', 'bullmq/*'],
              message: 'Pure layers know nothing of transports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The binary is CommonJS (bin/package.json): no ES module loader at start-up.
    files: ['bin/grundy.js'],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The page: plain ES modules run by the browser as they are, with no build step.
    files: ['web/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'module' },
  },
);
