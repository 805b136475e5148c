/// A path as a shell word, for a fix the user copies: as it is when it holds nothing a
/// shell would act on, else in single quotes, so that the command runs on the right file.
public func shellQuoted(_ path: String) -> String {
    let plain = path.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || "/._-+~@%,:".unicodeScalars.contains($0)
    }
    return plain ? path : "'" + path.replacing("'", with: #"'\''"#) + "'"
}
