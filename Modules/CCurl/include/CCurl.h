// The few parts of libcurl's stable ABI the libcurl transport uses, declared here so that
// nothing of curl's is needed to build: libcurl itself is loaded at run time (ccurl_load).
// Option and info numbers are curl's own (include/curl/curl.h, multi.h; unchanged since
// their introduction, as curl guarantees).
#ifndef CCURL_H
#define CCURL_H

#include <stddef.h>
#include <stdint.h>

typedef void CCurlEasy;
typedef void CCurlMulti;

/// A CURLMsg: what curl_multi_info_read reports of a finished transfer.
typedef struct {
    int message;  // CURLMSG_DONE is 1
    CCurlEasy *easy;
    union {
        void *whatever;
        int result;  // the transfer's CURLcode
    } data;
} CCurlMessage;

enum {
    CCURLMSG_DONE = 1,
    CCURL_ERROR_SIZE = 256,
    CCURL_GLOBAL_DEFAULT = 3,
    CCURL_HTTP_VERSION_2TLS = 4,
    CCURLPIPE_MULTIPLEX = 2,
    CCURLPROTO_HTTP = 1,
    CCURLPROTO_HTTPS = 2,
    /// What a write callback returns to pause its transfer; curl hands the same bytes over
    /// again once curl_easy_pause(easy, CCURLPAUSE_CONT) resumes it.
    CCURL_WRITEFUNC_PAUSE = 0x10000001,
    CCURLPAUSE_CONT = 0,
};

/// CURLoption numbers: a type base (long 0, pointer 10000, function 20000, off_t 30000)
/// plus the option's index.
enum {
    CCURLOPT_WRITEDATA = 10001,
    CCURLOPT_URL = 10002,
    CCURLOPT_ERRORBUFFER = 10010,
    CCURLOPT_WRITEFUNCTION = 20011,
    CCURLOPT_HTTPHEADER = 10023,
    CCURLOPT_HEADERDATA = 10029,
    CCURLOPT_CUSTOMREQUEST = 10036,
    CCURLOPT_LOW_SPEED_LIMIT = 19,
    CCURLOPT_LOW_SPEED_TIME = 20,
    CCURLOPT_SUPPRESS_CONNECT_HEADERS = 265,
    CCURLOPT_NOBODY = 44,
    CCURLOPT_POST = 47,
    CCURLOPT_FOLLOWLOCATION = 52,
    CCURLOPT_FRESH_CONNECT = 74,
    CCURLOPT_CAINFO = 10065,
    CCURLOPT_HEADERFUNCTION = 20079,
    CCURLOPT_HTTPGET = 80,
    CCURLOPT_HTTP_VERSION = 84,
    CCURLOPT_CAPATH = 10097,
    CCURLOPT_BUFFERSIZE = 98,
    CCURLOPT_NOSIGNAL = 99,
    CCURLOPT_ACCEPT_ENCODING = 10102,
    CCURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CCURLOPT_TIMEOUT_MS = 155,
    CCURLOPT_CONNECTTIMEOUT_MS = 156,
    CCURLOPT_COPYPOSTFIELDS = 10165,
    CCURLOPT_PROTOCOLS = 181,
    CCURLOPT_PROTOCOLS_STR = 10318,
    CCURLOPT_PIPEWAIT = 237,
    CCURLOPT_QUICK_EXIT = 322,
    CCURLOPT_SOCKOPTFUNCTION = 20148,
    CCURLOPT_SOCKOPTDATA = 10149,
    CCURLOPT_CLOSESOCKETFUNCTION = 20208,
    CCURLOPT_CLOSESOCKETDATA = 10209,
    CCURLMOPT_PIPELINING = 3,
    CCURLMOPT_MAXCONNECTS = 6,
    CCURLMOPT_MAX_HOST_CONNECTIONS = 7,
    CCURLMOPT_MAX_TOTAL_CONNECTIONS = 13,
};

/// CURLINFO numbers: a type base (string 0x100000, long 0x200000) plus the index.
enum {
    CCURLINFO_RESPONSE_CODE = 0x200000 + 2,
};

/// A write or header callback: `count` bytes at `data` (curl passes size 1).
typedef size_t (*CCurlDataCallback)(char *data, size_t size, size_t count, void *context);

/// The functions of libcurl, resolved with dlsym. The variadic ones (the setopt and
/// getinfo calls) are called through the ccurl_ helpers below, which pass each argument
/// as the type curl reads it with.
typedef struct {
    int (*global_init)(long flags);
    CCurlEasy *(*easy_init)(void);
    void (*easy_cleanup)(CCurlEasy *easy);
    const char *(*easy_strerror)(int code);
    CCurlMulti *(*multi_init)(void);
    int (*multi_cleanup)(CCurlMulti *multi);
    int (*multi_add_handle)(CCurlMulti *multi, CCurlEasy *easy);
    int (*multi_remove_handle)(CCurlMulti *multi, CCurlEasy *easy);
    int (*multi_perform)(CCurlMulti *multi, int *running);
    int (*multi_poll)(CCurlMulti *multi, void *extra, unsigned int extraCount, int timeoutMilliseconds, int *ready);
    int (*multi_wakeup)(CCurlMulti *multi);
    CCurlMessage *(*multi_info_read)(CCurlMulti *multi, int *remaining);
    int (*easy_pause)(CCurlEasy *easy, int bitmask);
    void *(*slist_append)(void *list, const char *string);
    void (*slist_free_all)(void *list);
    const void *(*version_info)(int age);
    void *easy_setopt;
    void *easy_getinfo;
    void *multi_setopt;
} CCurlFunctions;

/// Loads the libcurl at `path` (dlopen) and resolves every function above; 0 when all
/// were found, else -1 with the loader's words in `error`.
int ccurl_load(const char *path, CCurlFunctions *functions, char *error, size_t errorSize);
/// The version of the libcurl loaded (`8.5.0`), from curl_version_info: curl_version, which
/// also asks every library curl links for its version, costs a thousand times more.
const char *ccurl_version(const CCurlFunctions *functions);

int ccurl_easy_setopt_long(const CCurlFunctions *functions, CCurlEasy *easy, int option, long value);
int ccurl_easy_setopt_pointer(const CCurlFunctions *functions, CCurlEasy *easy, int option, const void *value);
int ccurl_easy_setopt_callback(const CCurlFunctions *functions, CCurlEasy *easy, int option, CCurlDataCallback value);
int ccurl_easy_setopt_offset(const CCurlFunctions *functions, CCurlEasy *easy, int option, int64_t value);
int ccurl_easy_getinfo_long(const CCurlFunctions *functions, CCurlEasy *easy, int info, long *value);
int ccurl_multi_setopt_long(const CCurlFunctions *functions, CCurlMulti *multi, int option, long value);

/// The sockets curl holds open for one multi handle (at most `CCURL_TRACKED_SOCKETS`), learnt
/// from curl's socket callbacks; touched only by the thread that drives that handle.
enum { CCURL_TRACKED_SOCKETS = 64 };
typedef struct {
    int count;
    int sockets[CCURL_TRACKED_SOCKETS];
} CCurlSockets;

/// Has curl report to `sockets` every socket `easy`'s connections open and close (curl then
/// closes them through it); past the table's room a socket goes untracked (it is only not
/// told to acknowledge at once). 0, or the first error code curl answered an option with.
int ccurl_easy_track_sockets(const CCurlFunctions *functions, CCurlEasy *easy, CCurlSockets *sockets);
/// Tells the kernel to acknowledge at once what each socket received (TCP_QUICKACK, where
/// the system has it): a server whose reply waits for an acknowledgement (Nagle's algorithm
/// holding the reply's last small segment) is not left waiting for a delayed one, up to 40 ms.
void ccurl_acknowledge_now(const CCurlSockets *sockets);

#endif
