#ifndef CLOADER_H
#define CLOADER_H

#include <stddef.h>

/// A function of a library and where its address goes.
typedef struct {
    const char *name;
    void **slot;
} CLoaderSymbol;

/// Opens the library at `path` (`dlopen`, now and locally) and fills every symbol's slot.
/// Returns 0, or -1 with `error` holding why, the library closed again: the loader's own
/// words, or the first function missing and what is `needed` (`libcurl 7.68 or later`).
int cloader_load(
    const char *path, const CLoaderSymbol *symbols, size_t count, const char *needed, char *error, size_t errorSize);

#endif
