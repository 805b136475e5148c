import Domain

extension StoreError {
    /// What a screen says of a failure of the positions kept on this machine (a
    /// ``/Ports/KeptPositionStore``): Domain words every store as the token file, and a kept
    /// position's `path` is its key (a file's is absolute).
    public var keptPositionsMessage: String {
        switch self {
        case let .corrupt(path, detail) where path.hasPrefix("/"):
            "\(path), which keeps positions on this machine, is not valid (\(detail)). It was left untouched: "
                + "fix it, or remove it and lose the positions it keeps."
        case .corrupt(_, let detail):
            "A position kept on this machine is not valid (\(detail)); it was left as it is, and the video's "
                + "next saved position replaces it."
        case let .insecurePermissions(path, mode):
            "\(path), which keeps positions on this machine, has mode \(mode) and may be read by other users. "
                + "Run `chmod 600 \(path)` and try again."
        case let .lockTimeout(path, seconds): "Another process held the lock on \(path) for more than \(seconds) s."
        case let .io(path, detail): "Positions could not be kept in \(path): \(detail)."
        case let .untrustedLocation(path, problem, fix):
            "\(path) \(problem), so another user could change the positions kept there. \(fix)"
        }
    }
}

extension StoreError {
    /// What a screen says of a failure of the watch history (a ``/Ports/WatchHistory``):
    /// Domain words every store as the token file, and a history's `path` is its key unless
    /// the whole file failed (a file's is absolute).
    public var historyMessage: String {
        switch self {
        case let .corrupt(path, detail) where path.hasPrefix("/"):
            "\(path), the watch history, is not valid (\(detail)); it is set aside and started anew when next written."
        case .corrupt(_, let detail):
            "The watch history is not valid (\(detail)); it is started anew when next written."
        case let .insecurePermissions(path, mode):
            "\(path), the watch history, has mode \(mode) and may be read by other users. "
                + "Run `chmod 600 \(path)` and try again."
        case let .lockTimeout(path, seconds): "Another process held the lock on \(path) for more than \(seconds) s."
        case let .io(path, detail) where path.hasPrefix("/"): "The watch history \(path) cannot be used: \(detail)."
        case .io(_, let detail): "The watch history cannot be used: \(detail)."
        case let .untrustedLocation(path, problem, fix):
            "\(path) \(problem), so another user could change the watch history kept there. \(fix)"
        }
    }
}
