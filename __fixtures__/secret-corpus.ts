/**
 * Credential files and ordinary config files for the secret tests. Every secret value is made up
 * at run time, in the real format of its kind, from a seeded byte stream (the same values every
 * run, so a test cannot pass or fail by the draw; nothing here is a credential, and nothing
 * credential-shaped is committed); `secrets` lists each value that must never be printed or
 * embedded.
 */
import { createHash, generateKeyPairSync } from 'node:crypto'

let counter = 0
/** `n` bytes of a SHA-256 counter stream: fixed per run order, unlike the machine's randomness. */
function randomBytes(n: number): Buffer {
  const out: Buffer[] = []
  for (let got = 0; got < n; got += 32)
    out.push(createHash('sha256').update(`swr-secret-corpus:${counter++}`).digest())
  return Buffer.concat(out).subarray(0, n)
}

function randomUUID(): string {
  const h = randomBytes(16).toString('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export interface CorpusFile {
  /** An entry id for it. */
  id: string
  /** Where it goes in the workspace. */
  rel: string
  content: string
  /** The secret values in it (empty for an ordinary file). */
  secrets: string[]
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const HEX = '0123456789abcdef'
const BECH32 = 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'

/** `n` random characters of `alphabet`. */
function rnd(n: number, alphabet = ALNUM): string {
  return Array.from(randomBytes(n), b => alphabet[b % alphabet.length]).join('')
}
const b64 = (s: string): string => Buffer.from(s).toString('base64')

/** Files that hold a credential: each shape of issue 29 and the common ones. */
export function secretCorpus(): CorpusFile[] {
  counter = 0
  const rsa = String(
    generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      type: 'pkcs1',
      format: 'pem'
    })
  )
  const ed25519 = String(
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' })
  )
  const awsSecret = rnd(40, `${ALNUM}/+`)
  const awsId = `AKIA${rnd(16, UPPER)}`
  const dbPass = rnd(16)
  const clientSecret = rnd(32)
  const age = `AGE-SECRET-KEY-1${rnd(58, BECH32)}`
  const wg = randomBytes(32).toString('base64')
  const stripe = `sk_live_${rnd(24)}`
  const gem = `rubygems_${rnd(48, HEX)}`
  const podman = b64(`me:${rnd(20)}`)
  const docker = b64(`me:${rnd(20)}`)
  const kubeToken = rnd(40)
  const ghp = `ghp_${rnd(36)}`
  const ghPat = `github_pat_${rnd(22)}_${rnd(59)}`
  const npm = `npm_${rnd(36)}`
  const npmrcToken = randomUUID()
  const openssh = b64(`openssh-key-v1\0${rnd(300)}`).replace(/(.{70})/g, '$1\n')
  const slack = `xoxb-${rnd(11, '0123456789')}-${rnd(12, '0123456789')}-${rnd(24)}`
  const netrc = rnd(18)
  const pypi = `pypi-AgEIcHlwaS5vcmc${rnd(70)}`
  const urlPass = rnd(14)
  const pgPass = rnd(14)
  const gcpKeyId = rnd(40, HEX)
  return [
    {
      id: 'aws-secret-only',
      rel: 'conf/aws.ini',
      content: `[default]\nregion = eu-west-1\naws_secret_access_key = ${awsSecret}\n`,
      secrets: [awsSecret]
    },
    {
      id: 'aws-pair',
      rel: 'conf/aws.sh',
      content: `export AWS_ACCESS_KEY_ID=${awsId}\nexport AWS_SECRET_ACCESS_KEY=${awsSecret}\n`,
      secrets: [awsId, awsSecret]
    },
    {
      id: 'password-env',
      rel: 'deploy/app.env',
      content: `NODE_ENV=production\nDB_PASSWORD=${dbPass}\n`,
      secrets: [dbPass]
    },
    {
      id: 'secret-env',
      rel: 'deploy/oauth.conf',
      content: `OAUTH_CLIENT_ID=web\nOAUTH_CLIENT_SECRET=${clientSecret}\n`,
      secrets: [clientSecret]
    },
    {
      id: 'age-key',
      rel: 'keys/age.txt',
      content: `# created: 2024-01-01T00:00:00Z\n# public key: age1${rnd(58, BECH32.toLowerCase())}\n${age}\n`,
      secrets: [age]
    },
    {
      id: 'wireguard',
      rel: 'etc/wg0.conf',
      content: `[Interface]\nPrivateKey = ${wg}\nAddress = 10.8.0.2/24\n\n[Peer]\nPublicKey = ${randomBytes(32).toString('base64')}\nEndpoint = vpn.example.net:51820\n`,
      secrets: [wg]
    },
    {
      id: 'stripe',
      rel: 'conf/billing.yml',
      content: `billing:\n  provider: stripe\n  live_key: ${stripe}\n`,
      secrets: [stripe]
    },
    {
      id: 'rubygems',
      rel: 'gem/credentials',
      content: `---\n:rubygems_api_key: ${gem}\n`,
      secrets: [gem]
    },
    {
      id: 'podman-auth',
      rel: 'containers/auth.json',
      content: JSON.stringify({ auths: { 'quay.io': { auth: podman } } }),
      secrets: [podman]
    },
    {
      id: 'docker-config',
      rel: 'home/.docker/config.json',
      content: JSON.stringify(
        { auths: { 'https://index.docker.io/v1/': { auth: docker } }, credsStore: '' },
        null,
        '\t'
      ),
      secrets: [docker]
    },
    {
      id: 'kube-key-data',
      rel: 'kube/admin.yaml',
      content: `apiVersion: v1\nkind: Config\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${b64('-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n')}\n    client-key-data: ${b64(rsa)}\n`,
      secrets: [b64(rsa)]
    },
    {
      id: 'kube-token',
      rel: 'kube/ci.yaml',
      content: `apiVersion: v1\nkind: Config\nusers:\n- name: ci\n  user:\n    token: ${kubeToken}\n`,
      secrets: [kubeToken]
    },
    { id: 'github', rel: 'notes/gh.txt', content: `use ${ghp} for the API\n`, secrets: [ghp] },
    {
      id: 'github-pat',
      rel: 'notes/pat.txt',
      content: `GH=${ghPat}\n`,
      secrets: [ghPat]
    },
    { id: 'npm-token', rel: 'ci/publish.sh', content: `npm publish # ${npm}\n`, secrets: [npm] },
    {
      id: 'npmrc-auth',
      rel: '.npmrc',
      content: `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${npmrcToken}\n`,
      secrets: [npmrcToken]
    },
    {
      id: 'pem-rsa',
      rel: 'tls/server.txt',
      content: rsa,
      secrets: rsa.split('\n').filter(l => l.length > 20 && !l.startsWith('-----'))
    },
    {
      id: 'pem-ed25519',
      rel: 'tls/signing.txt',
      content: ed25519,
      secrets: ed25519.split('\n').filter(l => l.length > 20 && !l.startsWith('-----'))
    },
    {
      id: 'openssh',
      rel: 'deploy/deploy_ed25519',
      content: `-----BEGIN OPENSSH PRIVATE KEY-----\n${openssh}\n-----END OPENSSH PRIVATE KEY-----\n`,
      secrets: openssh.split('\n').filter(l => l.length > 20)
    },
    {
      id: 'slack',
      rel: 'conf/notify.toml',
      content: `[slack]\nchannel = "#ops"\nbot = "${slack}"\n`,
      secrets: [slack]
    },
    {
      id: 'gcp-sa',
      rel: 'gcp/sa.json',
      content: JSON.stringify(
        {
          type: 'service_account',
          project_id: 'demo',
          private_key_id: gcpKeyId,
          private_key: rsa,
          client_email: 'ci@demo.iam.gserviceaccount.com'
        },
        null,
        2
      ),
      secrets: [...rsa.split('\n').filter(l => l.length > 20 && !l.startsWith('-----'))]
    },
    {
      id: 'netrc',
      rel: 'home/.netrc',
      content: `machine api.example.com\n  login bob\n  password ${netrc}\n`,
      secrets: [netrc]
    },
    {
      id: 'netrc-shape',
      rel: 'conf/hosts.txt',
      content: `machine api.example.com login bob password ${netrc}\n`,
      secrets: [netrc]
    },
    {
      id: 'pypirc',
      rel: 'home/.pypirc',
      content: `[pypi]\nusername = __token__\npassword = ${pypi}\n`,
      secrets: [pypi]
    },
    {
      id: 'pypi-token',
      rel: 'ci/upload.txt',
      content: `twine upload -p ${pypi}\n`,
      secrets: [pypi]
    },
    {
      id: 'basic-auth-url',
      rel: 'conf/mirror.txt',
      content: `mirror = https://bob:${urlPass}@git.example.com/repo.git\n`,
      secrets: [urlPass]
    },
    {
      id: 'database-url',
      rel: 'conf/db.txt',
      content: `url: postgres://app:${pgPass}@db.internal:5432/app\n`,
      secrets: [pgPass]
    }
  ]
}

/** Ordinary config files that hold no credential: they must still escrow. */
export function ordinaryCorpus(): CorpusFile[] {
  const file = (id: string, rel: string, content: string): CorpusFile => ({
    id,
    rel,
    content,
    secrets: []
  })
  return [
    file(
      'editorconfig',
      '.editorconfig',
      'root = true\n\n[*]\nindent_style = space\nindent_size = 2\nend_of_line = lf\ninsert_final_newline = true\n'
    ),
    file(
      'tsconfig',
      'tsconfig.json',
      JSON.stringify(
        {
          compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, outDir: 'build' },
          include: ['src/**/*.ts']
        },
        null,
        2
      ) + '\n'
    ),
    file(
      'npmrc',
      'app/.npmrc',
      'registry=https://registry.npmjs.org/\nsave-exact=true\nengine-strict=true\n//npm.pkg.github.com/:_authToken=${NODE_AUTH_TOKEN}\n'
    ),
    file(
      'dotenv',
      '.env',
      'NODE_ENV=production\nPORT=3000\nLOG_LEVEL=info\nNODE_OPTIONS=--max-old-space-size=4096\n'
    ),
    file(
      'env-example',
      '.env.example',
      'DATABASE_URL=postgres://localhost:5432/app\nAPI_KEY=your-api-key-here\nSESSION_SECRET=\n'
    ),
    file(
      'kubeconfig',
      '.kube/config',
      `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    certificate-authority-data: ${b64('-----BEGIN CERTIFICATE-----\nMIIBca\n-----END CERTIFICATE-----\n')}\n    server: https://k8s.example.com\n  name: prod\ncontexts:\n- context:\n    cluster: prod\n    user: me\n  name: prod\ncurrent-context: prod\nusers:\n- name: me\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1beta1\n      command: gke-gcloud-auth-plugin\n`
    ),
    file(
      'bashrc',
      '.bashrc',
      'export EDITOR=vim\nexport PATH="$HOME/.local/bin:$PATH"\nexport GITHUB_TOKEN="$(gh auth token)"\nHISTSIZE=10000\nalias ll=\'ls -la\'\neval "$(starship init bash)"\n'
    ),
    file(
      'zshrc',
      '.zshrc',
      'ZSH_THEME="robbyrussell"\nplugins=(git docker)\nsource $ZSH/oh-my-zsh.sh\nexport NPM_TOKEN=${NPM_TOKEN:-}\n'
    ),
    file(
      'workflow',
      '.github/workflows/ci.yml',
      'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          token: ${{ secrets.GITHUB_TOKEN }}\n      - run: npm test\n'
    ),
    file(
      'docker-nocreds',
      '.docker/config.json',
      JSON.stringify({ credsStore: 'desktop', currentContext: 'default' }, null, '\t')
    ),
    file(
      'script',
      'bin/login.sh',
      '#!/bin/sh\ntoken=$(cat "$HOME/.token")\npassword = input()\ncurl -H "Authorization: Bearer $token" https://api.example.com\n'
    )
  ]
}
