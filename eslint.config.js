import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noImportsFrom = (...areas) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: areas.map((area) => ({
        group: [`#${area}/*`, `**/${area}/*`],
        message: `Imports run one way: common ← server, common ← web. This folder may not import ${area}/.`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...noImportsFrom('server') },
  },
  { files: ['common/**/*.ts'], rules: noImportsFrom('server', 'web') },
  { files: ['server/**/*.ts'], rules: noImportsFrom('web') },
);
