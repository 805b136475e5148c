#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HTTP's dates (RFC 9110 §5.6.7), as `Retry-After`, `Date` and `Last-Modified` carry them.
///
/// A sender uses the IMF-fixdate form, `Sun, 06 Nov 1994 08:49:37 GMT`; a recipient must
/// also accept the two obsolete ones, RFC 850's `Sunday, 06-Nov-94 08:49:37 GMT` and
/// asctime's `Sun Nov  6 08:49:37 1994`. Names and `GMT` are matched exactly, as the
/// grammar spells them; the day of the week is not checked against the date.
public enum HTTPDate {
    static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `date` as an IMF-fixdate, its fraction of a second dropped.
    public static func format(_ date: Date) -> String {
        let time = CivilTime(date)
        return "\(dayNames[time.weekday]), \(CivilTime.digits(time.day, 2)) \(monthNames[time.month - 1]) "
            + "\(CivilTime.digits(time.year, 4)) \(time.clockText(separator: ":")) GMT"
    }

    /// The moment `text` names in any of the three forms, or `nil` for anything else (a
    /// date that does not exist, such as 30 February, included). An RFC 850 date's two-digit
    /// year puts it within 50 years of `now`, as the RFC asks: a date that would be more than
    /// 50 years ahead is in the century before.
    public static func parse(_ text: some StringProtocol, now: Date = Date()) -> Date? {
        let bytes = Array(text.utf8)
        return imfFixdate(bytes) ?? rfc850(bytes, now: now) ?? asctime(bytes)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`
    private static func imfFixdate(_ bytes: [UInt8]) -> Date? {
        var reader = DateTextReader(bytes)
        guard reader.name(dayNames) != nil, reader.literal(", "), let day = reader.number(digits: 2),
            reader.literal(" "), let month = reader.name(monthNames), reader.literal(" "),
            let year = reader.number(digits: 4), reader.literal(" "), let time = reader.timeOfDay(),
            reader.literal(" GMT"), reader.isAtEnd
        else { return nil }
        return CivilTime(year: year, month: month + 1, day: day, hour: time.0, minute: time.1, second: time.2).date
    }

    /// `Sunday, 06-Nov-94 08:49:37 GMT`
    private static func rfc850(_ bytes: [UInt8], now: Date) -> Date? {
        var reader = DateTextReader(bytes)
        guard reader.name(longDayNames) != nil, reader.literal(", "), let day = reader.number(digits: 2),
            reader.literal("-"), let month = reader.name(monthNames), reader.literal("-"),
            let shortYear = reader.number(digits: 2), reader.literal(" "), let time = reader.timeOfDay(),
            reader.literal(" GMT"), reader.isAtEnd
        else { return nil }
        let today = CivilTime(now)
        var moment = CivilTime(
            year: today.year - today.year % 100 + shortYear, month: month + 1, day: day, hour: time.0,
            minute: time.1, second: time.2)
        // Compared as dates, not years: in mid-2025, 1 Dec '75 is more than 50 years ahead.
        var fiftyYearsAhead = today
        fiftyYearsAhead.year += 50
        var fiftyYearsAgo = today
        fiftyYearsAgo.year -= 50
        if moment.isLater(than: fiftyYearsAhead) {
            moment.year -= 100
        } else if !moment.isLater(than: fiftyYearsAgo) {
            moment.year += 100
        }
        return moment.date
    }

    /// `Sun Nov  6 08:49:37 1994`; also with one space before a one-digit day, as some
    /// servers write it.
    private static func asctime(_ bytes: [UInt8]) -> Date? {
        var reader = DateTextReader(bytes)
        guard reader.name(dayNames) != nil, reader.literal(" "), let month = reader.name(monthNames),
            reader.literal(" ")
        else { return nil }
        let day = reader.literal(" ") ? reader.number(digits: 1) : reader.number(digits: 2) ?? reader.number(digits: 1)
        guard let day, reader.literal(" "), let time = reader.timeOfDay(), reader.literal(" "),
            let year = reader.number(digits: 4), reader.isAtEnd
        else { return nil }
        return CivilTime(year: year, month: month + 1, day: day, hour: time.0, minute: time.1, second: time.2).date
    }
}

/// Reads a date's text from the front, one part at a time; each read that fails leaves
/// the position where it was.
private struct DateTextReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    /// Reads `text` exactly.
    mutating func literal(_ text: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        guard bytes.count - position >= expected.count,
            bytes[position..<(position + expected.count)].elementsEqual(expected)
        else { return false }
        position += expected.count
        return true
    }

    /// Reads one of `names`, matched exactly, and returns its index.
    mutating func name(_ names: [String]) -> Int? {
        for (index, name) in names.enumerated() {
            let utf8 = Array(name.utf8)
            if bytes.count - position >= utf8.count, bytes[position..<(position + utf8.count)].elementsEqual(utf8) {
                position += utf8.count
                return index
            }
        }
        return nil
    }

    /// Reads exactly `digits` ASCII digits.
    mutating func number(digits: Int) -> Int? {
        guard bytes.count - position >= digits else { return nil }
        var value = 0
        for byte in bytes[position..<(position + digits)] {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        position += digits
        return value
    }

    /// Reads `HH:MM:SS`; the ranges are the calendar's to check.
    mutating func timeOfDay() -> (Int, Int, Int)? {
        let start = position
        guard let hour = number(digits: 2), literal(":"), let minute = number(digits: 2), literal(":"),
            let second = number(digits: 2)
        else {
            position = start
            return nil
        }
        return (hour, minute, second)
    }
}
