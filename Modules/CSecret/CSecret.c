#include "CSecret.h"

#include <CLoader.h>

int csecret_load(const char *path, CSecretFunctions *functions, char *error, size_t errorSize) {
    const CLoaderSymbol symbols[] = {
        {"secret_service_get_sync", (void **)&functions->service_get_sync},
        {"secret_collection_for_alias_sync", (void **)&functions->collection_for_alias_sync},
        {"secret_collection_get_label", (void **)&functions->collection_get_label},
        {"secret_collection_get_locked", (void **)&functions->collection_get_locked},
        {"g_dbus_proxy_get_object_path", (void **)&functions->proxy_get_object_path},
        {"secret_password_storev_sync", (void **)&functions->password_storev_sync},
        {"secret_password_clearv_sync", (void **)&functions->password_clearv_sync},
        {"secret_service_search_sync", (void **)&functions->service_search_sync},
        {"secret_item_get_attributes", (void **)&functions->item_get_attributes},
        {"secret_item_get_locked", (void **)&functions->item_get_locked},
        {"secret_item_get_secret", (void **)&functions->item_get_secret},
        {"secret_value_get_text", (void **)&functions->value_get_text},
        {"secret_value_unref", (void **)&functions->value_unref},
        {"g_hash_table_new", (void **)&functions->hash_table_new},
        {"g_hash_table_insert", (void **)&functions->hash_table_insert},
        {"g_hash_table_lookup", (void **)&functions->hash_table_lookup},
        {"g_hash_table_unref", (void **)&functions->hash_table_unref},
        {"g_str_hash", &functions->str_hash},
        {"g_str_equal", &functions->str_equal},
        {"g_cancellable_new", (void **)&functions->cancellable_new},
        {"g_cancellable_cancel", (void **)&functions->cancellable_cancel},
        {"g_object_unref", (void **)&functions->object_unref},
        {"g_list_free", (void **)&functions->list_free},
        {"g_error_free", (void **)&functions->error_free},
        {"g_quark_to_string", (void **)&functions->quark_to_string},
        {"g_free", (void **)&functions->free},
    };
    return cloader_load(
        path, symbols, sizeof symbols / sizeof symbols[0], "libsecret 0.18 or later", error, errorSize);
}

const CSecretSchema *csecret_session_schema(void) {
    static const CSecretSchema schema = {
        .name = "com.cocoacasts.Session",
        .flags = 0,
        .attributes = {{"application", 0}, {"origin", 0}, {NULL, 0}},
    };
    return &schema;
}
