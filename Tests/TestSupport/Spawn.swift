import Foundation

#if canImport(Glibc)
    /// glibc's functions that its headers declare only for `_GNU_SOURCE`, looked up at run time.
    enum CFunction {
        /// `pipe2(2)`: a pipe created close-on-exec in one step.
        static let pipe2 = lookUp("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)

        /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): closes every descriptor
        /// from a number up in the child.
        static let addCloseFrom = lookUp(
            "posix_spawn_file_actions_addclosefrom_np",
            as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

        private static func lookUp<F>(_ name: String, as type: F.Type) -> F? {
            dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }  // RTLD_DEFAULT
        }
    }
#endif

/// `posix_spawn` with the settings ``SpawnedProcess`` promises.
enum Spawn {
    /// Starts `path` with `argv` in a new process group, its standard streams on the given
    /// descriptors (`nil`: the test process's own), every signal at its default and none blocked.
    static func start(
        _ path: String, _ argv: [String], environment: [String: String]?, standardStreams: [Int32?]
    ) throws -> pid_t {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
            let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        #else
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
            // Darwin closes in the child every descriptor the actions do not name.
            let flags =
                POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_CLOEXEC_DEFAULT
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, source) in standardStreams.enumerated() {
            if let source { posix_spawn_file_actions_adddup2(&actions, source, Int32(target)) }
        }
        #if canImport(Glibc)
            _ = CFunction.addCloseFrom?(&actions, 3)  // else close-on-exec alone keeps ours out
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let environment = environment ?? ProcessInfo.processInfo.environment
        let arguments = CStrings(argv)
        let variables = CStrings(environment.map { "\($0.key)=\($0.value)" })
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, arguments.pointers, variables.pointers)
        guard code == 0 else { throw SpawnError.system("posix_spawn \(path)", code) }
        return pid
    }
}

/// A NULL-terminated array of C strings, freed with it.
private final class CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

    init(_ strings: [String]) {
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    deinit {
        var index = 0
        while let string = pointers[index] {
            free(string)
            index += 1
        }
        pointers.deallocate()
    }
}
