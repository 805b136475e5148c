#include "CMainThread.h"

#include <stddef.h>

#if defined(__linux__)
// Declared by the runtime (include/swift/Runtime/ConcurrencyHooks.def): called with the job
// and the runtime's own enqueue, in Swift's calling convention.
typedef void (*cmainthread_original)(void *job) __attribute__((swiftcall));
extern void (*swift_task_enqueueGlobal_hook)(void *job, cmainthread_original original) __attribute__((swiftcall));

// Declared by libdispatch (private/private.h) for CoreFoundation's run loop.
int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

static void (*forwardJob)(void *job);

__attribute__((swiftcall)) static void enqueueGlobal(void *job, cmainthread_original original) {
    (void)original;
    forwardJob(job);
}

int cmainthread_forward_global_jobs(void (*forward)(void *job)) {
    forwardJob = forward;
    swift_task_enqueueGlobal_hook = enqueueGlobal;
    return 1;
}

int cmainthread_main_queue_descriptor(void) { return _dispatch_get_main_queue_handle_4CF(); }

void cmainthread_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }
#else
int cmainthread_forward_global_jobs(void (*forward)(void *job)) {
    (void)forward;
    return 0;
}

int cmainthread_main_queue_descriptor(void) { return -1; }

void cmainthread_drain_main_queue(void) {}
#endif
