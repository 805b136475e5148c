#include "CCurl.h"

#include <CLoader.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

typedef int (*EasySetopt)(CCurlEasy *, int, ...);
typedef int (*EasyGetinfo)(CCurlEasy *, int, ...);
typedef int (*MultiSetopt)(CCurlMulti *, int, ...);

int ccurl_load(const char *path, CCurlFunctions *functions, char *error, size_t errorSize) {
    const CLoaderSymbol symbols[] = {
        {"curl_global_init", (void **)&functions->global_init},
        {"curl_easy_init", (void **)&functions->easy_init},
        {"curl_easy_cleanup", (void **)&functions->easy_cleanup},
        {"curl_easy_strerror", (void **)&functions->easy_strerror},
        {"curl_multi_init", (void **)&functions->multi_init},
        {"curl_multi_cleanup", (void **)&functions->multi_cleanup},
        {"curl_multi_add_handle", (void **)&functions->multi_add_handle},
        {"curl_multi_remove_handle", (void **)&functions->multi_remove_handle},
        {"curl_multi_perform", (void **)&functions->multi_perform},
        {"curl_multi_poll", (void **)&functions->multi_poll},
        {"curl_multi_wakeup", (void **)&functions->multi_wakeup},
        {"curl_multi_info_read", (void **)&functions->multi_info_read},
        {"curl_easy_pause", (void **)&functions->easy_pause},
        {"curl_slist_append", (void **)&functions->slist_append},
        {"curl_slist_free_all", (void **)&functions->slist_free_all},
        {"curl_version_info", (void **)&functions->version_info},
        {"curl_easy_setopt", &functions->easy_setopt},
        {"curl_easy_getinfo", &functions->easy_getinfo},
        {"curl_multi_setopt", &functions->multi_setopt},
    };
    return cloader_load(
        path, symbols, sizeof symbols / sizeof symbols[0], "libcurl 7.68 or later", error, errorSize);
}

/// The head of curl_version_info_data, the same in every libcurl.
typedef struct {
    int age;
    const char *version;
} VersionInfoHead;

const char *ccurl_version(const CCurlFunctions *functions) {
    const VersionInfoHead *info = functions->version_info(0);  // CURLVERSION_FIRST
    return info != NULL ? info->version : NULL;
}

int ccurl_easy_setopt_long(const CCurlFunctions *functions, CCurlEasy *easy, int option, long value) {
    return ((EasySetopt)functions->easy_setopt)(easy, option, value);
}

int ccurl_easy_setopt_pointer(const CCurlFunctions *functions, CCurlEasy *easy, int option, const void *value) {
    return ((EasySetopt)functions->easy_setopt)(easy, option, value);
}

int ccurl_easy_setopt_callback(const CCurlFunctions *functions, CCurlEasy *easy, int option, CCurlDataCallback value) {
    return ((EasySetopt)functions->easy_setopt)(easy, option, value);
}

int ccurl_easy_setopt_offset(const CCurlFunctions *functions, CCurlEasy *easy, int option, int64_t value) {
    return ((EasySetopt)functions->easy_setopt)(easy, option, value);
}

int ccurl_easy_getinfo_long(const CCurlFunctions *functions, CCurlEasy *easy, int info, long *value) {
    return ((EasyGetinfo)functions->easy_getinfo)(easy, info, value);
}

int ccurl_multi_setopt_long(const CCurlFunctions *functions, CCurlMulti *multi, int option, long value) {
    return ((MultiSetopt)functions->multi_setopt)(multi, option, value);
}

/// CURLOPT_SOCKOPTFUNCTION: a socket curl opened. CURL_SOCKOPT_OK (0) lets curl go on with it;
/// one past the table's room goes untracked.
static int track_socket(void *context, int socket, int purpose) {
    (void)purpose;
    CCurlSockets *sockets = context;
    if (sockets->count < CCURL_TRACKED_SOCKETS) {
        sockets->sockets[sockets->count++] = socket;
    }
    return 0;
}

/// CURLOPT_CLOSESOCKETFUNCTION: closes a socket of curl's in its place, and forgets it.
static int close_socket(void *context, int socket) {
    CCurlSockets *sockets = context;
    for (int index = 0; index < sockets->count; index++) {
        if (sockets->sockets[index] == socket) {
            sockets->sockets[index] = sockets->sockets[--sockets->count];
            break;
        }
    }
    return close(socket);
}

int ccurl_easy_track_sockets(const CCurlFunctions *functions, CCurlEasy *easy, CCurlSockets *sockets) {
    EasySetopt setopt = (EasySetopt)functions->easy_setopt;
    int codes[] = {
        setopt(easy, CCURLOPT_SOCKOPTFUNCTION, track_socket),
        setopt(easy, CCURLOPT_SOCKOPTDATA, sockets),
        setopt(easy, CCURLOPT_CLOSESOCKETFUNCTION, close_socket),
        setopt(easy, CCURLOPT_CLOSESOCKETDATA, sockets),
    };
    for (size_t index = 0; index < sizeof codes / sizeof codes[0]; index++) {
        if (codes[index] != 0) {
            return codes[index];
        }
    }
    return 0;
}

void ccurl_acknowledge_now(const CCurlSockets *sockets) {
#ifdef TCP_QUICKACK
    int on = 1;
    for (int index = 0; index < sockets->count; index++) {
        // A socket that is not TCP (none of curl's over http and https) refuses it, harmlessly.
        (void)setsockopt(sockets->sockets[index], IPPROTO_TCP, TCP_QUICKACK, &on, sizeof on);
    }
#else
    (void)sockets;
#endif
}
