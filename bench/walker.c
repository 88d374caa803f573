/*
 * A prototype of the native walker docs/speed.md proposes, timed by the bench beside the C floor:
 * it walks a tree in swr's walk order (siblings sorted by name bytes, parents before children,
 * nothing followed), hashes every regular file with SHA-256 on one thread per core while the walk
 * goes on, and prints the tree's metadata and content digests as swr records them
 * (src/core/walk/walk-format.mjs: "relpath NUL type NUL size NUL mode LF", and for the content
 * digest the same fields, NUL, the file's sha256 or the link's target, LF). Equal digests to a
 * manifest's are what show the prototype does swr's work, not less.
 *
 * Not swr's walker: it leaves out what the JS walk also does (ignore rules, excluded paths, the
 * stamp lines and cache, special files' digest, names whose byte order differs from JavaScript's
 * string order) and stops at the first error. Built at bench time only, like floor.c.
 *
 *   walker DIR [THREADS]
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_SIZE (256 * 1024)

struct rec {
  char *rel;   /* relative to the root, as bytes */
  char type;   /* f d l o */
  uint64_t size;
  unsigned mode;
  char *extra; /* link target, or the file's sha256 in hex once hashed */
};

static const char *root;
static struct rec *recs;
static size_t nrec, caprec;
/* Indices of the file records, in walk order, handed to the hashers as the walk finds them. */
static size_t *jobs;
static size_t njob, capjob, nextjob;
static int walk_done;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;

static void die(const char *what, const char *path) {
  fprintf(stderr, "walker: %s: %s\n", what, path);
  exit(1);
}

static void *grow(void *p, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return p;
  *cap = *cap ? *cap * 2 : 65536;
  p = realloc(p, *cap * size);
  if (!p) abort();
  return p;
}

/* Only the walk appends records, but the hashers read recs[]: each append holds the lock. */
static size_t add(const char *rel, const struct stat *st) {
  pthread_mutex_lock(&mu);
  recs = grow(recs, &caprec, nrec, sizeof *recs);
  size_t i = nrec++;
  struct rec *r = &recs[i];
  r->rel = strdup(rel);
  r->type = S_ISREG(st->st_mode) ? 'f' : S_ISDIR(st->st_mode) ? 'd' : S_ISLNK(st->st_mode) ? 'l' : 'o';
  r->size = r->type == 'f' ? (uint64_t)st->st_size : 0;
  r->mode = st->st_mode & 07777;
  r->extra = NULL;
  if (r->type == 'f') {
    jobs = grow(jobs, &capjob, njob, sizeof *jobs);
    jobs[njob++] = i;
    pthread_cond_signal(&more);
  }
  pthread_mutex_unlock(&mu);
  return i;
}

static int byname(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(int fd0, const char *rel) {
  DIR *d = fdopendir(fd0);
  if (!d) die("cannot list", rel);
  char **names = NULL;
  size_t n = 0, cap = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 32;
      names = realloc(names, cap * sizeof *names);
      if (!names) abort();
    }
    names[n++] = strdup(e->d_name);
  }
  qsort(names, n, sizeof *names, byname);
  char path[8192];
  for (size_t k = 0; k < n; k++) {
    snprintf(path, sizeof path, "%s%s%s", rel, *rel ? "/" : "", names[k]);
    struct stat st;
    if (fstatat(fd0, names[k], &st, AT_SYMLINK_NOFOLLOW) != 0) die("cannot lstat", path);
    size_t i = add(path, &st);
    if (S_ISLNK(st.st_mode)) {
      char target[4096];
      ssize_t t = readlinkat(fd0, names[k], target, sizeof target - 1);
      if (t < 0) die("cannot read link", path);
      target[t] = 0;
      recs[i].extra = strdup(target);
    } else if (S_ISDIR(st.st_mode)) {
      int fd = openat(fd0, names[k], O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
      if (fd < 0) die("cannot open", path);
      walk(fd, path);
    }
    free(names[k]);
  }
  free(names);
  closedir(d);
}

static void hash(size_t i, unsigned char *buf, EVP_MD_CTX *ctx) {
  pthread_mutex_lock(&mu);
  char *rel = recs[i].rel;
  pthread_mutex_unlock(&mu);
  char path[8192];
  snprintf(path, sizeof path, "%s/%s", root, rel);
  int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) die("cannot open", path);
  EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
  for (ssize_t got; (got = read(fd, buf, READ_SIZE)) > 0;) EVP_DigestUpdate(ctx, buf, (size_t)got);
  close(fd);
  unsigned char md[32];
  EVP_DigestFinal_ex(ctx, md, NULL);
  char *hex = malloc(65);
  for (int b = 0; b < 32; b++) sprintf(hex + 2 * b, "%02x", md[b]);
  pthread_mutex_lock(&mu);
  recs[i].extra = hex;
  pthread_mutex_unlock(&mu);
}

static void *hasher(void *arg) {
  (void)arg;
  unsigned char *buf = malloc(READ_SIZE);
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  for (;;) {
    pthread_mutex_lock(&mu);
    while (nextjob == njob && !walk_done) pthread_cond_wait(&more, &mu);
    if (nextjob == njob) {
      pthread_mutex_unlock(&mu);
      break;
    }
    size_t i = jobs[nextjob++];
    pthread_mutex_unlock(&mu);
    hash(i, buf, ctx);
  }
  EVP_MD_CTX_free(ctx);
  free(buf);
  return NULL;
}

static void line(EVP_MD_CTX *ctx, const struct rec *r, int content) {
  char tail[96];
  int n = snprintf(tail, sizeof tail, "%c%c%c%llu%c%04o", 0, r->type, 0,
                   (unsigned long long)r->size, 0, r->mode);
  EVP_DigestUpdate(ctx, r->rel, strlen(r->rel));
  EVP_DigestUpdate(ctx, tail, (size_t)n);
  if (content) {
    EVP_DigestUpdate(ctx, "", 1);
    if (r->extra) EVP_DigestUpdate(ctx, r->extra, strlen(r->extra));
  }
  EVP_DigestUpdate(ctx, "\n", 1);
}

static void hex(EVP_MD_CTX *ctx, char out[65]) {
  unsigned char md[32];
  EVP_DigestFinal_ex(ctx, md, NULL);
  for (int b = 0; b < 32; b++) sprintf(out + 2 * b, "%02x", md[b]);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: walker DIR [THREADS]\n");
    return 2;
  }
  root = argv[1];
  long threads = argc > 2 ? atol(argv[2]) : sysconf(_SC_NPROCESSORS_ONLN);
  if (threads < 1) threads = 1;
  pthread_t *t = calloc((size_t)threads, sizeof *t);
  for (long k = 0; k < threads; k++) pthread_create(&t[k], NULL, hasher, NULL);
  int fd = open(root, O_RDONLY | O_DIRECTORY);
  if (fd < 0) die("cannot open", root);
  walk(fd, "");
  pthread_mutex_lock(&mu);
  walk_done = 1;
  pthread_cond_broadcast(&more);
  pthread_mutex_unlock(&mu);
  for (long k = 0; k < threads; k++) pthread_join(t[k], NULL);
  EVP_MD_CTX *meta = EVP_MD_CTX_new(), *content = EVP_MD_CTX_new();
  EVP_DigestInit_ex(meta, EVP_sha256(), NULL);
  EVP_DigestInit_ex(content, EVP_sha256(), NULL);
  size_t files = 0;
  for (size_t i = 0; i < nrec; i++) {
    line(meta, &recs[i], 0);
    line(content, &recs[i], 1);
    if (recs[i].type != 'd') files++;
  }
  char m[65], c[65];
  hex(meta, m);
  hex(content, c);
  printf("%zu files, meta %s, content %s, %ld threads\n", files, m, c, threads);
  return 0;
}
