/// The series' e-mail rule, without a regular expression.
///
/// A valid address is a user part of 1–32 characters from `[A-Za-z0-9._%+-]` that
/// starts and ends with a letter or digit, an `@`, 1–5 labels each followed by a dot
/// (letters, digits and inner hyphens, 1–32 characters), and a top-level domain of
/// 2–8 letters. Non-ASCII characters and spaces are never valid.
public enum EmailAddress {
    /// Whether `candidate` satisfies the rule.
    public static func isValid(_ candidate: String) -> Bool {
        let parts = candidate.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return isValidPart(parts[0], alsoAllowing: "._%+-") && isValidDomain(parts[1])
    }

    private static func isValidDomain(_ domain: Substring.UTF8View.SubSequence) -> Bool {
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (2...6).contains(labels.count), let tld = labels.last else { return false }
        guard (2...8).contains(tld.count), tld.allSatisfy(isLetter) else { return false }
        return labels.dropLast().allSatisfy { isValidPart($0, alsoAllowing: "-") }
    }

    /// Whether `part` (the user part, or a label) has 1–32 characters, letters and digits and
    /// those of `extra`, and starts and ends with a letter or digit.
    private static func isValidPart(_ part: Substring.UTF8View.SubSequence, alsoAllowing extra: String) -> Bool {
        guard (1...32).contains(part.count), let first = part.first, let last = part.last,
            isAlphanumeric(first), isAlphanumeric(last)
        else { return false }
        return part.allSatisfy { isAlphanumeric($0) || extra.utf8.contains($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
