// What the CLI needs to serve Swift concurrency on its main thread alone: the runtime's
// hook for jobs bound for the global executor, and Dispatch's entry points for run loops
// that drain the main queue themselves (CoreFoundation's, on Linux). Both are part of the
// Swift toolchain's own libraries, linked with every Swift program.
#ifndef CMAINTHREAD_H
#define CMAINTHREAD_H

/// Hands every job bound for Swift's global executor to `forward` instead, on the thread
/// that enqueues it. Linux only; elsewhere it does nothing and returns 0.
int cmainthread_forward_global_jobs(void (*_Nonnull forward)(void *_Nonnull job));

/// The descriptor that becomes readable when Dispatch's main queue has work; -1 where
/// Dispatch offers none (off Linux).
int cmainthread_main_queue_descriptor(void);

/// Runs what Dispatch's main queue holds, on the calling thread, which must be the main one.
void cmainthread_drain_main_queue(void);

#endif
