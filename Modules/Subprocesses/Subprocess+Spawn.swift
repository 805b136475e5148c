#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(Darwin)
    private typealias SpawnAttributes = posix_spawnattr_t?
    private typealias SpawnActions = posix_spawn_file_actions_t?
#else
    private typealias SpawnAttributes = posix_spawnattr_t
    private typealias SpawnActions = posix_spawn_file_actions_t
#endif

/// Why a program could not be started; `description` is the system's words.
public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` of `posix_spawn` (`ENOENT`, `EACCES`, …).
    public let code: Int32
    public var description: String { String(cString: strerror(code)) }
}

extension Subprocess {
    /// Starts `executable` (a path) with `arguments` and exactly `environment`; see the
    /// type's notes for what the child inherits and what it does not.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String],
        standardInput: Stream = .null, standardOutput: Stream = .inherited, standardError: Stream = .inherited,
        newProcessGroup: Bool = false
    ) throws(SpawnError) -> Subprocess {
        var actions = SpawnActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case .inherited: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, target)
            }
        }
        var attributes = SpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
            closeOtherDescriptors(&actions)
        #endif
        if newProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let failure = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard failure == 0 else { throw SpawnError(code: failure) }
        return Subprocess(pid: pid, leadsProcessGroup: newProcessGroup)
    }

    #if !canImport(Darwin)
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

        /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, looked up at run time:
        /// Swift sees glibc's headers without `_GNU_SOURCE`. Every descriptor above 2 is
        /// closed in the child, including any another library left without `O_CLOEXEC`;
        /// with an older glibc, only `O_CLOEXEC` keeps them from the child.
        private static let addCloseFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
            .map { unsafeBitCast($0, to: CloseFrom.self) }

        private static func closeOtherDescriptors(_ actions: inout SpawnActions) {
            _ = addCloseFrom?(&actions, 3)
        }
    #endif
}
