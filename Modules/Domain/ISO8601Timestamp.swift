#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A UTC moment in ISO 8601's basic format, `20231114T221320Z`: what names a file moved
/// aside at that moment, sorts by time as text, and needs no `ISO8601DateFormatter`, which
/// links ICU and its tables (some 36 MB) into the binary.
public enum ISO8601Timestamp {
    /// `date` as `YYYYMMDDTHHMMSSZ`, its fraction of a second dropped.
    public static func basic(_ date: Date) -> String {
        let time = CivilTime(date)
        return CivilTime.digits(time.year, 4) + CivilTime.digits(time.month, 2) + CivilTime.digits(time.day, 2) + "T"
            + time.clockText(separator: "") + "Z"
    }
}
