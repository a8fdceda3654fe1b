import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The app's layers import downwards only: src/app composes features into screens, a feature
// uses src/components and src/api, components use src/api, and src/api uses neither. Features
// never import each other: what two of them share lives in src/api (queries, query keys) or
// src/components, and what one screen shows of another feature is passed in by src/app.
const LAYERS = 'Layers import downwards only: app → features → components → api.';
const FEATURES =
  'A feature imports no other feature and not src/app: move what both need to src/api or ' +
  'src/components, or compose the two features in src/app.';

// no-restricted-imports sees an import's text, not the file it resolves to, so the feature rule is
// written per folder depth: from a file `depth` folders below src/features, `../` taken `depth`
// times reaches src/features (whatever is named next is a feature: a file never climbs that far
// to reach its own), one more time src (where features/ and app/ are out of bounds).
function featureDepths(folder, depth = 0) {
  const below = readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [depth, ...below.flatMap((entry) => featureDepths(`${folder}/${entry.name}`, depth + 1))];
}
const depths = [...new Set(featureDepths(`${import.meta.dirname}/src/features`))].filter((depth) => depth > 0);

const featureBoundaries = depths.map((depth) => {
  const toFeatures = `(\\.\\./){${depth}}`;
  return {
    files: [`src/features/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${toFeatures}[^./]`, message: FEATURES },
            { regex: `^${toFeatures}\\.\\./(features|app)(/|$)`, message: FEATURES },
          ],
        },
      ],
    },
  };
});

const restrict = (folders) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ regex: `(^|/)(${folders.join('|')})(/|$)`, message: LAYERS }] },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/api/schema.d.ts'] },
  {
    files: ['*.{js,cjs}', 'scripts/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is the idiom of React handlers.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  ...featureBoundaries,
  { files: ['src/components/**/*.{ts,tsx}'], rules: restrict(['features', 'app']) },
  { files: ['src/api/**/*.{ts,tsx}'], rules: restrict(['features', 'app', 'components']) },
);
