/**
 * Presets: the files common sandboxes keep their setup in (shell profiles, coding-agent settings),
 * as paths relative to $HOME, the workspace of ~/.swr/manifest.json. Only paths that exist and are
 * not tracked yet are added. Secrets among them (see secrets.ts) become tier-0 `file` entries:
 * tracked by hash, never escrowed.
 *
 * Left out on purpose: files the tools rewrite on every run (~/.claude.json with its counters and
 * per-project history, session logs, histories, caches), because a hash of them would fail every
 * check; and large installed payloads (extensions) that a reinstall brings back.
 */
import path from 'node:path'
import picomatch from 'picomatch'
import { UsageError } from '../errors.js'
import { locateInside } from '../verify/locate-entry.js'
import type { CaptureRequest } from '../capture/capture.js'
import type { Entry } from '../types.js'
import { coverageOf } from './coverage.js'
import { isSecretPath, SECRET_NOTE } from '../capture/secrets.js'
import { listDir, VCS_DIRS } from './scan.js'

export interface Preset {
  name: string
  description: string
  /** Relative to the workspace; the last segment may be a glob (`.ssh/id_*`). */
  paths: string[]
}

export const PRESETS: readonly Preset[] = [
  {
    name: 'shell',
    description: 'shell profiles, git and ssh configuration, and the logins a shell uses',
    paths: [
      '.bashrc',
      '.bash_profile',
      '.bash_login',
      '.bash_logout',
      '.bash_aliases',
      '.profile',
      '.zshrc',
      '.zshenv',
      '.zprofile',
      '.zlogin',
      '.inputrc',
      '.vimrc',
      '.tmux.conf',
      '.config/fish/config.fish',
      '.config/fish/functions',
      '.gitconfig',
      '.config/git/config',
      '.config/git/ignore',
      '.ssh/config',
      '.ssh/authorized_keys',
      '.ssh/id_*',
      '.netrc',
      '.git-credentials',
      '.npmrc',
      '.pypirc',
      '.config/gh/config.yml',
      '.config/gh/hosts.yml'
    ]
  },
  {
    name: 'claude-code',
    description: 'Claude Code: user settings, memory, commands, agents, skills, hooks, login',
    paths: [
      '.claude/settings.json',
      '.claude/settings.local.json',
      '.claude/CLAUDE.md',
      '.claude/commands',
      '.claude/agents',
      '.claude/skills',
      '.claude/hooks',
      '.claude/rules',
      '.claude/output-styles',
      '.claude/.credentials.json'
    ]
  },
  {
    name: 'codex',
    description: 'OpenAI Codex CLI: config.toml, AGENTS.md, prompts, skills, rules, login',
    paths: [
      '.codex/config.toml',
      '.codex/AGENTS.md',
      '.codex/AGENTS.override.md',
      '.codex/prompts',
      '.codex/agents',
      '.codex/skills',
      '.codex/rules',
      '.codex/auth.json'
    ]
  },
  {
    name: 'aider',
    description: 'aider: its configuration files and the .env holding API keys',
    paths: ['.aider.conf.yml', '.aider.model.settings.yml', '.aider.model.metadata.json', '.env']
  },
  {
    name: 'cursor',
    description: 'Cursor: MCP servers, CLI config, editor settings, keybindings, snippets',
    paths: [
      '.cursor/mcp.json',
      '.cursor/cli-config.json',
      '.cursor/rules',
      '.config/Cursor/User/settings.json',
      '.config/Cursor/User/keybindings.json',
      '.config/Cursor/User/snippets'
    ]
  },
  {
    name: 'gemini',
    description: 'Gemini CLI: settings, GEMINI.md, commands, login',
    paths: [
      '.gemini/settings.json',
      '.gemini/GEMINI.md',
      '.gemini/commands',
      '.gemini/oauth_creds.json'
    ]
  }
]

export function presetNamed(name: string): Preset {
  const p = PRESETS.find(x => x.name === name)
  if (!p)
    throw new UsageError(
      `preset "${name}": unknown (known: ${PRESETS.map(x => x.name).join(', ')})`
    )
  return p
}

export interface PresetPlan {
  requests: CaptureRequest[]
  /** Preset paths that exist but are not added, and why. */
  skipped: { path: string; why: string }[]
  /** How many preset paths do not exist here. */
  absent: number
}

export function planPreset(
  workspace: string,
  preset: Preset,
  entries: readonly Entry[]
): PresetPlan {
  const cov = coverageOf(entries)
  const plan: PresetPlan = { requests: [], skipped: [], absent: 0 }
  for (const rel of preset.paths.flatMap(p => expand(workspace, p))) {
    const loc = locateInside(workspace, rel)
    if (loc.state === 'missing') plan.absent++
    else if (loc.state === 'escapes') plan.skipped.push({ path: rel, why: loc.why })
    else {
      const by = cov.trackedBy(rel)
      const st = loc.st
      if (by) plan.skipped.push({ path: rel, why: `already tracked by "${by.id}"` })
      else if (!st.isFile() && !st.isDirectory() && !st.isSymbolicLink())
        plan.skipped.push({ path: rel, why: 'not a file, directory or symlink' })
      else plan.requests.push(requestFor(rel, st.isFile(), st.isDirectory()))
    }
  }
  return plan
}

function requestFor(rel: string, isFile: boolean, isDir: boolean): CaptureRequest {
  if (isSecretPath(rel))
    return { path: rel, ...(isFile ? { kind: 'file' as const } : {}), tier: 0, note: SECRET_NOTE }
  return isDir ? { path: rel, kind: 'tree', ignore: [...VCS_DIRS] } : { path: rel }
}

/** A preset path, or the names its glob matches now (sorted). */
function expand(workspace: string, p: string): string[] {
  const base = path.posix.basename(p)
  if (!/[*?[]/.test(base)) return [p]
  const dir = path.posix.dirname(p)
  const match = picomatch(base, { dot: true })
  return listDir(path.join(workspace, dir))
    .filter(n => match(n))
    .map(n => `${dir}/${n}`)
}
