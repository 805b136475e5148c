#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a program this process starts (a player, ffmpeg) is given of this process's
/// environment, and where that program is.
public enum ChildEnvironment {
    /// `environment` without the CLI's own settings (`COCOACASTS_*`: the API token, the
    /// password, the server): a player needs the user's display, audio, locale and its
    /// own configuration (`HOME`, `XDG_CONFIG_HOME`), never a credential of ours.
    public static func forChild(_ environment: [String: String]) -> [String: String] {
        environment.filter { !$0.key.hasPrefix("COCOACASTS_") }
    }

    /// The executable a shell would run for `program`: the name itself when it holds a
    /// `/` (relative to the working directory), else the first match in `PATH` (the
    /// system's default path when `PATH` is unset). `nil` when there is none.
    public static func executable(named program: String, environment: [String: String]) -> String? {
        guard !program.isEmpty else { return nil }
        if program.contains("/") { return isExecutableFile(program) ? program : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + program
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
