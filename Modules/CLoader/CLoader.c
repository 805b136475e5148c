#include "CLoader.h"

#include <dlfcn.h>
#include <stdio.h>

int cloader_load(
    const char *path, const CLoaderSymbol *symbols, size_t count, const char *needed, char *error, size_t errorSize) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(error, errorSize, "%s", reason != NULL ? reason : "dlopen failed");
        return -1;
    }
    for (size_t index = 0; index < count; index++) {
        *symbols[index].slot = dlsym(library, symbols[index].name);
        if (*symbols[index].slot == NULL) {
            snprintf(error, errorSize, "%s has no %s (%s is needed)", path, symbols[index].name, needed);
            dlclose(library);
            return -1;
        }
    }
    return 0;
}
