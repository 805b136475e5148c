/// The exit statuses of `cocoacasts-preview`, listed in `--help`.
enum HarnessExitCode: Int32, CaseIterable, Sendable {
    /// It worked.
    case success = 0
    /// The bundled fixtures could not be loaded.
    case failure = 1
    /// The command line is wrong (sysexits' EX_USAGE).
    case usage = 64
    /// The gallery could not be written (EX_IOERR).
    case cannotWrite = 74

    /// One line of the table in `--help`.
    var summary: String {
        switch self {
        case .success: "success"
        case .failure: "the bundled preview fixtures could not be loaded"
        case .usage: "wrong usage: unknown option, command or preview name, missing value"
        case .cannotWrite: "the gallery could not be written to the directory"
        }
    }
}
