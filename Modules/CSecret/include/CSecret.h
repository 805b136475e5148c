// The few parts of libsecret's and GLib's stable ABI the keyring adapter uses, declared
// here so that nothing of theirs is needed to build: libsecret-1.so.0 (and the GLib it
// links) is loaded at run time (csecret_load). Flag values and the schema's layout are
// libsecret's own (libsecret/secret-schema.h, secret-service.h, secret-types.h; stable
// since 0.18). Only the non-variadic ("v") calls are used, so Swift calls them directly.
#ifndef CSECRET_H
#define CSECRET_H

#include <stddef.h>

typedef void CSecretService;
typedef void CSecretCollection;
typedef void CSecretItem;
typedef void CSecretValue;
typedef void CGHashTable;
typedef void CGCancellable;

/// A GError: its domain, code and message.
typedef struct {
    unsigned int domain;
    int code;
    char *message;
} CGError;

/// A GList node.
typedef struct CGList {
    void *data;
    struct CGList *next;
    struct CGList *prev;
} CGList;

/// A SecretSchemaAttribute and a SecretSchema, laid out as libsecret declares them.
typedef struct {
    const char *name;
    int type;  // SECRET_SCHEMA_ATTRIBUTE_STRING is 0
} CSecretSchemaAttribute;

typedef struct {
    const char *name;
    int flags;
    CSecretSchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} CSecretSchema;

enum {
    CSECRET_SERVICE_OPEN_SESSION = 1 << 1,
    CSECRET_SERVICE_LOAD_COLLECTIONS = 1 << 2,
    CSECRET_SEARCH_ALL = 1 << 1,
    CSECRET_SEARCH_LOAD_SECRETS = 1 << 3,
    CSECRET_COLLECTION_NONE = 0,
};

/// The functions used, resolved with dlsym from libsecret and the GLib libraries it loads.
typedef struct {
    CSecretService *(*service_get_sync)(int flags, CGCancellable *cancellable, CGError **error);
    CSecretCollection *(*collection_for_alias_sync)(
        CSecretService *service, const char *alias, int flags, CGCancellable *cancellable, CGError **error);
    char *(*collection_get_label)(CSecretCollection *collection);
    int (*collection_get_locked)(CSecretCollection *collection);
    const char *(*proxy_get_object_path)(void *proxy);
    int (*password_storev_sync)(
        const CSecretSchema *schema, CGHashTable *attributes, const char *collection, const char *label,
        const char *password, CGCancellable *cancellable, CGError **error);
    int (*password_clearv_sync)(
        const CSecretSchema *schema, CGHashTable *attributes, CGCancellable *cancellable, CGError **error);
    CGList *(*service_search_sync)(
        CSecretService *service, const CSecretSchema *schema, CGHashTable *attributes, int flags,
        CGCancellable *cancellable, CGError **error);
    CGHashTable *(*item_get_attributes)(CSecretItem *item);
    int (*item_get_locked)(CSecretItem *item);
    CSecretValue *(*item_get_secret)(CSecretItem *item);
    const char *(*value_get_text)(CSecretValue *value);
    void (*value_unref)(CSecretValue *value);
    CGHashTable *(*hash_table_new)(void *hash, void *equal);
    int (*hash_table_insert)(CGHashTable *table, void *key, void *value);
    void *(*hash_table_lookup)(CGHashTable *table, const void *key);
    void (*hash_table_unref)(CGHashTable *table);
    void *str_hash;
    void *str_equal;
    CGCancellable *(*cancellable_new)(void);
    void (*cancellable_cancel)(CGCancellable *cancellable);
    void (*object_unref)(void *object);
    void (*list_free)(CGList *list);
    void (*error_free)(CGError *error);
    const char *(*quark_to_string)(unsigned int quark);
    void (*free)(void *memory);
} CSecretFunctions;

/// The schema of the project's items: `com.cocoacasts.Session`, with the string
/// attributes `application` and `origin` (libsecret adds `xdg:schema` with the name).
const CSecretSchema *csecret_session_schema(void);

/// Loads `path` (libsecret-1.so.0) and resolves every function; on failure returns -1
/// and writes why into `error`.
int csecret_load(const char *path, CSecretFunctions *functions, char *error, size_t errorSize);

#endif
