import js from '@eslint/js'
import tseslint from 'typescript-eslint'

// The storeys of src/core (ARCHITECTURE.md): substrate below stages below engine/.
const SUBSTRATE = ['walk', 'archive', 'exec', 'text', 'fs', 'state', 'git', 'process', 'memory']
const STAGES = [
  'manifest',
  'verify',
  'diagnose',
  'restore',
  'report',
  'capture',
  'sign',
  'author',
  'canary',
  'history',
  'sync',
  'seal'
]
const CORE = ['src/core/**/*.ts', 'src/core/**/*.mjs']
/** Every source file below these folders of src/core. */
const storey = folders => folders.flatMap(f => [`src/core/${f}/**/*.ts`, `src/core/${f}/**/*.mjs`])
/** The core runs under both shells: it imports neither of them nor GitHub's toolkit. */
const SHELL_FREE = {
  group: ['@actions/*', '../cli/*', '../action/*', '**/cli/**', '**/action/**'],
  message: 'the core knows no shell: the CLI and the Action import the core, never the reverse'
}

/**
 * A child process never inherits this process's environment: whatever the job keeps there (a
 * token a workflow put in `env:`) would be readable from /proc/PID/environ while the child runs.
 * Every spawn names its `env` in an object literal (src/core/exec/child-env.ts has the builders).
 */
const SPAWNS = new Set([
  'spawn',
  'spawnSync',
  'execFile',
  'execFileSync',
  'fork',
  'exec',
  'execSync'
])
const spawnEnvRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const direct = new Set()
    const modules = new Set()
    const check = (node, name) => {
      const opts = node.arguments.find(a => a.type === 'ObjectExpression')
      const hasEnv = opts?.properties.some(
        p => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'env'
      )
      if (!hasEnv)
        context.report({
          node,
          message: `${name}() without an explicit env: build the child's environment for it (src/core/exec/child-env.ts)`
        })
    }
    return {
      ImportDeclaration(node) {
        if (!/^(node:)?child_process$/.test(node.source.value)) return
        for (const sp of node.specifiers) {
          if (sp.type === 'ImportSpecifier' && SPAWNS.has(sp.imported.name))
            direct.add(sp.local.name)
          else if (sp.type !== 'ImportSpecifier') modules.add(sp.local.name)
        }
      },
      CallExpression(node) {
        const c = node.callee
        if (c.type === 'Identifier' && direct.has(c.name)) check(node, c.name)
        else if (
          c.type === 'MemberExpression' &&
          c.object.type === 'Identifier' &&
          modules.has(c.object.name) &&
          c.property.type === 'Identifier' &&
          SPAWNS.has(c.property.name)
        )
          check(node, c.property.name)
      }
    }
  }
}

export default tseslint.config(
  {
    ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'bench/.work/**', '.demo/**']
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'src/**/*.mjs', 'src/**/*.cjs'],
    plugins: { swr: { rules: { 'spawn-env': spawnEnvRule } } },
    rules: { 'swr/spawn-env': 'error' }
  },
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
    // The core is shared by the CLI and the Action: it must not print, exit, read the environment,
    // listen to the process or read GitHub state. The shells do those and hand the core values.
    files: CORE,
    rules: {
      'no-restricted-imports': ['error', { patterns: [SHELL_FREE] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'exit', message: 'core returns data; only the shells exit' },
        { object: 'console', property: 'log', message: 'core returns data; only the shells print' },
        {
          object: 'process',
          property: 'env',
          message:
            'core reads no environment: take the value as an option (the shells read process.env and pass it, e.g. callerEnv)'
        },
        {
          object: 'process',
          property: 'on',
          message:
            'core installs no process listeners: the shells own signals and exit; return a handle (an AbortSignal, a release function) instead'
        }
      ]
    }
  },
  {
    // The storeys of the core, each importing only the storeys below it:
    //   engine/ (use cases)  >  stages  >  substrate  >  vocabulary (types.ts, errors.ts, cache-port.ts)
    // Outside engine/, only the public face (index.ts and its namespaces in face/) imports a use case.
    files: CORE,
    ignores: ['src/core/engine/**', 'src/core/index.ts', 'src/core/face/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SHELL_FREE,
            {
              regex: '(^|/)engine/',
              message:
                'only the face (core/index.ts, core/face/) imports engine/: a use case is the top storey; move what you need from it down into the stage or substrate that owns it'
            }
          ]
        }
      ]
    }
  },
  {
    files: storey(STAGES),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SHELL_FREE,
            {
              regex: '(^|/)engine/',
              message:
                'a stage never imports engine/: use cases compose stages, not the other way round; move the shared piece into this stage, another stage or the substrate'
            }
          ]
        }
      ]
    }
  },
  {
    files: storey(SUBSTRATE),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SHELL_FREE,
            {
              regex: `(^|/)(${[...STAGES, 'engine'].join('|')})/`,
              message: `substrate (${SUBSTRATE.join('/, ')}/) imports only vocabulary (types.ts, errors.ts, cache-port.ts) and other substrate: move the piece you need down into the substrate, or this code up into the stage that uses it`
            }
          ]
        }
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
