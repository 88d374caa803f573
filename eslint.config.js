import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'bench/.work/**', '.demo/**']
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        SharedArrayBuffer: 'readonly',
        Atomics: 'readonly'
      }
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  {
    // The engine is shared by the CLI and the Action: it must not print, exit or read GitHub state.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@actions/*', '../cli/*', '../action/*', '**/cli/**', '**/action/**'] }
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'exit', message: 'core returns data; only the shells exit' },
        { object: 'console', property: 'log', message: 'core returns data; only the shells print' }
      ]
    }
  }
)
