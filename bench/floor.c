/*
 * The bench's native floor for a content check: walk a tree with fts (no symlink followed) on the
 * main thread and hash every regular file's bytes with SHA-256 on one thread per core (OpenSSL's
 * libcrypto, which uses SHA-NI where the CPU has it). The walk streams paths to the hashers as it
 * goes, so walking and hashing overlap, as they do in swr. Prints the number of files and bytes
 * hashed and an order-independent fold of the digests (the sum of each digest's first 8 bytes), so
 * the work cannot be optimised away and two runs can be compared.
 *
 * Built by bench/run.mjs at bench time (cc -O2 floor.c -lcrypto -lpthread) when a C compiler and
 * the OpenSSL headers are present; never by npm ci or npm test.
 *
 *   floor DIR [THREADS]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <openssl/evp.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_SIZE (256 * 1024)
/* Paths claimed at a time: one, so a few large files spread over the threads (a lock per file
 * costs nothing beside opening and hashing it). */
#define BATCH 1

/* Paths handed from the walker to the hashers: one growing array, claimed BATCH at a time. */
static char **paths;
static size_t count, cap, next;
static int walk_done;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;

struct result {
  uint64_t files, bytes, fold;
  int errors;
};

static void push(const char *p) {
  char *copy = strdup(p);
  if (!copy) abort();
  pthread_mutex_lock(&mu);
  if (count == cap) {
    cap = cap ? cap * 2 : 65536;
    paths = realloc(paths, cap * sizeof *paths);
    if (!paths) abort();
  }
  paths[count++] = copy;
  if (count - next >= BATCH) pthread_cond_signal(&more);
  pthread_mutex_unlock(&mu);
}

/* Claim up to BATCH paths; 0 when the walk is over and every path is claimed. */
static size_t claim(char **out) {
  pthread_mutex_lock(&mu);
  while (count == next && !walk_done) pthread_cond_wait(&more, &mu);
  size_t n = 0;
  while (n < BATCH && next < count) out[n++] = paths[next++];
  pthread_mutex_unlock(&mu);
  return n;
}

static int hash_file(const char *p, unsigned char *buf, EVP_MD_CTX *ctx, struct result *r) {
  int fd = open(p, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return -1;
  EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
  ssize_t n;
  while ((n = read(fd, buf, READ_SIZE)) > 0) {
    EVP_DigestUpdate(ctx, buf, (size_t)n);
    r->bytes += (uint64_t)n;
  }
  close(fd);
  if (n < 0) return -1;
  unsigned char md[32];
  EVP_DigestFinal_ex(ctx, md, NULL);
  uint64_t head;
  memcpy(&head, md, sizeof head);
  r->fold += head;
  r->files++;
  return 0;
}

static void *hasher(void *arg) {
  struct result *r = arg;
  unsigned char *buf = malloc(READ_SIZE);
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  char *batch[BATCH];
  size_t n;
  if (!buf || !ctx) abort();
  while ((n = claim(batch)) > 0)
    for (size_t i = 0; i < n; i++)
      if (hash_file(batch[i], buf, ctx, r) != 0) r->errors++;
  EVP_MD_CTX_free(ctx);
  free(buf);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: floor DIR [THREADS]\n");
    return 2;
  }
  long threads = argc > 2 ? strtol(argv[2], NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
  if (threads < 1) threads = 1;
  if (threads > 256) threads = 256;
  pthread_t tid[256];
  struct result res[256];
  memset(res, 0, sizeof res);
  for (long i = 0; i < threads; i++) pthread_create(&tid[i], NULL, hasher, &res[i]);

  char *roots[] = {argv[1], NULL};
  FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
  if (!fts) {
    perror("fts_open");
    return 1;
  }
  int walk_errors = 0;
  FTSENT *e;
  while ((e = fts_read(fts)) != NULL) {
    if (e->fts_info == FTS_F) push(e->fts_path);
    else if (e->fts_info == FTS_DNR || e->fts_info == FTS_ERR || e->fts_info == FTS_NS)
      walk_errors++;
  }
  fts_close(fts);
  pthread_mutex_lock(&mu);
  walk_done = 1;
  pthread_cond_broadcast(&more);
  pthread_mutex_unlock(&mu);

  struct result all = {0, 0, 0, walk_errors};
  for (long i = 0; i < threads; i++) {
    pthread_join(tid[i], NULL);
    all.files += res[i].files;
    all.bytes += res[i].bytes;
    all.fold += res[i].fold;
    all.errors += res[i].errors;
  }
  printf("%llu files, %llu bytes, fold %016llx, %ld threads\n", (unsigned long long)all.files,
         (unsigned long long)all.bytes, (unsigned long long)all.fold, threads);
  if (all.errors) {
    fprintf(stderr, "floor: %d entries could not be read\n", all.errors);
    return 1;
  }
  return 0;
}
