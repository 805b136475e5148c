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

/// Why a program could not be started; `description` is the system's words, after the step
/// that failed when it was not the start itself.
public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `errno` of the call that failed (`ENOENT`, `EACCES`, `EMFILE`, …).
    public let code: Int32
    /// The call made before the start that failed (`pipe2` for a ``Subprocess/Stream/pipe``),
    /// or `nil` when `posix_spawn` itself did.
    public let step: String?

    init(code: Int32, step: String? = nil) {
        self.code = code
        self.step = step
    }

    public var description: String { (step.map { "\($0): " } ?? "") + String(cString: strerror(code)) }
}

extension Subprocess {
    /// Starts `executable` (a path) with `arguments` and exactly `environment`; see the
    /// type's notes for what the child inherits and what it does not. A stream that is a
    /// ``Stream/pipe`` gives this process its end as ``standardInput``, ``standardOutput``
    /// or ``standardError``.
    public static func spawn(
        _ executable: String, arguments: [String], environment: [String: String],
        standardInput: Stream = .null, standardOutput: Stream = .inherited, standardError: Stream = .inherited,
        newProcessGroup: Bool = false
    ) throws(SpawnError) -> Subprocess {
        var actions = SpawnActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipes: [PipeEnd?] = []  // this process's ends
        var childEnds: [PipeEnd] = []
        defer { childEnds.forEach { $0.close() } }  // once started, the child's copies are all it needs
        for (target, stream) in [standardInput, standardOutput, standardError].enumerated() {
            var ours: PipeEnd?
            switch stream {
            case .inherited: break
            case .null: posix_spawn_file_actions_addopen(&actions, Int32(target), "/dev/null", O_RDWR, 0)
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
            case .pipe:
                let (reading, writing) = try PipeEnd.makePipe()
                let childs = target == 0 ? reading : writing  // the child reads its input, writes the others
                ours = target == 0 ? writing : reading
                posix_spawn_file_actions_adddup2(&actions, childs.descriptor, Int32(target))
                childEnds.append(childs)
            }
            pipes.append(ours)
        }
        var attributes = SpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
            flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)  // closes every descriptor the actions do not name
        #else
            _ = SystemFunctions.addCloseFrom?(&actions, 3)
        #endif
        if newProcessGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        // Every signal a process can catch or ignore. SIGKILL and SIGSTOP are left out: no
        // process can change their action, so a set naming them asks for the impossible
        // (Foundation's `Process` leaves them out too).
        var catchable = sigset_t()
        sigfillset(&catchable)
        sigdelset(&catchable, SIGKILL)
        sigdelset(&catchable, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &catchable)
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let failure = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard failure == 0 else { throw SpawnError(code: failure) }
        return Subprocess(pid: pid, leadsProcessGroup: newProcessGroup, pipes: pipes)
    }
}
