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
    // The bin's starter (src/cli/start.cjs) is CommonJS: it compiles the bundle with a code cache,
    // which Node offers for CommonJS only.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        __dirname: 'readonly'
      }
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' }
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
  },
  {
    // The shells and adapters see the engine only through its public index: a use case returns a
    // finished result, and nothing outside src/core reaches into how it was made.
    files: ['src/cli/**/*.ts', 'src/action/**/*.ts', 'src/adapters/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)core/(?!index\\.js$).+',
              message: 'import the engine from core/index.js, its public API'
            }
          ]
        }
      ]
    }
  },
  {
    // The Action's log is a command channel: only src/action/log.ts writes to it, escaping every
    // message, so a file name cannot become a workflow command.
    files: ['src/action/**/*.ts'],
    ignores: ['src/action/log.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='core'][property.name=/^(info|debug|warning|error|notice|setFailed|startGroup|endGroup|group|summary|issue|issueCommand)$/]",
          message: 'print through src/action/log.ts, which escapes untrusted text'
        },
        {
          selector:
            "MemberExpression[object.object.name='process'][object.property.name=/^std(out|err)$/]",
          message: 'print through src/action/log.ts, which escapes untrusted text'
        },
        {
          selector:
            "ImportDeclaration[source.value='@actions/core'] > ImportSpecifier[imported.name=/^(info|debug|warning|error|notice|setFailed|startGroup|endGroup|group|summary|issue|issueCommand)$/]",
          message: 'print through src/action/log.ts, which escapes untrusted text'
        },
        {
          selector: "MemberExpression[object.name='console']",
          message: 'print through src/action/log.ts, which escapes untrusted text'
        }
      ]
    }
  }
)
