/// The parts of a file path, as `NSString`'s path methods give them, on the text alone.
///
/// Those methods bridge through CoreFoundation on Linux, which links ICU's tables (some 36 MB)
/// into every binary that names them; these use the standard library only.
public enum Path {
    /// The path without its last component, as `deletingLastPathComponent` gives it:
    /// `/a/b/c` → `/a/b`, `/a/b/` → `/a`, `/a` → `/`, `/` → `/`, `name` → ``.
    public static func parent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let parent = withoutTrailingSlashes(String(trimmed[..<slash]))
        return parent.isEmpty ? "/" : parent
    }

    /// The path's last component, as `lastPathComponent` gives it: `/a/b.json` → `b.json`,
    /// `/a/b/` → `b`, `/` → `/`, and an empty path stays empty.
    public static func lastComponent(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        let last = String(trimmed[trimmed.index(after: slash)...])
        return last.isEmpty ? "/" : last
    }

    /// `path` without the slashes it ends with, unless it is nothing but slashes (then `/`).
    private static func withoutTrailingSlashes(_ path: String) -> String {
        guard path.hasSuffix("/") else { return path }
        let kept = path.reversed().drop { $0 == "/" }
        return kept.isEmpty ? "/" : String(kept.reversed())
    }
}
